import type { ReactNode } from 'react';
import { Card } from './card';
import { Skeleton } from './feedback';

/**
 * One figure at the top of a page (the dashboard's, the analytics', the console's): what it counts and its
 * icon on the first line, the figure, a placeholder bar while it loads, and a line under it with `sub`.
 */
export function StatTile({
  label,
  value,
  icon,
  sub,
  pending,
  valueTestId,
}: {
  label: string;
  value?: ReactNode;
  icon: ReactNode;
  sub?: string;
  pending: boolean;
  valueTestId?: string;
}) {
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex items-center justify-between gap-2 text-slate-500">
        <h2 className="text-sm font-medium">{label}</h2>
        <span className="rounded-lg bg-brand-50 p-2 text-brand-700">{icon}</span>
      </div>
      {pending ? (
        <Skeleton className="mt-3 h-8 w-20" />
      ) : (
        <p className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl" data-testid={valueTestId}>
          {value}
        </p>
      )}
      {sub && <p className="mt-1 text-xs text-slate-500">{sub}</p>}
    </Card>
  );
}
