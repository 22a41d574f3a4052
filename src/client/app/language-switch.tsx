import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../lib/i18n';
import { markLanguagePicked } from '../lib/language-pick';
import { useCurrentUser, useSaveAccountLanguage } from '../lib/session';
import { cn } from '../ui/cn';

/** Switches between English and Arabic; the choice is remembered per browser, and by a signed-in account for its emails. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const { data: user } = useCurrentUser();
  const saveAccountLanguage = useSaveAccountLanguage();
  const next = i18n.language === 'ar' ? 'en' : 'ar';
  const switchLanguage = () => {
    setLanguage(next);
    if (!user) markLanguagePicked(next);
    else if (user.language !== next) saveAccountLanguage.mutate(next);
  };
  return (
    <button
      type="button"
      onClick={switchLanguage}
      className={cn('inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium hover:bg-slate-100', className)}
      aria-label={t('language.switchTo', { language: t(`language.${next}`) })}
      data-testid="language-switch"
    >
      <Languages className="h-4 w-4" aria-hidden />
      <span lang={next}>{t(`language.${next}`)}</span>
    </button>
  );
}
