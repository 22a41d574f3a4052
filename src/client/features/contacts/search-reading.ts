import type { Interpretation } from '../../../shared/contacts';
import { foldText } from '../../../shared/text-fold';

/**
 * The query without the words a place was read from (the server names them folded, as `term`): what
 * removing a "from your search" chip searches, so the country filter it made goes with it.
 */
export function withoutTerm(search: string, term: string): string {
  const parts = new Set(foldText(term).split(' '));
  return search
    .split(/\s+/)
    .filter((word) => word && !parts.has(foldText(word)))
    .join(' ');
}

export type PlaceReading = { term: string; country: string; city?: string };

/** The places a query was read as, one per country and word. */
export function placesOf(interpreted: Interpretation[] | undefined): PlaceReading[] {
  const places: PlaceReading[] = [];
  for (const { term, as } of interpreted ?? []) {
    if (!('country' in as) || places.some((p) => p.term === term && p.country === as.country)) continue;
    places.push({ term, country: as.country, ...('city' in as ? { city: as.city } : {}) });
  }
  return places;
}

/** The topics beat words were read as, in order, once each. */
export const topicsOf = (interpreted: Interpretation[] | undefined): string[] => [
  ...new Set((interpreted ?? []).flatMap(({ as }) => ('topic' in as ? [as.topic] : []))),
];
