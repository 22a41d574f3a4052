import type { ReactNode } from 'react';
import { cn } from '../../ui/cn';

/** The kicker, title and subtitle that open each landing section. */
export function SectionHeading({
  id,
  kicker,
  title,
  subtitle,
  inverted = false,
}: {
  id: string;
  kicker: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  inverted?: boolean;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className={cn('text-sm font-semibold tracking-wide uppercase', inverted ? 'text-gold-400' : 'text-gold-700')}>{kicker}</p>
      <h2
        id={id}
        className={cn(
          'mt-2 text-3xl font-bold tracking-tight sm:text-4xl',
          inverted ? 'text-white' : 'text-brand-900',
        )}
      >
        {title}
      </h2>
      {subtitle && (
        <p className={cn('mt-4 text-lg', inverted ? 'text-brand-100' : 'text-slate-600')}>{subtitle}</p>
      )}
    </div>
  );
}
