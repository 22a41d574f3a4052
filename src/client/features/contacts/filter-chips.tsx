import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../lib/i18n';
import type { ContactFilter, Interpretation } from '../../../shared/contacts';
import { valueLabel } from '../../lib/value-label';
import { placesOf, withoutTerm } from './search-reading';
import { MULTI_FILTER_KEYS, isFilterActive, type MultiFilterKey } from './use-contact-filters';

/** `label` names the chip to assistive technology; `shown` is what it displays (user text isolated). */
type Chip = { key: string; label: string; shown?: string; onRemove: () => void };

/** One chip per active filter value, each removable, and "Clear all". */
export function FilterChips({
  filter,
  interpreted,
  onSearch,
  onRemoveValue,
  onLanguage,
  onClearAll,
}: {
  filter: ContactFilter;
  /** Places the query was read as: each a chip whose removal takes its words out of the search (issue 26). */
  interpreted?: Interpretation[];
  onSearch: (search: string) => void;
  onRemoveValue: (key: MultiFilterKey, value: string) => void;
  onLanguage: (language: undefined) => void;
  onClearAll: () => void;
}) {
  const { t } = useTranslation('contacts');
  if (!isFilterActive(filter)) return null;

  const chips: Chip[] = [];
  if (filter.search.trim()) {
    chips.push({
      key: 'search',
      label: t('chips.search', { text: filter.search.trim() }),
      shown: t('chips.search', { text: isolate(filter.search.trim()) }),
      onRemove: () => onSearch(''),
    });
  }
  for (const place of placesOf(interpreted)) {
    const country = valueLabel(t, 'country', place.country);
    const label = t('chips.fromSearch', {
      label: place.city ? t('chips.countryCity', { country, city: valueLabel(t, 'city', place.city) }) : t('chips.country', { country }),
    });
    chips.push({ key: `place:${place.term}:${place.country}`, label, onRemove: () => onSearch(withoutTerm(filter.search, place.term)) });
  }
  for (const key of MULTI_FILTER_KEYS) {
    for (const value of filter[key]) {
      chips.push({
        key: `${key}:${value}`,
        label: valueLabel(t, key, value),
        onRemove: () => onRemoveValue(key, value),
      });
    }
  }
  if (filter.language) {
    chips.push({
      key: 'language',
      label: valueLabel(t, 'language', filter.language),
      onRemove: () => onLanguage(undefined),
    });
  }

  return (
    <div className="flex flex-wrap items-center gap-2" aria-label={t('chips.label')} role="group">
      {chips.map((chip) => (
        <span
          key={chip.key}
          className="inline-flex max-w-full items-center gap-1 rounded-2xl bg-brand-50 py-1 ps-3 pe-1 text-sm text-brand-800"
          data-testid="filter-chip"
        >
          {/* Whole, on as many lines as it needs: a cut chip hid which country or city it applied. */}
          <span className="min-w-0 [overflow-wrap:anywhere]" dir="auto">
            {chip.shown ?? chip.label}
          </span>
          <button
            type="button"
            onClick={chip.onRemove}
            aria-label={t('chips.remove', { label: chip.label })}
            className="shrink-0 self-start rounded-full p-0.5 hover:bg-brand-100"
          >
            <X className="h-3.5 w-3.5" aria-hidden />
          </button>
        </span>
      ))}
      <button
        type="button"
        onClick={onClearAll}
        className="text-sm font-medium text-brand-700 hover:underline"
      >
        {t('chips.clearAll')}
      </button>
    </div>
  );
}
