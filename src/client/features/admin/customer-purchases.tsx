import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Undo2 } from 'lucide-react';
import type { AdminWorkspaceDetail } from '../../../shared/admin';
import { formatDate, formatNumber } from '../../lib/i18n';
import { formatCents } from '../billing/format';
import { Button } from '../../ui/button';
import { OwnText } from '../../ui/own-text';
import { Cell, DeskSection, DeskTable } from './desk-section';
import { RefundDialog, type Purchase } from './refund-dialog';

/** What the customer bought (with VAT and what was refunded) and what Nashr granted without a payment. */
export function CustomerPurchases({ customer }: { customer: AdminWorkspaceDetail }) {
  const { t } = useTranslation('desk');
  const [refunding, setRefunding] = useState<Purchase | null>(null);
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
                <bdi>{formatCents(purchase.amount, 'usd')}</bdi>
              </Cell>
              <Cell className="whitespace-nowrap">
                <bdi>{formatCents(purchase.vat, 'usd')}</bdi>
              </Cell>
              <Cell className="whitespace-nowrap">
                {purchase.refundedReleases > 0 ? (
                  <>
                    {t('purchases.refundedReleases', { count: purchase.refundedReleases, formatted: formatNumber(purchase.refundedReleases) })}{' '}
                    (<bdi>{formatCents(purchase.refundedAmount, 'usd')}</bdi>)
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
                  onClick={() => setRefunding(purchase)}
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
                <span className="whitespace-nowrap text-slate-500">
                  {grant.grantedBy ? t('grants.by', { name: grant.grantedBy }) : null} {formatDate(grant.createdAt, true)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {refunding && (
        <RefundDialog purchase={refunding} onClose={() => setRefunding(null)} />
      )}
    </DeskSection>
  );
}
