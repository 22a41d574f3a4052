import { useTranslation } from 'react-i18next';
import { MapPin } from 'lucide-react';
import { MENA_COUNTRIES } from './company';
import type { FaqItem } from './faq-accordion';

export type FaqId = 'speed' | 'countries' | 'tracking' | 'arabic' | 'mediaTypes';

export function CountryList({ className = '' }: { className?: string }) {
  const { t } = useTranslation('public');
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`} data-testid="country-list">
      {MENA_COUNTRIES.map((code) => (
        <li
          key={code}
          className="inline-flex items-center gap-1 rounded-full border border-brand-100 bg-brand-50 px-3 py-1 text-sm text-brand-800"
        >
          <MapPin className="h-3.5 w-3.5 text-gold-600" aria-hidden />
          {t(`countries.${code}`)}
        </li>
      ))}
    </ul>
  );
}

/** The questions and answers shared by the landing FAQ and the contact page's cards. */
export function useFaqItems(ids: readonly FaqId[]): FaqItem[] {
  const { t } = useTranslation('public');
  return ids.map((id) => ({
    id,
    question: t(`faq.${id}.question`),
    answer:
      id === 'countries' ? (
        <>
          <p>{t('faq.countries.answer')}</p>
          <CountryList className="mt-3" />
        </>
      ) : (
        <p>{t(`faq.${id}.answer`)}</p>
      ),
  }));
}
