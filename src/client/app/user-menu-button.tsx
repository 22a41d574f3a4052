import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The round button with the user's initial that opens the user menu (drawn before the menu is loaded too). */
export function UserMenuButton({ email, ...props }: { email: string } & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      aria-label={t('nav.userMenu')}
      aria-haspopup="menu"
      data-testid="user-menu"
      className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-700 font-semibold uppercase text-white"
      {...props}
    >
      {email.charAt(0)}
    </button>
  );
}
