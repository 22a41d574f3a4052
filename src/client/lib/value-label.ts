import type { TFunction } from 'i18next';

export type ValueKind = 'country' | 'city' | 'contactTopic' | 'mediaType' | 'language';

/**
 * Countries, topics, media types and languages are stored in English, as are the cities a search is read
 * as (shared/search-places.ts); known ones are shown translated by the `contacts` texts' `values` (pass
 * that namespace's t). Shared by every page that names them: the media database, lists, coverage feeds, schedules.
 */
export function valueLabel(t: TFunction, kind: ValueKind, value: string): string {
  return t(`values.${kind}.${value}`, { defaultValue: value, keySeparator: '.', nsSeparator: false });
}
