import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { Activity, ArrowLeft, Download, ExternalLink, Printer } from 'lucide-react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import {
  recipientSorts,
  recipientStatusFilters,
  SENT_STATUSES,
  type RecipientSort,
  type ReleaseAnalytics,
  type ReleaseRecipient,
  type PressRelease,
  type ReleaseStatus,
} from '../../../shared/releases';
import { downloadFile, errorMessage } from '../../lib/api';
import { formatDate, formatDay, formatNumber, formatTime, translateMessage } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/document-title';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { Badge, EmptyState, PageSkeleton, Skeleton } from '../../ui/feedback';
import { QueryState, noItems } from '../../ui/query-state';
import { deliveryTone, releaseTone } from '../../ui/status-tones';
import { Select } from '../../ui/field';
import { Pager, pageCountOf } from '../../ui/pager';
import { useToast } from '../../ui/toast';
import { OwnText } from '../../ui/own-text';
import { cn } from '../../ui/cn';
import { ScrollRegion } from '../../ui/scroll-region';
import { useWideScreen } from '../../ui/use-wide-screen';
import { titleFor } from '../../lib/release-title';
import { countryName } from '../../lib/place-names';
import {
  reportPath,
  useReleaseAnalytics,
  useReleaseForAnalytics,
  useReleaseRecipients,
} from './analytics-api';
import './print-report.css';
import { VersionBreakdown } from './version-breakdown';
import { formatForViewer } from '../../lib/zoned-time';
import { BrandTag } from '../../ui/brand-tag';

/**
 * What the release page shows that other features draw (app/pages/release-analytics-page.tsx passes them in):
 * the people under the title and the lifecycle under the header (releases), the tiered summary and the
 * articles (coverage), the journalists' replies (replies).
 */
export type ReleaseSections = {
  people: (release: PressRelease) => ReactNode;
  lifecycle: (release: PressRelease) => ReactNode;
  tiers: (id: string, data: ReleaseAnalytics, sentAt: string | null) => ReactNode;
  replies: (id: string, data: ReleaseAnalytics | undefined) => ReactNode;
  coverage: (id: string, sentAt: string) => ReactNode;
};

/** Per-release analytics: totals, a chart over time, the recipient table, the CSV report and a printable page. */
export function ReleaseAnalytics({ sections }: { sections: ReleaseSections }) {
  // The brands texts load with the page, not when a client's decision first shows (the spinner again); so
  // do the lifecycle's (the timeline, a return, the gates ahead) and the workspace's roles they name.
  const { t, i18n } = useTranslation(['analytics', 'brands', 'lifecycle', 'workspaces']);
  const { id = '' } = useParams();
  const release = useReleaseForAnalytics(id);
  const analytics = useReleaseAnalytics(id, release.data);
  // The title in the reader's language when the release has that version.
  const title = release.data ? titleFor({ ...release.data, translationTitle: release.data.translation?.title || release.data.translationTitle }, i18n.language) : '';
  useDocumentTitle(release.data ? t('release.pageTitle', { title }) : t('title'));

  return (
    <QueryState
      query={release}
      loading={<PageSkeleton title="w-80" body="h-40" />}
      frame={(state) => <main className="mx-auto max-w-3xl px-4 py-8">{state}</main>}
    >
      {(found) => <Report id={id} release={found} title={title} analytics={analytics} sections={sections} />}
    </QueryState>
  );
}

/** The page while the release loads: a bar where the title goes and a block for what follows. */

