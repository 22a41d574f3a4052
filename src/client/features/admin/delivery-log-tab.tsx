import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { MailSearch, Search } from 'lucide-react';
import { DELIVERY_SEARCH_MIN, type AdminDelivery } from '../../../shared/admin';
import { formatDate, formatNumber } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { Badge, EmptyState } from '../../ui/feedback';
import { noItems, QueryState } from '../../ui/query-state';
import { deliveryTone } from '../../ui/status-tones';
import { Field, Input } from '../../ui/field';
import { OwnText } from '../../ui/own-text';
import { Pager, pageCountOf } from '../../ui/pager';
import { customerPath } from './customer-path';
import { Cell, DeskTable } from './desk-section';
import { useDeliveryLog, type DeliverySearch } from './desk-api';
import { ReleasePicker, type PickedRelease } from './release-picker';

/** The log's search lives in the address (?q=&releaseId=), so a customer's release can link straight to it. */
export const deliveryLogPath = (releaseId: string) => `/admin?${new URLSearchParams({ tab: 'deliveries', releaseId }).toString()}`;

/**
 * Issue 29: "did this journalist get that release, and what did their server say?" Every delivery of an
 * address and/or a release with the server's answer to its latest attempt and what was reported later.
 */
export function DeliveryLogTab() {
  const { t } = useTranslation('desk');
  const [params, setParams] = useSearchParams();
  // ?email= is what older links to the log carry: an address is a part of itself.
  const search: DeliverySearch = { q: params.get('q') ?? params.get('email') ?? '', releaseId: params.get('releaseId') ?? '' };
  const [page, setPage] = useState(1);
  const log = useDeliveryLog(search, page);
  const asked = search.q !== '' || search.releaseId !== '';
  // The release's title, for the picker: as it was picked, else as its deliveries name it (a link from its page).
  const [picked, setPicked] = useState<PickedRelease | null>(null);
  const pickedTitle = picked?.id === search.releaseId ? picked.title : log.data?.items.find((d) => d.releaseId === search.releaseId)?.releaseTitle;
  const release = search.releaseId ? { id: search.releaseId, title: pickedTitle ?? '' } : null;
  const pageCount = pageCountOf(log.data);
  const onSearch = (next: DeliverySearch) => {
    setParams(Object.fromEntries(Object.entries({ tab: 'deliveries', ...next }).filter(([, value]) => value !== '')), { replace: true });
    setPage(1);
  };
  return (
    <Card>
      <CardHeader title={t('deliveryLog.title')} description={t('deliveryLog.description')} />
      <CardBody className="space-y-4">
        <DeliverySearchForm
          key={`${search.q}|${search.releaseId}`}
          initial={search}
          release={release}
          onSearch={(next, chosen) => {
            setPicked(chosen);
            onSearch(next);
          }}
        />
        {asked ? (
          <QueryState
            query={log}
            isEmpty={noItems}
            empty={<EmptyState icon={<MailSearch className="h-10 w-10" aria-hidden />} title={t('deliveryLog.empty')} />}
          >
            {(found) => <DeliveryTable deliveries={found.items} />}
          </QueryState>
        ) : (
          <EmptyState icon={<MailSearch className="h-10 w-10" aria-hidden />} title={t('deliveryLog.before')} />
        )}
        {asked && <Pager page={page} pageCount={pageCount} onPageChange={setPage} numbered />}
      </CardBody>
    </Card>
  );
}

/**
 * Part of a name or address and/or a release picked by title; asked on submit, and on picking a release.
 * A part shorter than the server's minimum is said beside the field before anything is asked.
 */
function DeliverySearchForm({
  initial,
  release,
  onSearch,
}: {
  initial: DeliverySearch;
  release: PickedRelease | null;
  onSearch: (search: DeliverySearch, release: PickedRelease | null) => void;
}) {
  const { t } = useTranslation('desk');
  const [q, setQ] = useState(initial.q);
  const [tooShort, setTooShort] = useState(false);
  const ask = (text: string, chosen: PickedRelease | null) => {
    const part = text.trim();
    const short = part !== '' && [...part].length < DELIVERY_SEARCH_MIN;
    setTooShort(short);
    if (!short) onSearch({ q: part, releaseId: chosen?.id ?? '' }, chosen);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask(q, release);
  };
  return (
    <form role="search" aria-label={t('deliveryLog.title')} onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[2fr_2fr_auto] sm:items-start">
      <Field id="delivery-q" label={t('deliveryLog.q')} error={tooShort ? t('deliveryLog.qHint') : undefined}>
        <Input
          id="delivery-q"
          type="search"
          value={q}
          invalid={tooShort}
          aria-describedby={tooShort ? 'delivery-q-error' : undefined}
          onChange={(e) => setQ(e.target.value)}
          placeholder={t('deliveryLog.qPlaceholder')}
        />
      </Field>
      <ReleasePicker value={release} onChange={(chosen) => ask(q, chosen)} />
      <Button type="submit" className="sm:mt-6">
        <Search className="h-4 w-4" aria-hidden />
        {t('deliveryLog.search')}
      </Button>
    </form>
  );
}

