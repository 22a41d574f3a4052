import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Send } from 'lucide-react';
import type { SpendRecord } from '../../../shared/billing';
import { formatDate } from '../../lib/i18n';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { EmptyState, RowsSkeleton } from '../../ui/feedback';
import { QueryState, noItems } from '../../ui/query-state';
import { Pager, pageCountOf } from '../../ui/pager';
import { TableHead } from '../../ui/table';
import { BrandFilter } from '../../ui/brand-filter';
import { brandName, useBrandParam, useBrands } from '../../lib/brands';
import { useSpends } from './billing-api';

const PAGE_SIZE = 20;

/**
 * Issue 28: which releases took a press release from the allowance, and for which brand, so an agency can
 * tell what each client used. Only for those who may see billing (the server answers 403 to the others).
 */
export function SpendsCard() {
  const { t } = useTranslation('billing');
  const brands = useBrands();
  const [brandId, setBrandId] = useBrandParam();
  const [page, setPage] = useState(1);
  const spends = useSpends({ page, pageSize: PAGE_SIZE, brandId: brandId || undefined });
  const pageCount = pageCountOf(spends.data);
  const chooseBrand = (next: string) => {
    setBrandId(next);
    setPage(1);
  };
  return (
    <Card data-testid="spends">
      <CardHeader
        title={t('spends.title')}
        description={t('spends.description')}
        action={<BrandFilter brands={brands.data} value={brandId} onChange={chooseBrand} />}
      />
      <CardBody className="space-y-4">
        <QueryState
          query={spends}
          loading={<RowsSkeleton rows={3} height="h-10" />}
          isEmpty={noItems}
          empty={
            <EmptyState
              icon={<Send className="h-10 w-10" aria-hidden />}
              title={t('spends.empty')}
              description={brandId ? t('spends.emptyBrand') : t('spends.emptyText')}
            />
          }
        >
          {(found) => (
            <div className="overflow-x-auto" aria-busy={spends.isPlaceholderData}>
              <table className="w-full min-w-[36rem] text-sm">
                <TableHead
                  labels={[t('spends.release'), t('spends.brand'), t('spends.status'), t('spends.date')]}
                />
                <tbody>
                  {found.items.map((spend) => (
                    <SpendRow key={spend.releaseId} spend={spend} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </QueryState>
        <Pager page={page} pageCount={pageCount} onPageChange={setPage} numbered />
      </CardBody>
    </Card>
  );
}

function SpendRow({ spend }: { spend: SpendRecord }) {
  const { t, i18n } = useTranslation(['billing', 'releases']);
  // A sent release shows when it went out; one still waiting shows when it is due.
  const when = spend.sentAt ?? spend.scheduledAt;
  return (
    <tr className="border-b border-slate-100 last:border-0">
      <td className="py-3 pe-4">
        <Link to={`/analytics/${spend.releaseId}`} className="font-medium text-brand-700 hover:underline">
          <bdi>{spend.title}</bdi>
        </Link>
      </td>
      <td className="py-3 pe-4">
        <bdi>{brandName(spend.brand, i18n.language)}</bdi>
      </td>
      <td className="py-3 pe-4">
        {t(`status.${spend.status}`, { ns: 'releases', defaultValue: spend.status })}
        <span className="block text-xs text-slate-500">{t(`spends.hold.${spend.hold}`)}</span>
      </td>
      <td className="whitespace-nowrap py-3">{when ? formatDate(when, true) : '—'}</td>
    </tr>
  );
}
