import { useTranslation } from 'react-i18next';
import { ExternalLink } from 'lucide-react';
import type { Brand } from '../../../shared/brands';

/**
 * A brand's newsroom as the brand itself describes it: its address and whether it is online. What a client
 * seat reads (the newsroom settings, with followers and the switch, are the team's).
 */
export function BrandNewsroomSummary({ brand }: { brand: Brand }) {
  const { t } = useTranslation('brands');
  return (
    <div className="space-y-2 text-sm" data-testid="newsroom-summary">
      {brand.newsroomUrl ? (
        <a
          href={brand.newsroomUrl}
          target="_blank"
          rel="noreferrer"
          dir="ltr"
          className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
        >
          {brand.newsroomUrl}
          <ExternalLink className="h-3.5 w-3.5" aria-hidden />
        </a>
      ) : (
        <p className="text-slate-600">{t('newsroom.notYet')}</p>
      )}
      <p className="font-medium text-slate-800" role="status">
        {brand.newsroomEnabled ? t('newsroom.online') : t('newsroom.offline')}
      </p>
    </div>
  );
}
