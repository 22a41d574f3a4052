import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Download, FileText, Inbox } from 'lucide-react';
import { ERASURE_KEPT, type DataRequest, type ErasureOutcome } from '../../../shared/preferences';
import { downloadFile, errorMessage } from '../../lib/api';
import { formatDate, formatDay, formatNumber, translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { ConfirmDialog } from '../../ui/dialog';
import { Badge, EmptyState } from '../../ui/feedback';
import { noItems, QueryState } from '../../ui/query-state';
import { OwnText } from '../../ui/own-text';
import { Pager, pageCountOf } from '../../ui/pager';
import { useToast } from '../../ui/toast';
import { useDataRequests, useResolveDataRequest } from './admin-preferences-api';

/** What an erasure keeps, as the law asks (the server's list, ERASURE_KEPT), in a sentence. */
const keptText = (t: TFunction, kept: readonly ErasureOutcome['kept'][number][]) =>
  t('dataRequests.kept', { items: kept.map((item) => t(`dataRequests.keptItems.${item}`)).join(t('dataRequests.listSeparator')) });

/** An open request past its due day: the law's month is over, so it stands out. */
const isOverdue = (request: DataRequest, now: number) => request.status === 'open' && new Date(request.dueAt).getTime() < now;

/** Journalists' requests for a copy of their data or its erasure (decision 024): open ones first, the most urgent first. */
export function DataRequestsTab() {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [resolving, setResolving] = useState<DataRequest | null>(null);
  const requests = useDataRequests(page);
  const resolve = useResolveDataRequest();
  const pageCount = pageCountOf(requests.data);
  const now = Date.now();

  const confirmResolve = () => {
    if (!resolving) return;
    resolve.mutate(resolving.id, {
      onSuccess: (answer) =>
        answer.erasure
          ? toast({
              title: t('dataRequests.erasedTitle'),
              description: t('dataRequests.erasedText', {
                lists: formatNumber(answer.erasure.erased.lists),
                events: formatNumber(answer.erasure.erased.events),
                follows: formatNumber(answer.erasure.erased.follows),
                kept: keptText(t, answer.erasure.kept),
              }),
            })
          : toast({ title: t('dataRequests.resolved'), description: resolving.email }),
      onError: (error) => toast({ title: t('toasts.error'), description: translateMessage(errorMessage(error)), variant: 'destructive' }),
      onSettled: () => setResolving(null),
    });
  };

  return (
    <Card>
      <CardHeader title={t('dataRequests.title')} description={t('dataRequests.description')} />
      <CardBody className="space-y-4">
        <QueryState
          query={requests}
          isEmpty={noItems}
          empty={<EmptyState icon={<Inbox className="h-10 w-10" aria-hidden />} title={t('dataRequests.empty')} />}
        >
          {(found) => (
            <ul className="divide-y divide-slate-100" aria-label={t('dataRequests.title')}>
              {found.items.map((request) => {
                const overdue = isOverdue(request, now);
                return (
                  <li key={request.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center" data-testid="data-request">
                    <div className="min-w-0 flex-1 space-y-1">
                      <p className="flex flex-wrap items-center gap-2">
                        <Badge tone={request.kind === 'erasure' ? 'red' : 'blue'}>{t(`dataRequests.kinds.${request.kind}`)}</Badge>
                        <Badge tone={request.status === 'open' ? 'amber' : 'green'}>{t(`dataRequests.statuses.${request.status}`)}</Badge>
                        {overdue && <Badge tone="red">{t('dataRequests.overdue')}</Badge>}
                      </p>
                      <OwnText as="p" address className="font-medium text-slate-900">
                        {request.email}
                      </OwnText>
                      <p className="flex flex-wrap gap-x-3 text-sm text-slate-600">
                        <span>{t('dataRequests.requested', { date: formatDate(request.createdAt, true) })}</span>
                        {request.status === 'open' ? (
                          <span className={overdue ? 'font-semibold text-red-700' : undefined}>
                            {t('dataRequests.due', { date: formatDay(request.dueAt) })}
                          </span>
                        ) : (
                          request.resolvedAt && <span>{t('dataRequests.doneOn', { date: formatDate(request.resolvedAt, true) })}</span>
                        )}
                      </p>
                      {request.kind === 'erasure' && request.status === 'done' && (
                        <p className="text-sm text-slate-600" data-testid="erasure-kept">
                          {keptText(t, ERASURE_KEPT)}
                        </p>
                      )}
                    </div>
                    <DownloadDataButton request={request} />
                    <DownloadDataButton request={request} readable />
                    {request.status === 'open' && (
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => setResolving(request)}
                        aria-label={t('dataRequests.markDoneFor', { email: request.email })}
                      >
                        {t('dataRequests.markDone')}
                      </Button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </QueryState>
        <Pager page={page} pageCount={pageCount} onPageChange={setPage} numbered />
      </CardBody>
      <ConfirmDialog
        open={resolving !== null}
        onOpenChange={(open) => !open && !resolve.isPending && setResolving(null)}
        title={t('dataRequests.confirmTitle')}
        description={resolving ? t(`dataRequests.confirmText.${resolving.kind}`, { email: resolving.email }) : ''}
        confirmLabel={resolving?.kind === 'erasure' ? t('dataRequests.erase') : t('dataRequests.markDone')}
        pending={resolve.isPending}
        destructive={resolving?.kind === 'erasure'}
        onConfirm={confirmResolve}
      />
    </Card>
  );
}

/**
 * What Nashr holds about the journalist, for the super admin to send them (or to keep before an erasure): as
 * JSON, or as a readable document in the journalist's language (`readable`).
 */
function DownloadDataButton({ request, readable = false }: { request: DataRequest; readable?: boolean }) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const url = `/api/admin/data-requests/${encodeURIComponent(request.id)}/${readable ? 'export.html' : 'export'}`;
      await downloadFile(url, readable ? 'nashr-data.html' : 'nashr-data.json');
    } catch (error) {
      toast({ title: t('dataRequests.downloadFailed'), description: translateMessage(errorMessage(error)), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={busy}
      onClick={() => void download()}
      aria-label={t(readable ? 'dataRequests.readableFor' : 'dataRequests.downloadFor', { email: request.email })}
    >
      {!busy && (readable ? <FileText className="h-4 w-4" aria-hidden /> : <Download className="h-4 w-4" aria-hidden />)}
      {t(readable ? 'dataRequests.readable' : 'dataRequests.download')}
    </Button>
  );
}
