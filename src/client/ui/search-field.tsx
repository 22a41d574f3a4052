import { useState } from 'react';
import { Search } from 'lucide-react';
import { Input } from './field';

/** A list's search box (the console's tabs); each change goes back to the first page of results. */
export function SearchField({
  value,
  onChange,
  label,
  placeholder,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder: string;
}) {
  return (
    <div className="relative">
      <Search
        className="pointer-events-none absolute start-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
        aria-hidden
      />
      <Input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        aria-label={label}
        className="ps-9"
      />
    </div>
  );
}

/**
 * A searched list's search and page: a new search goes back to the first page. `search` is what the box
 * shows; pass it through useDebouncedValue before asking the server.
 */
export function useSearchPaging() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const onSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };
  return { search, onSearch, page, setPage };
}
