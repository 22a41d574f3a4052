import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ContactFilter, ContactLanguage } from '../../../shared/contacts';
import { LANGUAGES } from '../../../shared/contacts';

export type MultiFilterKey = 'country' | 'city' | 'contactTopic' | 'mediaType';
export const MULTI_FILTER_KEYS: MultiFilterKey[] = ['country', 'city', 'contactTopic', 'mediaType'];

const unique = (values: string[]) => [...new Set(values.filter(Boolean))];

export function isFilterActive(filter: ContactFilter): boolean {
  return Boolean(
    filter.search.trim() || filter.language || MULTI_FILTER_KEYS.some((key) => filter[key].length > 0),
  );
}

export function sameFilter(a: ContactFilter, b: ContactFilter): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The filter and page live in the address (?search=…&country=UAE&country=Egypt&page=2), so a filtered
 * view can be shared and survives a reload. Every filter change goes back to page 1.
 */
export function useContactFilters() {
  const [params, setParams] = useSearchParams();

  const filter = useMemo<ContactFilter>(() => {
    const language = params.get('language');
    return {
      search: params.get('search') ?? '',
      country: unique(params.getAll('country')),
      city: unique(params.getAll('city')),
      contactTopic: unique(params.getAll('contactTopic')),
      mediaType: unique(params.getAll('mediaType')),
      language: LANGUAGES.includes(language as ContactLanguage) ? (language as ContactLanguage) : undefined,
      related: params.get('related') === '1',
    };
  }, [params]);

  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const writeFilter = useCallback(
    (next: ContactFilter, options: { replace?: boolean } = {}) => {
      const search = new URLSearchParams();
      if (next.search.trim()) search.set('search', next.search);
      for (const key of MULTI_FILTER_KEYS) next[key].forEach((value) => search.append(key, value));
      if (next.language) search.set('language', next.language);
      if (next.related) search.set('related', '1');
      setParams(search, { replace: options.replace });
    },
    [setParams],
  );

  const setPage = useCallback(
    (nextPage: number) => {
      setParams((current) => {
        const search = new URLSearchParams(current);
        if (nextPage <= 1) search.delete('page');
        else search.set('page', String(nextPage));
        return search;
      });
    },
    [setParams],
  );

  // A new query asks its own question: whether to include a beat's related contacts is asked again.
  const setSearch = useCallback(
    (search: string) => writeFilter({ ...filter, search, related: false }, { replace: true }),
    [filter, writeFilter],
  );
  const setRelated = useCallback((related: boolean) => writeFilter({ ...filter, related }), [filter, writeFilter]);
  const setValues = useCallback(
    (key: MultiFilterKey, values: string[]) => writeFilter({ ...filter, [key]: unique(values) }),
    [filter, writeFilter],
  );
  const removeValue = useCallback(
    (key: MultiFilterKey, value: string) =>
      writeFilter({ ...filter, [key]: filter[key].filter((v) => v !== value) }),
    [filter, writeFilter],
  );
  const setLanguage = useCallback(
    (language: ContactLanguage | undefined) => writeFilter({ ...filter, language }),
    [filter, writeFilter],
  );
  const clearAll = useCallback(
    () => writeFilter({ search: '', country: [], city: [], contactTopic: [], mediaType: [], language: undefined, related: false }),
    [writeFilter],
  );

  return { filter, page, setPage, setSearch, setRelated, setValues, removeValue, setLanguage, clearAll };
}
