import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';

/**
 * A table (or anything wide) that may be wider than its box: it scrolls sideways in a named region a
 * keyboard can focus (axe `scrollable-region-focusable`), and while something is out of view it says so
 * in words under the box and shades the edge that hides it, in either direction. Fits: no cue, no tab stop.
 */
export function ScrollRegion({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);

  return (
    <div className={className}>
      <div
        ref={ref}
        role="region"
        aria-label={label}
        tabIndex={overflows ? 0 : undefined}
        data-overflows={overflows ? 'true' : 'false'}
        // `relative`: screen-reader-only text (position: absolute) in the table scrolls with it rather than
        // widening the page (in Arabic, a column beyond the start edge made a phone page scroll sideways).
        className={cn('relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600', overflows && 'scroll-shadows')}
      >
        {children}
      </div>
      {overflows && (
        <p className="no-print mt-2 text-xs text-slate-500" data-testid="scroll-cue">
          {t('scrollForMore')}
        </p>
      )}
    </div>
  );
}
