import { useTranslation } from 'react-i18next';
import { Cookie } from 'lucide-react';
import type { ConsentChoice } from '../lib/consent';
import { Button } from './button';

/**
 * The cookie banner, which the app shows until a choice is made (app/cookie-consent.tsx). The public pages'
 * static copies render it hidden with every part present (the details too, hidden), and islands.ts shows it
 * and answers its buttons by their data attributes.
 */
export function CookieBanner({
  details,
  onToggleDetails,
  onChoose,
  hidden = false,
}: {
  details: boolean;
  onToggleDetails?: () => void;
  onChoose?: (choice: ConsentChoice) => void;
  hidden?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby="cookie-title"
      className="fixed inset-x-0 bottom-0 z-50 p-4"
      hidden={hidden}
      data-cookie-banner
    >
      <div className="mx-auto max-w-3xl rounded-xl border border-slate-200 bg-white p-5 shadow-2xl">
        <div className="flex items-start gap-3">
          <Cookie className="mt-1 h-6 w-6 shrink-0 text-gold-600" aria-hidden />
          <div className="flex-1">
            <h2 id="cookie-title" className="text-base font-semibold">
              {t('cookies.title')}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{t('cookies.body')}</p>
            <ul className="mt-3 list-disc space-y-1 ps-5 text-sm text-slate-600" hidden={!details} data-cookie-details-list>
              <li>{t('cookies.essential')}</li>
              <li>{t('cookies.preferences')}</li>
              <li>{t('cookies.noThirdParty')}</li>
            </ul>
            <div className="mt-4 flex flex-wrap gap-2">
              <Button
                variant="ghost"
                size="sm"
                onClick={onToggleDetails}
                aria-expanded={details}
                data-cookie-details
                data-show-label={t('cookies.showDetails')}
                data-hide-label={t('cookies.hideDetails')}
              >
                {details ? t('cookies.hideDetails') : t('cookies.showDetails')}
              </Button>
              <span className="flex-1" />
              <Button variant="secondary" size="sm" onClick={() => onChoose?.('declined')} data-cookie-choice="declined">
                {t('cookies.decline')}
              </Button>
              <Button size="sm" onClick={() => onChoose?.('accepted')} data-cookie-choice="accepted">
                {t('cookies.accept')}
              </Button>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
