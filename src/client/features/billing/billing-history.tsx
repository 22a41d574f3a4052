import { useTranslation } from 'react-i18next';
import { Receipt } from 'lucide-react';
import { errorMessage } from '../../lib/api';
import { formatDate, formatNumber, translateMessage } from '../../lib/i18n';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { Badge, EmptyState, ErrorState, Skeleton } from '../../ui/feedback';
import { TableHead } from '../../ui/table';
import { useBillingHistory } from './billing-api';
import { formatCents } from './format';

/** PRODUCT.md §3 billing history: every purchase with its receipt number, date, plan, amount and balance after. */
export function BillingHistory() {
  const { t } = useTranslation('billing');
  const history = useBillingHistory();
  return (
    <Card>
      <CardHeader title={t('history.title')} description={t('history.description')} />
      <CardBody>
        {history.isPending ? (
          <div className="space-y-2" aria-busy="true">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-10" />
            ))}
          </div>
        ) : history.isError ? (
          <ErrorState
            message={translateMessage(errorMessage(history.error))}
            onRetry={() => void history.refetch()}
          />
        ) : history.data.length === 0 ? (
          <EmptyState
            icon={<Receipt className="h-10 w-10" aria-hidden />}
            title={t('history.empty')}
            description={t('history.emptyText')}
          />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[40rem] text-sm">
              <TableHead
                labels={[
                  t('history.receipt'),
                  t('history.date'),
                  t('history.plan'),
                  t('history.amount'),
                  t('history.balanceAfter'),
                  t('history.status'),
                ]}
              />
              <tbody>
                {history.data.map((payment) => (
                  <tr key={payment.id} className="border-b border-slate-100 last:border-0">
                    <td className="py-3 pe-4 font-mono text-xs" dir="ltr">
                      {payment.receiptNumber}
                    </td>
                    <td className="py-3 pe-4">{formatDate(payment.createdAt, true)}</td>
                    <td className="py-3 pe-4 font-medium text-slate-900">
                      {t(`planNames.${payment.planId}`, { defaultValue: payment.planId })}
                    </td>
                    <td className="py-3 pe-4">{formatCents(payment.amount, payment.currency)}</td>
                    <td className="py-3 pe-4">
                      {payment.balanceAfter === null ? '—' : t('history.releases', { count: payment.balanceAfter, n: formatNumber(payment.balanceAfter) })}
                    </td>
                    <td className="py-3">
                      <Badge tone={payment.status === 'succeeded' ? 'green' : 'slate'}>
                        {t(`history.statuses.${payment.status}`, { defaultValue: payment.status })}
                      </Badge>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
