import type { ReactNode } from 'react';
import { AlertTriangle, Inbox, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { cn } from './cn';

export function Spinner({ label, className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn('flex items-center justify-center gap-2 text-slate-500', className)}>
      <Loader2 className="h-5 w-5 animate-spin" aria-hidden />
      <span>{label}</span>
    </div>
  );
}

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-slate-200', className)} />;
}

/** Placeholder rows while a list loads, each as tall as `height` (about the height of a row it stands for). */
/** A wide page still loading (busy to assistive technology): a bar where its title goes and a block for its body (`body` is the block's height). */
export function PageSkeleton({ title = 'w-72', body = 'h-96' }: { title?: `w-${number}`; body?: `h-${number}` }) {
  return (
    <main className="mx-auto max-w-7xl space-y-4 px-4 py-8" aria-busy="true">
      <Skeleton className={`h-10 ${title}`} />
      <Skeleton className={`${body} w-full`} />
    </main>
  );
}

export function RowsSkeleton({ rows = 5, height = 'h-12', label }: { rows?: number; height?: `h-${number}`; label?: string }) {
  return (
    <div className="space-y-2" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className={height} />
      ))}
    </div>
  );
}

/** Placeholder rows of people (an avatar, a name and a line, an action at the end with `action`) while they load. */
export function PeopleSkeleton({ label, rows = 5, action = false }: { label: string; rows?: number; action?: boolean }) {
  return (
    <ul className="divide-y divide-slate-100" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="flex items-center gap-3 py-3">
          <Skeleton className="h-9 w-9 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3.5 w-2/3" />
            <Skeleton className="h-3 w-1/2" />
          </div>
          {action && <Skeleton className="h-9 w-32" />}
        </li>
      ))}
    </ul>
  );
}

export function EmptyState({ icon, title, description, action }: { icon?: ReactNode; title: ReactNode; description?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <div className="text-slate-400">{icon ?? <Inbox className="h-10 w-10" aria-hidden />}</div>
      <h3 className="text-base font-semibold text-slate-800">{title}</h3>
      {description && <p className="max-w-md text-sm text-slate-500">{description}</p>}
      {action}
    </div>
  );
}

/** A failed load: what went wrong and a way to try again. */
export function ErrorState({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-6 py-10 text-center">
      <AlertTriangle className="h-8 w-8 text-red-500" aria-hidden />
      <p className="font-medium text-red-800">{t('errors.loadFailed')}</p>
      {message && <p className="text-sm text-red-700">{message}</p>}
      {onRetry && (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {t('actions.tryAgain')}
        </Button>
      )}
    </div>
  );
}

/** The colours a Badge comes in (a status's: status-tones.ts). */
export type Tone = 'slate' | 'green' | 'amber' | 'red' | 'blue' | 'gold';

export function Badge({ children, tone = 'slate', className }: { children: ReactNode; tone?: Tone; className?: string }) {
  const tones: Record<Tone, string> = {
    slate: 'bg-slate-100 text-slate-700',
    green: 'bg-emerald-100 text-emerald-800',
    amber: 'bg-amber-100 text-amber-800',
    red: 'bg-red-100 text-red-800',
    blue: 'bg-brand-100 text-brand-800',
    gold: 'bg-gold-400/30 text-gold-700',
  };
  return <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium', tones[tone], className)}>{children}</span>;
}
