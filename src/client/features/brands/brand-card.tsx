import { useId, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BarChart3, ChevronDown, Pencil } from 'lucide-react';
import type { Brand } from '../../../shared/brands';
import { formatNumber, isolate } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { cn } from '../../ui/cn';
import { Badge } from '../../ui/feedback';
import { OwnText } from '../../ui/own-text';
import { ArchiveButton, DeleteButton } from './brand-actions';
import { BrandLogo } from './brand-logo';
import { brandName } from '../../lib/brands';
import { NewsroomLink } from './newsroom-link';
import { reportLinkState } from '../../lib/report-origin';

/** A brand's newsroom settings, which the newsroom feature draws (passed in by app/pages/brands-page.tsx). */
export type NewsroomPanelOf = (brandId: string) => ReactNode;

/**
 * One brand in the list: its logo, names, newsroom address and releases sent, the way to its report,
 * and its newsroom settings on demand. Owners and managers (`manage`) also edit, archive and delete it.
 */
export function BrandCard({
  brand,
  manage,
  onEdit,
  newsroom,
}: {
  brand: Brand;
  manage: boolean;
  onEdit: (brand: Brand) => void;
  newsroom: NewsroomPanelOf;
}) {
  const { t, i18n } = useTranslation('brands');
  const location = useLocation();
  // The name in the reader's language first (the Arabic one when there is one), the other below it.
  const primary = brandName(brand, i18n.language);
  const secondary = primary === brand.name ? brand.nameAr : brand.name;
  const name = isolate(primary);
  const [newsroomOpen, setNewsroomOpen] = useState(false);
  const panelId = useId();
  return (
    <li data-testid="brand-card">
      <Card className={cn('p-4', brand.archivedAt && 'bg-slate-50')}>
        <div className="flex items-start gap-4">
          <BrandLogo url={brand.logoUrl} name={brand.name} />
          <div className="min-w-0 flex-1 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <OwnText as="h3" className="max-w-full font-semibold text-slate-900">
                {primary}
              </OwnText>
              {brand.archivedAt && <Badge tone="amber">{t('list.archived')}</Badge>}
              {brand.clientApproval && <Badge tone="blue">{t('list.clientApproval')}</Badge>}
            </div>
            {secondary && (
              <p className="truncate text-sm text-slate-600">
                <bdi dir="auto">{secondary}</bdi>
              </p>
            )}
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-500">
              {brand.newsroomUrl ? (
                <NewsroomLink url={brand.newsroomUrl} />
              ) : (
                <span>{t('list.noNewsroomYet')}</span>
              )}
              <span data-testid="brand-sent">
                {t('list.sent', { count: brand.sentReleases, value: formatNumber(brand.sentReleases) })}
              </span>
            </p>
          </div>
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-1 border-t border-slate-100 pt-3">
          <Link
            to={`/brands/${brand.id}/report`}
            state={reportLinkState(location)}
            className="inline-flex h-8 items-center gap-2 rounded-md px-3 text-sm font-medium text-brand-700 hover:bg-slate-100"
            aria-label={t('actions.reportNamed', { name })}
          >
            <BarChart3 className="h-4 w-4" aria-hidden />
            {t('actions.report')}
          </Link>
          {manage && (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => onEdit(brand)}
              aria-label={t('actions.editNamed', { name })}
            >
              <Pencil className="h-4 w-4" aria-hidden />
              {t('actions.edit')}
            </Button>
          )}
          <Button
            size="sm"
            variant="ghost"
            aria-expanded={newsroomOpen}
            aria-controls={panelId}
            aria-label={t('actions.newsroomNamed', { name })}
            onClick={() => setNewsroomOpen((o) => !o)}
          >
            <ChevronDown
              className={cn('h-4 w-4 transition-transform', newsroomOpen && 'rotate-180')}
              aria-hidden
            />
            {t('actions.newsroom')}
          </Button>
          {manage && <ArchiveButton brand={brand} />}
          {manage && brand.sentReleases === 0 && <DeleteButton brand={brand} />}
        </div>
        {/* Loaded when opened: one request per brand only when asked. */}
        {newsroomOpen && (
          <div id={panelId} className="mt-3 rounded-lg border border-slate-100 p-3">
            {newsroom(brand.id)}
          </div>
        )}
      </Card>
    </li>
  );
}
