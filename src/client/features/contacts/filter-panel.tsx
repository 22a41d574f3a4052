import { forwardRef, useEffect, useId, useMemo, useRef, useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import * as Popover from '@radix-ui/react-popover';
import { Check, ChevronDown, Search, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ContactFacets, ContactFilter, ContactLanguage, FacetValue } from '../../../shared/contacts';
import { LANGUAGES } from '../../../shared/contacts';
import { topicsByBeat } from '../../../shared/search-beats';
import { formatNumber } from '../../lib/i18n';
import { Input, Label } from '../../ui/field';
import { cn } from '../../ui/cn';
import { valueLabel, type ValueKind } from '../../lib/value-label';
import type { MultiFilterKey } from './use-contact-filters';

export const SEARCH_DEBOUNCE_MS = 300;

type FilterPanelProps = {
  filter: ContactFilter;
  facets: ContactFacets | undefined;
  /** The countries and cities a place word of the search applied (its chip): shown as chosen, from the search. */
  implied?: { country: string[]; city: string[] };
  onValues: (key: MultiFilterKey, values: string[]) => void;
  onLanguage: (language: ContactLanguage | undefined) => void;
};

/** The multi-select menus, in the panel's order, with the facet that counts each. */
const MENUS: Array<{ key: MultiFilterKey; label: string; facet: Exclude<keyof ContactFacets, 'languages'> }> = [
  { key: 'country', label: 'filters.country', facet: 'countries' },
  { key: 'city', label: 'filters.city', facet: 'cities' },
  { key: 'contactTopic', label: 'filters.contactTopics', facet: 'contactTopics' },
  { key: 'mediaType', label: 'filters.mediaType', facet: 'mediaTypes' },
];

/**
 * The left panel of SPEC §2: four multi-selects with live counts (the city's within the chosen country) and the language. The search box
 * (SearchBox) sits above it, outside what a phone folds away.
 */
export function FilterPanel({ filter, facets, implied, onValues, onLanguage }: FilterPanelProps) {
  const { t } = useTranslation('contacts');
  // Cities are chosen within a country: the menu lists the chosen countries' cities (facets under them).
  const hasCountry = filter.country.length > 0 || (implied?.country.length ?? 0) > 0;
  return (
    <div className="space-y-4">
      {MENUS.map(({ key, label, facet }) => (
        <MultiSelect
          key={key}
          kind={key}
          label={t(label)}
          options={facets?.[facet]}
          selected={filter[key]}
          implied={key === 'country' || key === 'city' ? implied?.[key] : undefined}
          disabledHint={key === 'city' && !hasCountry && !filter.city.length ? t('filters.cityNeedsCountry') : undefined}
          onChange={(values) => onValues(key, values)}
        />
      ))}
      <LanguageMenu selected={filter.language} counts={facets?.languages} onChange={onLanguage} />
    </div>
  );
}

/** Typing updates the box at once and the search 300 ms after the last key. */
/** The debounced search of SPEC §2. */
export function SearchBox({
  value,
  onSearch,
  searchesEmail,
}: {
  value: string;
  onSearch: (search: string) => void;
  searchesEmail: boolean;
}) {
  const { t } = useTranslation('contacts');
  const id = useId();
  const [text, setText] = useState(value);
  const lastSent = useRef(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  // A chip removal or "Clear all" changes the search from outside: show it.
  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text === lastSent.current) return;
    const timer = setTimeout(() => {
      lastSent.current = text;
      onSearchRef.current(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <div>
      <Label htmlFor={id}>{t('filters.search')}</Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute start-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
          aria-hidden
        />
        <Input
          id={id}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t(searchesEmail ? 'filters.searchPlaceholder' : 'filters.searchPlaceholderNoEmail')}
          className="ps-9"
          maxLength={200}
        />
      </div>
    </div>
  );
}

function MultiSelect({
  kind,
  label,
  options,
  selected,
  implied = [],
  disabledHint,
  onChange,
}: {
  kind: ValueKind;
  label: string;
  options: FacetValue[] | undefined;
  selected: string[];
  /** Values a word of the search applied: shown as chosen (and "from your search"), removed with its chip. */
  implied?: string[];
  /** Set while the menu cannot be used (a city before a country): said in place of the values. */
  disabledHint?: string;
  onChange: (values: string[]) => void;
}) {
  const { t, i18n } = useTranslation('contacts');
  const [query, setQuery] = useState('');
  const labelId = useId();
  const fromSearch = implied.filter((value) => !selected.includes(value));
  const shownSelected = [...selected, ...fromSearch];

  // Chosen values stay in the menu even when the other filters leave them no match.
  const all = useMemo(() => {
    const list = [...(options ?? [])];
    for (const value of [...selected, ...implied]) if (!list.some((o) => o.value === value)) list.push({ value, count: 0 });
    return list;
  }, [options, selected, implied]);
  // A topic is also found by its beats, in either language ("econ" → Business, Finance, Banking).
  const byBeat = useMemo(() => (kind === 'contactTopic' ? topicsByBeat(query) : new Set<string>()), [kind, query]);
  const shown = query.trim()
    ? all.filter(
        (o) =>
          valueLabel(t, kind, o.value).toLowerCase().includes(query.trim().toLowerCase()) ||
          o.value.toLowerCase().includes(query.trim().toLowerCase()) ||
          (kind === 'contactTopic' && byBeat.has(o.value)),
      )
    : all;

  const toggle = (value: string) =>
    onChange(selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value]);

  return (
    <div>
      <p id={labelId} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </p>
      <Popover.Root onOpenChange={(open) => !open && setQuery('')}>
        <Popover.Trigger asChild>
          <MenuButton labelId={labelId} kind={kind} disabled={disabledHint !== undefined} empty={shownSelected.length === 0}>
            {disabledHint ??
              (shownSelected.length === 0
                ? t('filters.any')
                : shownSelected.length === 1
                  ? valueLabel(t, kind, shownSelected[0])
                  : t('filters.selectedCount', { n: formatNumber(shownSelected.length) }))}
            {disabledHint === undefined && fromSearch.length > 0 && (
              <span className="block text-xs text-slate-500">{t('filters.fromSearch')}</span>
            )}
          </MenuButton>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content align="start" sideOffset={4} dir={i18n.dir()} className={cn(MENU_CLASS, 'w-[var(--radix-popover-trigger-width)]')}>
            {all.length > 10 && (
              <Input
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                placeholder={t('filters.filterOptions')}
                aria-label={t('filters.filterOptionsOf', { label })}
                className="mb-2 h-8"
              />
            )}
            <div role="group" aria-label={label} className="max-h-64 overflow-y-auto">
              {options === undefined && all.length === 0 && (
                <p className="px-2 py-1 text-sm text-slate-500">{t('loadingOptions')}</p>
              )}
              {options !== undefined && shown.length === 0 && (
                <p className="px-2 py-1 text-sm text-slate-500">{t('filters.noOptions')}</p>
              )}
              {shown.map((option) => {
                const implicit = fromSearch.includes(option.value);
                const checked = selected.includes(option.value) || implicit;
                return (
                  <label
                    key={option.value}
                    className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-slate-50"
                    title={implicit ? t('filters.fromSearchHint') : undefined}
                  >
                    <input
                      type="checkbox"
                      className="h-4 w-4 accent-brand-700"
                      checked={checked}
                      // Applied by a word of the search: its chip (or the search) takes it away.
                      disabled={implicit}
                      onChange={() => toggle(option.value)}
                    />
                    <span className="flex-1 truncate">
                      {valueLabel(t, kind, option.value)}
                      {implicit && <span className="ms-1 text-xs text-slate-500">{t('filters.fromSearchShort')}</span>}
                    </span>
                    <span className="text-xs tabular-nums text-slate-500">{formatNumber(option.count)}</span>
                  </label>
                );
              })}
            </div>
            {selected.length > 0 && (
              <button
                type="button"
                onClick={() => onChange([])}
                className="mt-2 flex w-full items-center justify-center gap-1 rounded px-2 py-1 text-sm text-brand-700 hover:bg-brand-50"
              >
                <X className="h-3.5 w-3.5" aria-hidden />
                {t('filters.clearThis')}
              </button>
            )}
            <Popover.Close asChild>
              <button type="button" className="sr-only">
                <Check aria-hidden />
                {t('filters.done')}
              </button>
            </Popover.Close>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}

/** A filter menu's panel, as wide as its button (each kind of menu names that width its own way). */
const MENU_CLASS = 'z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-2 shadow-lg';

/**
 * A filter menu's button, for either kind of menu (asChild): named by its label and what it shows
 * ("Country: Any"), so speech users can say what they see.
 */
const MenuButton = forwardRef<
  HTMLButtonElement,
  {
    labelId: string;
    kind: string;
    empty: boolean;
    children: ReactNode;
  } & ButtonHTMLAttributes<HTMLButtonElement>
>(function MenuButton({ labelId, kind, empty, children, ...button }, ref) {
  const valueId = useId();
  return (
    <button
      ref={ref}
      type="button"
      {...button}
      aria-labelledby={`${labelId} ${valueId}`}
      data-testid={`filter-${kind}`}
      className="flex min-h-10 w-full items-center justify-between gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-start text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-brand-500 disabled:cursor-not-allowed disabled:bg-slate-50"
    >
      <span id={valueId} className={cn('min-w-0', empty && 'text-slate-500')}>
        {children}
      </span>
      <ChevronDown className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
    </button>
  );
});

/** The value "all languages" stands for in the menu (a radio item needs a value). */
const ALL_LANGUAGES = 'all';

/**
 * The language, one of them or all: a menu like the others beside it (a native select looked and read differently
 * from them, in either language), its choices radio items with their counts; a choice closes it.
 */
function LanguageMenu({
  selected,
  counts,
  onChange,
}: {
  selected: ContactLanguage | undefined;
  counts: FacetValue[] | undefined;
  onChange: (language: ContactLanguage | undefined) => void;
}) {
  const { t, i18n } = useTranslation('contacts');
  const labelId = useId();
  const choices = [
    { value: ALL_LANGUAGES, name: t('filters.allLanguages'), count: undefined },
    ...LANGUAGES.map((language) => ({
      value: language,
      name: valueLabel(t, 'language', language),
      count: counts?.find((f) => f.value === language)?.count,
    })),
  ];
  return (
    <div>
      <p id={labelId} className="mb-1 block text-sm font-medium text-slate-700">
        {t('filters.language')}
      </p>
      <DropdownMenu.Root dir={i18n.dir()}>
        <DropdownMenu.Trigger asChild>
          <MenuButton labelId={labelId} kind="language" empty={selected === undefined}>
            {selected === undefined ? t('filters.allLanguages') : valueLabel(t, 'language', selected)}
          </MenuButton>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="start"
            sideOffset={4}
            className={cn(MENU_CLASS, 'w-[var(--radix-dropdown-menu-trigger-width)]')}
            aria-labelledby={labelId}
          >
            <DropdownMenu.RadioGroup
              value={selected ?? ALL_LANGUAGES}
              onValueChange={(value) =>
                onChange(value === ALL_LANGUAGES ? undefined : (value as ContactLanguage))
              }
            >
              {choices.map((choice) => (
                <DropdownMenu.RadioItem
                  key={choice.value}
                  value={choice.value}
                  className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100"
                >
                  <span className="flex h-4 w-4 items-center justify-center" aria-hidden>
                    <DropdownMenu.ItemIndicator>
                      <Check className="h-4 w-4 text-brand-700" />
                    </DropdownMenu.ItemIndicator>
                  </span>
                  <span className="flex-1 truncate">{choice.name}</span>
                  {choice.count !== undefined && (
                    <span className="text-xs tabular-nums text-slate-500">{formatNumber(choice.count)}</span>
                  )}
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}
