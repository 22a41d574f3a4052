import { useTranslation } from 'react-i18next';
import type { MatchedAs } from '../../../shared/contacts';
import { isolate } from '../../lib/i18n';

/**
 * What the search also read the query as ("Also showing Mohamed, Muhammad for mohammed") and, when a
 * word found nothing, the indexed words it may have meant, each one click from a new search.
 */
export function SearchReadings({
  matchedAs,
  suggestions,
  search,
  onSearch,
}: {
  matchedAs?: MatchedAs[];
  suggestions?: string[];
  search: string;
  onSearch: (search: string) => void;
}) {
  const { t } = useTranslation('contacts');
  if (!matchedAs?.length && !suggestions?.length) return null;
  /** The query with the word the suggestion stands for (the one sharing most letters with it) replaced. */
  const withSuggestion = (word: string) => {
    const words = search.trim().split(/\s+/);
    const shared = (a: string) => [...new Set(a.toLowerCase())].filter((letter) => word.includes(letter)).length;
    const replaced = words.reduce((best, w, i) => (shared(w) > shared(words[best]) ? i : best), 0);
    return words.map((w, i) => (i === replaced ? word : w)).join(' ');
  };
  return (
    <div className="space-y-1 text-sm text-slate-600" data-testid="search-readings">
      {matchedAs?.map((reading) => (
        <p key={reading.term}>
          {t('readings.alsoShowing', { term: isolate(reading.term) })}{' '}
          {reading.as.map((as, i) => (
            <span key={as}>
              {i > 0 && t('readings.separator')}
              <bdi className="font-medium text-slate-800">{as}</bdi>
            </span>
          ))}
        </p>
      ))}
      {suggestions?.length ? (
        <p>
          {t('readings.didYouMean')}{' '}
          {suggestions.map((word, i) => (
            <span key={word}>
              {i > 0 && t('readings.separator')}
              <button type="button" className="font-semibold text-brand-700 hover:underline" onClick={() => onSearch(withSuggestion(word))}>
                <bdi>{word}</bdi>
              </button>
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}
