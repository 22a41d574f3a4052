import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Undo2 } from 'lucide-react';
import type { AdminWorkspaceDetail } from '../../../shared/admin';
import { formatDate, formatNumber } from '../../lib/i18n';
import { formatCents } from '../../lib/money';
import { Button } from '../../ui/button';
import { OwnText } from '../../ui/own-text';
import { Cell, DeskSection, DeskTable } from './desk-section';
import { RefundDialog } from './refund-dialog';

/** What the customer bought (with VAT and what was refunded) and what Nashr granted without a payment. */
export function CustomerPurchases({ customer }: { customer: AdminWorkspaceDetail }) {
  const { t } = useTranslation('desk');
  // The id, not the row: after a refusal the page is asked again and the dialog shows the new figures.
  const [refundingId, setRefundingId] = useState<string | null>(null);
  const refunding = customer.purchases.find((purchase) => purchase.id === refundingId);
  const nothing = customer.purchases.length === 0 && customer.grants.length === 0;
  return (
    <DeskSection title={t('purchases.title')} empty={nothing} emptyText={t('purchases.empty')}>
      {customer.purchases.length > 0 && (
        <DeskTable
          label={t('purchases.title')}
          columns={[
            t('purchases.date'),
            t('purchases.releases'),
            t('purchases.amount'),
            t('purchases.vat'),
            t('purchases.refunded'),
            '',
          ]}
        >
          {customer.purchases.map((purchase) => (
            <tr key={purchase.id} data-testid="purchase-row">
              <Cell className="whitespace-nowrap">{formatDate(purchase.createdAt, true)}</Cell>
              <Cell>{formatNumber(purchase.releases)}</Cell>
              <Cell className="whitespace-nowrap">
                <bdi dir="ltr">{formatCents(purchase.amount, 'usd')}</bdi>
              </Cell>
              <Cell className="whitespace-nowrap">
                <bdi dir="ltr">{formatCents(purchase.vat, 'usd')}</bdi>
              </Cell>
              <Cell className="whitespace-nowrap">
                {purchase.refundedReleases > 0 ? (
                  <>
                    {t('purchases.refundedReleases', { count: purchase.refundedReleases, formatted: formatNumber(purchase.refundedReleases) })}{' '}
                    (<bdi dir="ltr">{formatCents(purchase.refundedAmount, 'usd')}</bdi>)
                  </>
                ) : (
                  '—'
                )}
              </Cell>
              <Cell last className="text-end">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={purchase.refundable === 0}
                  title={purchase.refundable === 0 ? t('refund.nothingLeft') : undefined}
                  onClick={() => setRefundingId(purchase.id)}
                  aria-label={t('refund.openFor', { date: formatDate(purchase.createdAt, true) })}
                >
                  <Undo2 className="flip-rtl h-4 w-4" aria-hidden />
                  {t('refund.open')}
                </Button>
              </Cell>
            </tr>
          ))}
        </DeskTable>
      )}
      {customer.grants.length > 0 && (
        <div className="mt-4">
          <h3 className="mb-2 text-sm font-semibold text-slate-800">{t('grants.title')}</h3>
          <ul className="divide-y divide-slate-100 text-sm" data-testid="grants">
            {customer.grants.map((grant) => (
              <li key={grant.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2">
                <span className="font-medium text-slate-900">
                  {t('grants.releases', { count: grant.releases, formatted: formatNumber(grant.releases) })}
                </span>
                <OwnText wrap className="min-w-0 flex-1 text-slate-700">
                  {grant.reason}
                </OwnText>
                <span className="text-slate-500">
                  {grant.grantedBy && (
                    <>
                      {t('grants.by')} <bdi>{grant.grantedBy}</bdi> ·{' '}
                    </>
                  )}
                  <span className="whitespace-nowrap">{formatDate(grant.createdAt, true)}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {refunding && <RefundDialog purchase={refunding} onClose={() => setRefundingId(null)} />}
    </DeskSection>
  );
}
