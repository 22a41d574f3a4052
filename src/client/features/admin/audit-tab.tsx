import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollText } from 'lucide-react';
import type { AuditEntry } from '../../../shared/admin';
import { errorMessage } from '../../lib/api';
import { formatDate, translateMessage } from '../../lib/i18n';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { EmptyState, ErrorState } from '../../ui/feedback';
import { Pager } from '../../ui/pager';
import { TableHead } from '../../ui/table';
import { useAudit } from './admin-api';
import { RowsSkeleton } from './search-field';

/** PRODUCT.md §3 audit trail: who changed roles, imported or deleted contacts, lifted suppressions, and when. */
export function AuditTab() {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const audit = useAudit(page);
  const pageCount = audit.data ? Math.max(1, Math.ceil(audit.data.total / audit.data.pageSize)) : 1;
  return (
    <Card>
      <CardHeader title={t('audit.title')} description={t('audit.description')} />
      <CardBody className="space-y-4">
        {audit.isPending ? (
          <RowsSkeleton />
        ) : audit.isError ? (
          <ErrorState
            message={translateMessage(errorMessage(audit.error))}
            onRetry={() => void audit.refetch()}
          />
        ) : audit.data.items.length === 0 ? (
          <EmptyState icon={<ScrollText className="h-10 w-10" aria-hidden />} title={t('audit.empty')} />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[36rem] text-sm">
              <TableHead labels={[t('audit.when'), t('audit.who'), t('audit.action'), t('audit.target')]} />
              <tbody>
                {audit.data.items.map((entry) => (
                  <tr key={entry.id} className="border-b border-slate-100 align-top last:border-0">
                    <td className="whitespace-nowrap py-3 pe-4">{formatDate(entry.createdAt, true)}</td>
                    <td className="py-3 pe-4">
                      <span dir="ltr">{entry.actorEmail ?? t('audit.system')}</span>
                    </td>
                    <td className="py-3 pe-4 font-medium text-slate-900">
                      {t(`audit.actions.${entry.action}`, { defaultValue: entry.action })}
                    </td>
                    <td className="py-3">
                      <span dir="ltr">{entry.target ?? '—'}</span>
                      <AuditDetails entry={entry} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager page={page} pageCount={pageCount} onPageChange={setPage} numbered />
      </CardBody>
    </Card>
  );
}

function AuditDetails({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin');
  const { from, to } = entry.details as { from?: string; to?: string };
  if (entry.action === 'user.role_changed' && from && to) {
    return (
      <p className="text-xs text-slate-500">
        {t('audit.roleChange', {
          from: t(`roles.${from}`, { defaultValue: from }),
          to: t(`roles.${to}`, { defaultValue: to }),
        })}
      </p>
    );
  }
  const summary = Object.entries(entry.details)
    .filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value))
    .map(([key, value]) => `${t(`audit.details.${key}`, { defaultValue: key })}: ${value}`)
    .join(' · ');
  return summary ? <p className="text-xs text-slate-500">{summary}</p> : null;
}
