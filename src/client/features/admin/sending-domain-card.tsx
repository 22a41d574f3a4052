import { useTranslation } from 'react-i18next';
import { RefreshCw } from 'lucide-react';
import type { DnsRecordStatus } from '../../../shared/sending-domain';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { Badge, RowsSkeleton } from '../../ui/feedback';
import { QueryState } from '../../ui/query-state';
import { useSendingDomain } from './admin-api';

const TONES: Record<DnsRecordStatus, 'green' | 'amber' | 'red'> = { pass: 'green', missing: 'amber', mismatch: 'red', error: 'red' };

/** The DNS records that make our mail trusted (DKIM, SPF, DMARC, the bounce MX), each checked against live DNS. */
export function SendingDomainCard() {
  const { t } = useTranslation('admin');
  const domain = useSendingDomain();
  return (
    <Card>
      <CardHeader
        title={t('sendingDomain.title')}
        description={domain.data ? t('sendingDomain.description', { domain: domain.data.domain }) : undefined}
        action={
          <Button variant="secondary" size="sm" onClick={() => void domain.refetch()} disabled={domain.isFetching}>
            <RefreshCw className={`h-4 w-4 ${domain.isFetching ? 'animate-spin' : ''}`} aria-hidden />
            {t('sendingDomain.check')}
          </Button>
        }
      />
      <CardBody>
        <QueryState query={domain} loading={<RowsSkeleton rows={4} />}>
          {(found) => (
            <ul className="divide-y divide-slate-100" aria-label={t('sendingDomain.records')}>
              {found.records.map((record) => (
                <li key={record.purpose} className="space-y-1 py-3">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                    {/* One MX serves bounces and replies unless REPLY_DOMAIN has a record of its own. */}
                    {t(`sendingDomain.purposes.${record.purpose === 'bounce-mx' && found.replyDomain === found.bounceDomain ? 'bounce-mx-replies' : record.purpose}`)}
                    <Badge tone={TONES[record.status]}>{t(`sendingDomain.statuses.${record.status}`)}</Badge>
                  </p>
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs text-slate-600">
                    <dt>{t('sendingDomain.type')}</dt>
                    <dd className="font-mono">
                      <span dir="ltr">{record.type}</span>
                    </dd>
                    <dt>{t('sendingDomain.name')}</dt>
                    <dd className="break-all font-mono">
                      <span dir="ltr">{record.name}</span>
                    </dd>
                    <dt>{t('sendingDomain.value')}</dt>
                    <dd className="break-all font-mono select-all">
                      <span dir="ltr">{record.value}</span>
                    </dd>
                    {record.found && (
                      <>
                        <dt>{t('sendingDomain.found')}</dt>
                        <dd className="break-all font-mono text-red-700">
                          <span dir="ltr">{record.found}</span>
                        </dd>
                      </>
                    )}
                  </dl>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardBody>
    </Card>
  );
}
