import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { CityBreadth, RelatedBreadth } from '../../../shared/contacts';
import { formatNumber, isolate } from '../../lib/i18n';
import { valueLabel } from '../../lib/value-label';

/**
 * How far the search reached (issue 37), said plainly: a city word's contacts recorded there and those of
 * its country with no city recorded (shown after them); a beat word's contacts with the word itself and
 * those only its topics reach, offered or shown, one click from the other reading.
 */
export function SearchBreadth({
  city,
  related,
  onRelated,
}: {
  city?: CityBreadth;
  related?: RelatedBreadth;
  onRelated: (related: boolean) => void;
}) {
  const { t, i18n } = useTranslation('contacts');
  // "Business, Finance, or Banking" / «أعمال أو مال أو مصارف», as the language lists alternatives.
  const list = (values: string[], kind: 'city' | 'country' | 'contactTopic') =>
    new Intl.ListFormat(i18n.language, { type: 'disjunction' }).format(values.map((value) => valueLabel(t, kind, value)));
  const relatedNote = related && relatedText(t, related, list(related.topics, 'contactTopic'));
  if (!city && !relatedNote) return null;
  return (
    <div className="space-y-1 rounded-lg border border-sky-100 bg-sky-50 px-3 py-2 text-sm text-sky-900" data-testid="search-breadth">
      {city && (
        <p data-testid="city-breadth">
          {city.withoutCity > 0
            ? t('breadth.cityWidened', {
                inCity: formatNumber(city.inCity),
                cities: list(city.cities, 'city'),
                withoutCity: formatNumber(city.withoutCity),
                countries: list(city.countries, 'country'),
              })
            : t('breadth.cityOnly', { inCity: formatNumber(city.inCity), cities: list(city.cities, 'city') })}
        </p>
      )}
      {relatedNote && related && (
        <p data-testid="related-breadth">
          {relatedNote}
          {related.direct > 0 && (
            <button type="button" className="ms-2 font-semibold text-brand-700 hover:underline" onClick={() => onRelated(!related.included)}>
              {related.included ? t('breadth.onlyDirect') : t('breadth.includeRelated', { more: formatNumber(related.more) })}
            </button>
          )}
        </p>
      )}
    </div>
  );
}

function relatedText(t: TFunction, related: RelatedBreadth, topics: string): string | undefined {
  if (related.more === 0) return undefined;
  const values = { terms: isolate(related.terms.join(' ')), topics, direct: formatNumber(related.direct), more: formatNumber(related.more) };
  if (related.direct === 0) return t('breadth.topicsOnly', values);
  return related.included ? t('breadth.directThenRelated', values) : t('breadth.directOnly', values);
}
