import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { cn } from './cn';

/** The page numbers to show: at most `max` buttons around the current page. */
export function pageWindow(page: number, pageCount: number, max = 5): number[] {
  const count = Math.min(max, pageCount);
  let start = Math.max(1, page - Math.floor(count / 2));
  start = Math.min(start, Math.max(1, pageCount - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

/** How many pages a paged answer has: one while it loads or when it holds nothing. */
export function pageCountOf(answer: { total: number; pageSize: number } | undefined): number {
  return answer ? Math.max(1, Math.ceil(answer.total / answer.pageSize)) : 1;
}

export function Pager({
  page,
  pageCount,
  onPageChange,
  numbered = false,
  className,
}: {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  numbered?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t('pager.label')} className={cn('flex flex-wrap items-center gap-2', className)}>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft className="flip-rtl h-4 w-4" aria-hidden />
        {t('pager.previous')}
      </Button>
      {numbered &&
        pageWindow(page, pageCount).map((n) => (
          <Button
            key={n}
            size="sm"
            variant={n === page ? 'primary' : 'secondary'}
            aria-current={n === page ? 'page' : undefined}
            onClick={() => onPageChange(n)}
          >
            {n}
          </Button>
        ))}
      <Button variant="secondary" size="sm" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
        {t('pager.next')}
        <ChevronRight className="flip-rtl h-4 w-4" aria-hidden />
      </Button>
    </nav>
  );
}
