import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, MailCheck } from 'lucide-react';
import type { SendingRates } from '../../../shared/deliverability';
import { formatNumber } from '../../lib/i18n';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { Badge, EmptyState } from '../../ui/feedback';
import { QueryState } from '../../ui/query-state';
import { Pager, pageCountOf } from '../../ui/pager';
import { useDeliverability } from './admin-api';

/**
 * Bounce and complaint rates over 30 days, for the platform and per customer (issue 14): a customer
 * over 0.3 % complaints or 5 % bounces puts every customer's mail at risk, and is listed first.
 */
export function DeliverabilityTab() {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const report = useDeliverability(page);
  const pageCount = pageCountOf(report.data?.customers);

  return (
    <Card>
      <CardHeader
        title={t('deliverability.title')}
        description={
          report.data
            ? t('deliverability.description', {
                days: report.data.windowDays,
                complaints: formatNumber(report.data.thresholds.complaintRate),
                bounces: formatNumber(report.data.thresholds.bounceRate),
              })
            : undefined
        }
      />
      <CardBody className="space-y-6">
        <QueryState query={report}>
          {(answer) => (
            <>
              <section aria-label={t('deliverability.platform')} className="rounded-lg border border-slate-200 p-4">
                <h3 className="flex items-center gap-2 font-semibold text-slate-900">
                  {t('deliverability.platform')}
                  {answer.platform.warning && <WarningBadge />}
                </h3>
                <Rates rates={answer.platform} />
              </section>
              {answer.customers.items.length === 0 ? (
                <EmptyState icon={<MailCheck className="h-10 w-10" aria-hidden />} title={t('deliverability.empty')} />
              ) : (
                <ul className="divide-y divide-slate-100" aria-label={t('deliverability.customers')}>
                  {answer.customers.items.map((customer) => (
                    <li key={customer.workspaceId} className="py-3">
                      <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                        <bdi>{customer.companyName || customer.email}</bdi>
                        <span className="text-xs font-normal text-slate-500" dir="ltr">
                          {customer.email}
                        </span>
                        {customer.warning && <WarningBadge />}
                      </p>
                      <Rates rates={customer} />
                    </li>
                  ))}
                </ul>
              )}
              <Pager page={page} pageCount={pageCount} onPageChange={setPage} numbered />
            </>
          )}
        </QueryState>
      </CardBody>
    </Card>
  );
}

function WarningBadge() {
  const { t } = useTranslation('admin');
  return (
    <Badge tone="red">
      <AlertTriangle className="me-1 inline h-3 w-3" aria-hidden />
      {t('deliverability.warning')}
    </Badge>
  );
}

function Rates({ rates }: { rates: SendingRates }) {
  const { t } = useTranslation('admin');
  return (
    <p className="mt-1 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600">
      <span>{t('deliverability.sent', { value: formatNumber(rates.sent) })}</span>
      <span>{t('deliverability.bounces', { value: formatNumber(rates.bounced), rate: formatNumber(rates.bounceRate) })}</span>
      <span>{t('deliverability.complaints', { value: formatNumber(rates.complaints), rate: formatNumber(rates.complaintRate) })}</span>
    </p>
  );
}
