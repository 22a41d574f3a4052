import type { MouseEvent } from 'react';
import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../lib/i18n';
import { markLanguagePicked } from '../lib/language-pick';
import { useCurrentUser, useSaveAccountLanguage } from '../lib/session';
import { cn } from './cn';

/**
 * Switches between English and Arabic; the choice is remembered per browser, and by a signed-in account for
 * its emails. It is a link to the page in the other language (?lang=), so the static copy of a public page
 * switches without any script (the server serves that language and remembers it); in the app it switches
 * in place.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const { data: user } = useCurrentUser();
  const saveAccountLanguage = useSaveAccountLanguage();
  const next = i18n.language === 'ar' ? 'en' : 'ar';
  const switchLanguage = (event: MouseEvent) => {
    event.preventDefault();
    setLanguage(next);
    if (!user) markLanguagePicked(next);
    else if (user.language !== next) saveAccountLanguage.mutate(next);
  };
  return (
    <a
      href={`?lang=${next}`}
      hrefLang={next}
      onClick={switchLanguage}
      className={cn('inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium hover:bg-slate-100', className)}
      aria-label={t('language.switchTo', { language: t(`language.${next}`) })}
      data-testid="language-switch"
    >
      <Languages className="h-4 w-4" aria-hidden />
      <span lang={next}>{t(`language.${next}`)}</span>
    </a>
  );
}