/** The release's report once the release is known: its header, and after it went out, its figures. */
function Report({
  id,
  release: r,
  title,
  analytics,
  sections,
}: {
  id: string;
  release: PressRelease;
  title: string;
  analytics: UseQueryResult<ReleaseAnalytics>;
  sections: ReleaseSections;
}) {
  const { t } = useTranslation('analytics');
  const hasGoneOut = SENT_STATUSES.includes(r.status) || !!r.sentAt;
  return (
    <main className="release-report mx-auto max-w-7xl space-y-6 px-4 py-8">
      <Link
        to="/analytics"
        className="no-print inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:underline"
      >
        <ArrowLeft className="flip-rtl h-4 w-4" aria-hidden />
        {t('release.back')}
      </Link>
      <header className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-500">{t('release.report')}</p>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
            <bdi>{title}</bdi>
          </h1>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <BrandTag brand={r.brand} />
            <Badge tone={releaseTone(r.status)}>{t(`status.${r.status}`)}</Badge>
            {r.sentAt && <span>{t('release.sentOn', { when: formatDate(r.sentAt, true) })}</span>}
            {r.status === 'scheduled' && r.scheduledAt && (
              <span>{t('release.scheduledFor', { when: formatForViewer(r.scheduledAt, r.timeZone) })}</span>
            )}
            {r.status === 'sending' && (
              <span className="inline-flex items-center gap-1 text-amber-700" role="status">
                <Activity className="h-4 w-4 animate-pulse" aria-hidden />
                {t('release.live')}
              </span>
            )}
            {r.status === 'sending' && !!analytics.data?.waitingToRetry && (
              <span className="text-amber-700" data-testid="waiting-to-retry">
                {t('release.waitingToRetry', {
                  count: analytics.data.waitingToRetry,
                  value: formatNumber(analytics.data.waitingToRetry),
                })}
              </span>
            )}
          </div>
          <div className="mt-2">{sections.people(r)}</div>
        </div>
        {hasGoneOut && <ReportActions id={id} webUrl={r.webUrl} newsroomUrl={r.newsroomUrl} />}
      </header>
      {sections.lifecycle(r)}
      {/* Before it goes out there is nothing to count: no reports, no zero tiles, no empty table. */}
      {hasGoneOut && (
        <QueryState query={analytics} loading={<Skeleton className="h-48 w-full" />}>
          {(figures) => (
            <>
              {sections.tiers(id, figures, r.sentAt)}
              <DeliveryDetails data={figures} />
              <VersionBreakdown data={figures} />
            </>
          )}
        </QueryState>
      )}
      {hasGoneOut && <RecipientsTable id={id} release={r} />}
      {hasGoneOut && analytics.data && <Timeline data={analytics.data} />}
      {hasGoneOut && sections.replies(id, analytics.data)}
      {r.sentAt && sections.coverage(id, r.sentAt)}
    </main>
  );
}

/** A public page of the release, opened beside the app, styled as the actions next to it. */
function OpensInNewTab({ href, label }: { href: string; label: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      className="inline-flex h-10 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-50"
    >
      <ExternalLink className="h-4 w-4" aria-hidden />
      {label}
    </a>
  );
}

function ReportActions({
  id,
  webUrl,
  newsroomUrl,
}: {
  id: string;
  webUrl: string | null;
  newsroomUrl: string | null;
}) {
  const { t, i18n } = useTranslation('analytics');
  const toast = useToast();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(reportPath(id, i18n.language), 'distribution-report.csv');
    } catch (error) {
      toast({
        title: t('release.downloadFailed'),
        description: translateMessage(errorMessage(error)),
        variant: 'destructive',
      });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <div className="no-print flex flex-wrap gap-2">
      {webUrl && <OpensInNewTab href={webUrl} label={t('release.webVersion')} />}
      {webUrl && newsroomUrl && <OpensInNewTab href={newsroomUrl} label={t('release.newsroom')} />}
      <Button variant="secondary" onClick={download} loading={downloading}>
        {!downloading && <Download className="h-4 w-4" aria-hidden />}
        {t('release.downloadCsv')}
      </Button>
      <Button variant="secondary" onClick={() => window.print()}>
        <Printer className="h-4 w-4" aria-hidden />
        {t('release.print')}
      </Button>
    </div>
  );
}

/**
 * The figures the tiered summary does not show, each once and compact (a line on a phone): what did not
 * arrive, every open and click rather than people, and who asked to stop.
 */
