import { useTranslation } from 'react-i18next';
import { ExternalLink } from 'lucide-react';
import type { Brand } from '../../../shared/brands';
import { cn } from '../../ui/cn';

/**
 * A brand's newsroom as the brand itself describes it: its address and whether it is online. What a client
 * seat reads (the newsroom settings, with followers and the switch, are the team's).
 */
export function BrandNewsroomSummary({ brand }: { brand: Brand }) {
  const { t } = useTranslation('brands');
  return (
    <div className="space-y-2 text-sm" data-testid="newsroom-summary">
      {brand.newsroomUrl ? (
        <NewsroomLink url={brand.newsroomUrl} className="font-medium" />
      ) : (
        <p className="text-slate-600">{t('newsroom.notYet')}</p>
      )}
      <p className="font-medium text-slate-800" role="status">
        {brand.newsroomEnabled ? t('newsroom.online') : t('newsroom.offline')}
      </p>
    </div>
  );
}

/** A newsroom's address as a link that opens it, without the scheme, cut at its end when too long. */
export function NewsroomLink({ url, className }: { url: string; className?: string }) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      dir="ltr"
      className={cn(
        'inline-flex min-w-0 max-w-full items-center gap-1 text-brand-700 hover:underline',
        className,
      )}
    >
      <span className="truncate">{url.replace(/^https?:\/\//, '')}</span>
      <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden />
    </a>
  );
}
