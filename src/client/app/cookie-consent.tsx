import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Cookie } from 'lucide-react';
import { Button } from '../ui/button';

export const CONSENT_KEY = 'cookie-consent';

/** Nashr loads no third-party tag at all; declining still clears analytics cookies a previous tool may have left. */
function expireAnalyticsCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name && /^(_ga|_gid|_gat)/.test(name)) {
      document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    }
  }
}

export function CookieConsent() {
  const { t } = useTranslation();
  const [choice, setChoice] = useState(() => localStorage.getItem(CONSENT_KEY));
  const [details, setDetails] = useState(false);
  if (choice === 'accepted' || choice === 'declined') return null;

  const choose = (value: 'accepted' | 'declined') => {
    localStorage.setItem(CONSENT_KEY, value);
    if (value === 'declined') expireAnalyticsCookies();
    setChoice(value);
  };

  return (
    <div role="dialog" aria-modal="false" aria-labelledby="cookie-title" className="fixed inset-x-0 bottom-0 z-50 p-4">
      <div className="mx-auto max-w-3xl rounded-xl border border-slate-200 bg-white p-5 shadow-2xl">
        <div className="flex items-start gap-3">
          <Cookie className="mt-1 h-6 w-6 shrink-0 text-gold-600" aria-hidden />
          <div className="flex-1">
            <h2 id="cookie-title" className="text-base font-semibold">
              {t('cookies.title')}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{t('cookies.body')}</p>
            {details && (
              <ul className="mt-3 list-disc space-y-1 ps-5 text-sm text-slate-600">
                <li>{t('cookies.essential')}</li>
                <li>{t('cookies.preferences')}</li>
                <li>{t('cookies.noThirdParty')}</li>
              </ul>
            )}
            <div className="mt-4 flex flex-wrap gap-2">
              <Button variant="ghost" size="sm" onClick={() => setDetails((d) => !d)} aria-expanded={details}>
                {details ? t('cookies.hideDetails') : t('cookies.showDetails')}
              </Button>
              <span className="flex-1" />
              <Button variant="secondary" size="sm" onClick={() => choose('declined')}>
                {t('cookies.decline')}
              </Button>
              <Button size="sm" onClick={() => choose('accepted')}>
                {t('cookies.accept')}
              </Button>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