function DeliveryDetails({ data }: { data: ReleaseAnalytics }) {
  const { t } = useTranslation('analytics');
  const items: { key: string; value: string; hint?: string }[] = [
    {
      key: 'bounced',
      value: formatNumber(data.bounced),
      hint: t('totals.softBounces', { value: formatNumber(data.softBounces) }),
    },
    { key: 'complaints', value: formatNumber(data.complaints), hint: t('totals.complaintsHint') },
    { key: 'failed', value: formatNumber(data.failed) },
    { key: 'pending', value: formatNumber(data.pending) },
    { key: 'opens', value: formatNumber(data.opens) },
    { key: 'clicks', value: formatNumber(data.clicks) },
    { key: 'unsubscribes', value: formatNumber(data.unsubscribes) },
  ];
  return (
    <section aria-label={t('details.label')}>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm sm:grid-cols-4 lg:grid-cols-7">
        {items.map((item) => (
          <div
            key={item.key}
            className="flex items-baseline justify-between gap-2 sm:block"
            data-testid={`total-${item.key}`}
            title={item.hint}
          >
            <dt className="text-xs font-medium text-slate-500">{t(`totals.${item.key}`)}</dt>
            <dd className="font-semibold text-slate-900 sm:text-lg">{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Timeline({ data }: { data: ReleaseAnalytics }) {
  const { t, i18n } = useTranslation('analytics');
  const points = data.timeline.map((p) => ({ ...p, label: formatDate(p.at, true) }));
  return (
    <Card>
      <CardHeader title={t('chart.title')} description={t('chart.description')} />
      <CardBody>
        {points.length === 0 ? (
          <p className="py-8 text-center text-sm text-slate-500">{t('chart.empty')}</p>
        ) : (
          <div className="h-72 w-full" dir="ltr" role="img" aria-label={t('chart.title')}>
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={points} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                <XAxis
                  dataKey="label"
                  tick={{ fontSize: 11 }}
                  reversed={i18n.dir() === 'rtl'}
                  minTickGap={24}
                />
                <YAxis
                  allowDecimals={false}
                  tick={{ fontSize: 11 }}
                  width={36}
                  orientation={i18n.dir() === 'rtl' ? 'right' : 'left'}
                />
                <Tooltip />
                <Legend />
                {CHART_SERIES.map((series) => (
                  <Line
                    key={series.key}
                    type="monotone"
                    dataKey={series.key}
                    name={t(`chart.${series.key}`)}
                    stroke={series.colour}
                    strokeWidth={2}
                    dot={false}
                    isAnimationActive={false}
                  />
                ))}
              </LineChart>
            </ResponsiveContainer>
          </div>
        )}
      </CardBody>
    </Card>
  );
}

/** Brand teal for opens, gold for clicks. */
const CHART_SERIES = [
  { key: 'opens', colour: '#175a7a' },
  { key: 'clicks', colour: '#c98f25' },
] as const;

function RecipientsTable({
  id,
  release,
}: {
  id: string;
  release: { status: ReleaseStatus; sentAt: string | null } | undefined;
}) {
  const { t } = useTranslation('analytics');
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<RecipientSort>('sent');
  const [page, setPage] = useState(1);
  const recipients = useReleaseRecipients(id, { page, status: filter || undefined, sort }, release);
  const wide = useWideScreen();
  const pageCount = pageCountOf(recipients.data);

  return (
    <Card>
      <CardHeader
        title={t('recipients.title')}
        description={
          recipients.data
            ? t('recipients.count', {
                count: recipients.data.total,
                value: formatNumber(recipients.data.total),
              })
            : undefined
        }
        action={
          <div className="no-print flex shrink-0 flex-wrap gap-2">
            <Select
              aria-label={t('recipients.sortBy')}
              className="w-44"
              value={sort}
              onChange={(e) => {
                setSort(e.target.value as RecipientSort);
                setPage(1);
              }}
            >
              {recipientSorts.map((s) => (
                <option key={s} value={s}>
                  {t(`recipients.sort.${s}`)}
                </option>
              ))}
            </Select>
            <Select
              className="w-44"
              aria-label={t('recipients.filter')}
              value={filter}
              onChange={(e) => {
                setFilter(e.target.value);
                setPage(1);
              }}
            >
              <option value="">{t('recipients.all')}</option>
              {recipientStatusFilters.map((s) => (
                <option key={s} value={s}>
                  {t(`recipientStatus.${s}`)}
                </option>
              ))}
            </Select>
          </div>
        }
      />
      <CardBody>
        <QueryState
          query={recipients}
          loading={<Skeleton className="h-40 w-full" />}
          isEmpty={noItems}
          empty={<EmptyState title={filter ? t('recipients.noMatches') : t('recipients.empty')} />}
        >
          {(found) => (
            <>
              {wide ? (
                /*
                  One column per figure, the journalist's name, outlet and address stacked in the first, dates over
                  two lines: it fits a laptop's page (1,366 px); between a tablet and that, it scrolls in a named
                  region that says so.
                */
                <ScrollRegion label={t('recipients.title')}>
                  <table className="w-full text-sm" data-testid="recipients-table">
                    <thead className="text-start text-xs uppercase text-slate-500">
                      <tr>
                        <Th>{t('recipients.journalist')}</Th>
                        <Th>{t('recipients.country')}</Th>
                        <Th>{t('recipients.language')}</Th>
                        <Th>{t('recipients.status')}</Th>
                        <Th>{t('recipients.sentAt')}</Th>
                        <Th>{t('recipients.firstOpen')}</Th>
                        <Th>{t('recipients.opens')}</Th>
                        <Th>{t('recipients.clicks')}</Th>
                        <Th>{t('recipients.downloads')}</Th>
                        <Th>{t('recipients.replied')}</Th>
                        <Th>{t('recipients.lastActivity')}</Th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100">
                      {found.items.map((row) => (
                        <RecipientRow key={row.id} row={row} />
                      ))}
                    </tbody>
                  </table>
                </ScrollRegion>
              ) : (
                // On a phone, one card per journalist: every figure named, nothing to scroll sideways.
                <ul className="divide-y divide-slate-100" aria-label={t('recipients.title')} data-testid="recipients-cards">
                  {found.items.map((row) => (
                    <RecipientCard key={row.id} row={row} />
                  ))}
                </ul>
              )}
              <Pager
                className="no-print mt-4"
                page={page}
                pageCount={pageCount}
                onPageChange={setPage}
                numbered
              />
            </>
          )}
        </QueryState>
      </CardBody>
    </Card>
  );
}

function Th({ children }: { children: ReactNode }) {
  return <th className="px-2 py-2 text-start align-bottom font-medium">{children}</th>;
}

/** A date over two lines (day, then time), so the table's date columns stay narrow. */
function DateCell({ value }: { value: string | null }) {
  return (
    <td className="px-2 py-2 text-slate-600">
      {value ? (
        <>
          <span className="block whitespace-nowrap">{formatDay(value)}</span>
          <span className="block whitespace-nowrap text-xs text-slate-500">{formatTime(value)}</span>
        </>
      ) : (
        '—'
      )}
    </td>
  );
}

function RecipientRow({ row }: { row: ReleaseRecipient }) {
  return (
    <tr>
      <td className="px-2 py-2">
        <RecipientWho row={row} column />
      </td>
      <td className="whitespace-nowrap px-2 py-2 text-slate-600">
        <RecipientCountry row={row} />
      </td>
      <td className="whitespace-nowrap px-2 py-2 text-slate-600">
        <RecipientLanguage row={row} />
      </td>
      <td className="px-2 py-2">
        <RecipientStatus row={row} />
      </td>
      <DateCell value={row.sentAt} />
      <DateCell value={row.firstOpenAt} />
      <td className="px-2 py-2">{formatNumber(row.opens)}</td>
      <td className="px-2 py-2">{formatNumber(row.clicks)}</td>
      <td className="px-2 py-2">{formatNumber(row.downloads)}</td>
      <td className="px-2 py-2">
        <RecipientReplied row={row} />
      </td>
      <DateCell value={row.lastActivityAt} />
    </tr>
  );
}

/** A journalist on a phone: who, their state, then each figure under its name. */
function RecipientCard({ row }: { row: ReleaseRecipient }) {
  const { t } = useTranslation('analytics');
  const when = (value: string | null) => (value ? formatDate(value, true) : '—');
  const figures: [string, ReactNode][] = [
    [t('recipients.country'), <RecipientCountry key="country" row={row} />],
    [t('recipients.language'), <RecipientLanguage key="language" row={row} />],
    [t('recipients.sentAt'), when(row.sentAt)],
    [t('recipients.firstOpen'), when(row.firstOpenAt)],
    [t('recipients.opens'), formatNumber(row.opens)],
    [t('recipients.clicks'), formatNumber(row.clicks)],
    [t('recipients.downloads'), formatNumber(row.downloads)],
    [t('recipients.replied'), <RecipientReplied key="replied" row={row} />],
    [t('recipients.lastActivity'), when(row.lastActivityAt)],
  ];
  return (
    <li className="space-y-2 py-3 text-sm" data-testid="recipient-card">
      <RecipientWho row={row} />
      <RecipientStatus row={row} />
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs">
        {figures.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-slate-500">{label}</dt>
            <dd className="text-slate-800">{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/** Name, outlet and address, each on its own line; in the table's first column no wider than 14 rem. */
function RecipientWho({ row, column = false }: { row: ReleaseRecipient; column?: boolean }) {
  const width = column ? 'max-w-56' : '';
  return (
    <>
      <OwnText className={cn(width, 'font-medium text-slate-900')}>{row.name || '—'}</OwnText>
      {row.outlet && <OwnText className={cn(width, 'text-xs text-slate-500')}>{row.outlet}</OwnText>}
      <OwnText address className={cn(width, 'text-xs text-slate-600')}>
        {row.email}
      </OwnText>
    </>
  );
}

/** Whether the journalist wrote back (a human reply; an automatic one is no reply). */
function RecipientReplied({ row }: { row: ReleaseRecipient }) {
  const { t } = useTranslation('analytics');
  return row.replied ? (
    <span data-testid="recipient-replied">
      <Badge tone="green" className="whitespace-nowrap">
        {t('recipients.repliedYes')}
      </Badge>
    </span>
  ) : (
    <span className="text-slate-500">{t('recipients.repliedNo')}</span>
  );
}

function RecipientCountry({ row }: { row: ReleaseRecipient }) {
  return <bdi>{row.country ? countryName(row.country) : '—'}</bdi>;
}

function RecipientLanguage({ row }: { row: ReleaseRecipient }) {
  const { t } = useTranslation('analytics');
  return <>{row.language ? t(`recipients.languages.${row.language}`, { defaultValue: row.language }) : '—'}</>;
}

function RecipientStatus({ row }: { row: ReleaseRecipient }) {
  const { t } = useTranslation('analytics');
  return (
    <>
      <div className="flex flex-wrap items-center gap-1">
        <Badge tone={deliveryTone(row.status)} className="whitespace-nowrap">
          {t(`recipientStatus.${row.status}`)}
        </Badge>
        {row.unsubscribed && <Badge tone="amber">{t('recipientStatus.unsubscribed')}</Badge>}
      </div>
      {row.softBounces > 0 && (
        <p className="mt-1 text-xs text-amber-700">
          {t('recipients.softBounces', { count: row.softBounces, value: formatNumber(row.softBounces) })}
        </p>
      )}
      {row.lastError && row.status !== 'sent' && (
        <p className="mt-1 max-w-64 truncate text-xs text-slate-500" title={row.lastError}>
          {row.lastError}
        </p>
      )}
    </>
  );
}
