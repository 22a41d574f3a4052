import type { ReactNode } from 'react';
import { AlertCircle, CheckCircle2, Mail } from 'lucide-react';
import { cn } from './cn';

/** A message at the top of a form or page: a success, a problem, or news about the user's email. */
export function Notice({
  tone,
  title,
  children,
}: {
  tone: 'success' | 'error' | 'info';
  title: string;
  children?: ReactNode;
}) {
  const Icon = tone === 'error' ? AlertCircle : tone === 'info' ? Mail : CheckCircle2;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'mb-4 flex items-start gap-3 rounded-lg border p-4 text-sm',
        tone === 'success' && 'border-emerald-200 bg-emerald-50 text-emerald-900',
        tone === 'error' && 'border-red-200 bg-red-50 text-red-900',
        tone === 'info' && 'border-brand-200 bg-brand-50 text-brand-900',
      )}
    >
      <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <div>
        <p className="font-semibold">{title}</p>
        {children && <div className="mt-1">{children}</div>}
      </div>
    </div>
  );
}
