import type { ReactNode } from 'react';
import { cn } from './cn';

/**
 * The header row of a data table, labels aligned to the start (the end in Arabic). `boxed` is for a
 * table in its own bordered box (cells padded on both sides, header kept in view while it scrolls);
 * otherwise cells are padded at their end only, the last one not at all, like the rows under them.
 */
export function TableHead({ labels, boxed = false }: { labels: ReactNode[]; boxed?: boolean }) {
  return (
    <thead className={cn(boxed && 'sticky top-0 bg-slate-50 text-slate-600')}>
      <tr className={cn(!boxed && 'border-b border-slate-200 text-slate-500')}>
        {labels.map((label, i) => (
          <th
            key={i}
            scope="col"
            className={cn('py-2 text-start font-medium', boxed ? 'px-3' : i < labels.length - 1 && 'pe-4')}
          >
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