function DeliveryTable({ deliveries }: { deliveries: AdminDelivery[] }) {
  const { t } = useTranslation('desk');
  const columns = ['release', 'email', 'status', 'attempts', 'lastAttempt', 'answer', 'reports', 'replies', 'opens', 'clicks'].map((key) => t(`deliveryLog.columns.${key}`));
  return (
    <DeskTable label={t('deliveryLog.results')} columns={columns}>
      {deliveries.map((delivery) => (
        <tr key={`${delivery.releaseId}|${delivery.email}`} data-testid="delivery-row">
          <Cell>
            <OwnText wrap className="w-fit min-w-40 max-w-64 font-medium text-slate-900">
              {delivery.releaseTitle || t('releases.untitled')}
            </OwnText>
            {delivery.workspace && (
              <Link to={customerPath(delivery.workspace.id)} className="block w-fit max-w-64 text-xs text-brand-700 hover:underline">
                <OwnText>{delivery.workspace.name}</OwnText>
              </Link>
            )}
          </Cell>
          <Cell>
            {/* The address searched for, whole: it is what the operator compares. */}
            <OwnText address className="w-fit whitespace-nowrap">
              {delivery.email}
            </OwnText>
          </Cell>
          <Cell>
            <Badge className="whitespace-nowrap" tone={deliveryTone(delivery.status)}>
              {t(`deliveryLog.statuses.${delivery.status}`, { defaultValue: delivery.status })}
            </Badge>
          </Cell>
          <Cell className="tabular-nums">{formatNumber(delivery.attempts)}</Cell>
          <Cell className="whitespace-nowrap text-slate-600">{delivery.lastAttemptAt ? formatDate(delivery.lastAttemptAt, true) : '—'}</Cell>
          <Cell>
            {delivery.smtpResponse ? (
              // The server's own words, left to right on either screen.
              <code dir="ltr" data-testid="smtp-answer" className="block w-fit min-w-48 max-w-80 whitespace-pre-wrap break-words text-start font-mono text-xs text-slate-700">
                {delivery.smtpResponse}
              </code>
            ) : (
              <span className="text-slate-500">{t('deliveryLog.noAnswer')}</span>
            )}
          </Cell>
          <Cell>
            <LaterReports reports={delivery.reports} />
          </Cell>
          <Cell>
            <Replies replies={delivery.replies} />
          </Cell>
          <Cell className="tabular-nums">{formatNumber(delivery.opens)}</Cell>
          <Cell last className="tabular-nums">
            {formatNumber(delivery.clicks)}
          </Cell>
        </tr>
      ))}
    </DeskTable>
  );
}

/** What the journalist wrote back to the delivery, oldest first: replies, automatic replies, "left". */
function Replies({ replies }: { replies: AdminDelivery['replies'] }) {
  const { t } = useTranslation('desk');
  if (!replies.length) return <span className="text-slate-500">{t('deliveryLog.noReplies')}</span>;
  return (
    <ul className="min-w-36 space-y-1" data-testid="delivery-replies">
      {replies.map((reply, i) => (
        <li key={i} className="text-xs">
          <span className="font-medium text-slate-900">{t(`deliveryLog.replyKinds.${reply.kind}`)}</span>
          <span className="whitespace-nowrap text-slate-500"> · {formatDate(reply.at, true)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Bounce notices and complaints that came back after the server had accepted the message, oldest first. */
function LaterReports({ reports }: { reports: AdminDelivery['reports'] }) {
  const { t } = useTranslation('desk');
  if (!reports.length) return <span className="text-slate-500">{t('deliveryLog.noReports')}</span>;
  return (
    <ul className="min-w-48 space-y-1">
      {reports.map((report, i) => (
        <li key={i} className="text-xs">
          <span className="font-medium text-slate-900">{t(`deliveryLog.reportKinds.${report.kind}`, { defaultValue: report.kind })}</span>
          <span className="whitespace-nowrap text-slate-500"> · {formatDate(report.at, true)}</span>
          {report.detail && (
            <code dir="ltr" className="block w-fit max-w-80 whitespace-pre-wrap break-words text-start font-mono text-slate-600">
              {report.detail}
            </code>
          )}
        </li>
      ))}
    </ul>
  );
}
