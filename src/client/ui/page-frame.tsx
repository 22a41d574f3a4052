import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Every page's frame: the skip link, the navigation bar when there is one, and the page (#content). The app
 * (app/layout.tsx) and the public pages' static copies (features/public/static-pages.tsx) draw the same one.
 */
export function PageFrame({ nav, children }: { nav?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      {/* The first stop for keyboard users: past the navigation, straight to the page. */}
      <a
        href="#content"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-brand-800 shadow focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
      >
        {t('skipToContent')}
      </a>
      {nav}
      <div id="content" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </div>
    </div>
  );
}
