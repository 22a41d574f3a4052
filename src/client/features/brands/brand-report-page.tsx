import type { ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Download, FileText, Printer } from 'lucide-react';
import type { BrandReport, BrandReportRow } from '../../../shared/brands';
import { api, toQuery } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate, formatDay, formatNumber, isolate } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Card, CardBody } from '../../ui/card';
import { EmptyState, Skeleton } from '../../ui/feedback';
import { QueryState } from '../../ui/query-state';
import { Field, Input } from '../../ui/field';
import { ScrollRegion } from '../../ui/scroll-region';
import { readerReportQuery } from '../../lib/browser-time-zone';
import { BrandMark } from '../../ui/brand-tag';
import { brandName } from '../../lib/brands';
import { useReportOrigin } from '../../lib/report-origin';
import '../analytics/print-report.css';

/**
 * A brand's report (issue 28): the releases that went out for it in a period, each with its recipients,
 * deliveries, human opens, clicks, downloads and coverage articles, and their totals; printable, and as
 * CSV. The team sees any brand's; a client seat its own (the server answers 404 for any other).
 */

type Period = { from: string; to: string };

/** A calendar day of the browser as YYYY-MM-DD. */
const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The last 30 days, today included. */
export function last30Days(today = new Date()): Period {
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29);
  return { from: isoDay(from), to: isoDay(today) };
}

/** The calendar quarter today is in, to today. */
export function thisQuarter(today = new Date()): Period {
  const from = new Date(today.getFullYear(), Math.floor(today.getMonth() / 3) * 3, 1);
  return { from: isoDay(from), to: isoDay(today) };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The period in the address (?from&to), the last 30 days when it names none. */
function usePeriod(): [Period, (period: Period) => void] {
  const [params, setParams] = useSearchParams();
  const fallback = last30Days();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const period = { from: DAY.test(from) ? from : fallback.from, to: DAY.test(to) ? to : fallback.to };
  const set = (next: Period) => setParams({ from: next.from, to: next.to }, { replace: true });
  return [period, set];
}

function useBrandReport(id: string, period: Period, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/brands', id, 'report', period],
    queryFn: () => api.get<BrandReport>(`/api/brands/${id}/report${toQuery(period)}`),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The CSV of the period, its times in the reader's zone and its words in their language, as the release's report. */
export const brandReportCsvPath = (id: string, period: Period, language: string) =>
  `/api/brands/${id}/report.csv${toQuery({ ...period, ...readerReportQuery(language) })}`;

export default function BrandReportPage() {
  const { t, i18n } = useTranslation('brands');
  const { id = '' } = useParams();
  const [period, setPeriod] = usePeriod();
  const valid = period.from <= period.to;
  const report = useBrandReport(id, period, valid);
  const brand = report.data?.brand;
  const name = brand ? brandName(brand, i18n.language) : '';
  const otherName = brand ? (name === brand.name ? brand.nameAr : brand.name) : '';
  useDocumentTitle(brand ? t('report.pageTitle', { name }) : t('report.title'));
  const back = useReportOrigin();

  return (
    <main className="release-report mx-auto max-w-7xl space-y-6 px-4 py-8" data-testid="brand-report">
      <Link
        to={back.to}
        className="no-print inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:underline"
      >
        <ArrowLeft className="flip-rtl h-4 w-4" aria-hidden />
        {t(`report.back.${back.page}`)}
      </Link>
      <header className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
        <div className="flex min-w-0 items-center gap-4">
          {brand ? (
            <BrandMark brand={brand} className="h-16 w-16 rounded-lg text-2xl" />
          ) : (
            <Skeleton className="h-16 w-16" />
          )}
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-500">{t('report.title')}</p>
            {brand ? (
              <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
                <bdi>{name}</bdi>
              </h1>
            ) : (
              <Skeleton className="mt-1 h-8 w-56" />
            )}
            {/* Both of the brand's names, the reader's language first. */}
            {brand && otherName && otherName !== name && (
              <p className="text-lg text-slate-700">
                <bdi>{otherName}</bdi>
              </p>
            )}
            <p className="mt-1 text-sm text-slate-600" data-testid="report-period">
              {t('report.period', {
                from: formatDate(`${period.from}T00:00:00`),
                to: formatDate(`${period.to}T00:00:00`),
              })}
            </p>
          </div>
        </div>
        <div className="no-print flex flex-wrap gap-2">
          {valid && (
            <a
              href={brandReportCsvPath(id, period, i18n.language)}
              download
              className="inline-flex h-10 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-50"
            >
              <Download className="h-4 w-4" aria-hidden />
              {t('report.downloadCsv')}
            </a>
          )}
          <Button variant="secondary" onClick={() => window.print()}>
            <Printer className="h-4 w-4" aria-hidden />
            {t('report.print')}
          </Button>
        </div>
      </header>

      <PeriodPicker period={period} onChange={setPeriod} invalid={!valid} />

      {valid && (
        <QueryState
          query={report}
          loading={<Skeleton className="h-64 w-full" />}
          isEmpty={(found) => found.releases.length === 0}
          empty={<EmptyState icon={<FileText className="h-10 w-10" aria-hidden />} title={t('report.empty', { name: isolate(name) })} description={t('report.emptyText')} />}
        >
          {(found) => <ReportTable report={found} />}
        </QueryState>
      )}
    </main>
  );
}

function PeriodPicker({
  period,
  onChange,
  invalid,
}: {
  period: Period;
  onChange: (period: Period) => void;
  invalid: boolean;
}) {
  const { t } = useTranslation('brands');
  const presets = [
    { key: 'last30', period: last30Days() },
    { key: 'quarter', period: thisQuarter() },
  ];
  return (
    <Card className="no-print">
      <CardBody>
        <fieldset className="flex flex-col gap-4 sm:flex-row sm:items-end">
          <legend className="sr-only">{t('report.periodLegend')}</legend>
          <div className="grid flex-1 grid-cols-2 gap-3 sm:max-w-md">
            <Field
              id="report-from"
              label={t('report.from')}
              error={invalid ? t('report.fromAfterTo') : undefined}
            >
              <Input
                id="report-from"
                type="date"
                value={period.from}
                max={period.to}
                invalid={invalid}
                aria-describedby={invalid ? 'report-from-error' : undefined}
                onChange={(event) => event.target.value && onChange({ ...period, from: event.target.value })}
              />
            </Field>
            <Field id="report-to" label={t('report.to')}>
              <Input
                id="report-to"
                type="date"
                value={period.to}
                min={period.from}
                onChange={(event) => event.target.value && onChange({ ...period, to: event.target.value })}
              />
            </Field>
          </div>
          <div className="flex flex-wrap gap-2" role="group" aria-label={t('report.presets')}>
            {presets.map((preset) => {
              const current = preset.period.from === period.from && preset.period.to === period.to;
              return (
                <Button
                  key={preset.key}
                  size="sm"
                  variant={current ? 'primary' : 'secondary'}
                  aria-pressed={current}
                  onClick={() => onChange(preset.period)}
                >
                  {t(`report.preset.${preset.key}`)}
                </Button>
              );
            })}
          </div>
        </fieldset>
      </CardBody>
    </Card>
  );
}

const FIGURES = ['recipients', 'delivered', 'humanOpens', 'clicks', 'downloads', 'replies'] as const;

function ReportTable({ report }: { report: BrandReport }) {
  const { t } = useTranslation('brands');
  const { totals } = report;
  return (
    <Card>
      <CardBody>
        <ScrollRegion label={t('report.tableLabel')}>
          <table className="w-full text-sm" data-testid="brand-report-table">
            <caption className="sr-only">{t('report.tableLabel')}</caption>
            <thead className="text-xs uppercase text-slate-500">
              <tr className="border-b border-slate-200">
                <Th>{t('report.columns.title')}</Th>
                <Th>{t('report.columns.sentAt')}</Th>
                {FIGURES.map((figure) => (
                  <Th key={figure} numeric>
                    {t(`report.columns.${figure}`)}
                  </Th>
                ))}
                <Th numeric>{t('report.columns.replyRate')}</Th>
                <Th numeric>{t('report.columns.articles')}</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {report.releases.map((row) => (
                <ReportRow key={row.id} row={row} />
              ))}
            </tbody>
            <tfoot className="border-t-2 border-slate-300 font-semibold text-slate-900">
              <tr data-testid="brand-report-totals">
                <th scope="row" className="px-2 py-2 text-start">
                  {t('report.totals', { count: totals.releases, formatted: formatNumber(totals.releases) })}
                </th>
                <td className="px-2 py-2" />
                {FIGURES.map((figure) => (
                  <Num key={figure}>{formatNumber(totals[figure])}</Num>
                ))}
                <Num>{`${formatNumber(totals.replyRate)}%`}</Num>
                <Num>
                  <Articles verbatim={totals.articles.verbatim} earned={totals.articles.earned} />
                </Num>
              </tr>
            </tfoot>
          </table>
        </ScrollRegion>
        <p className="mt-3 text-xs text-slate-500">{t('report.articlesNote')}</p>
      </CardBody>
    </Card>
  );
}

function ReportRow({ row }: { row: BrandReportRow }) {
  return (
    <tr>
      <td className="min-w-48 max-w-80 px-2 py-2">
        <Link
          to={`/analytics/${row.id}`}
          className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
          dir="auto"
        >
          {row.title}
        </Link>
      </td>
      <td className="whitespace-nowrap px-2 py-2 text-slate-600">{formatDay(row.sentAt)}</td>
      {FIGURES.map((figure) => (
        <Num key={figure}>{formatNumber(row[figure])}</Num>
      ))}
      <Num>{`${formatNumber(row.replyRate)}%`}</Num>
      <Num>
        <Articles verbatim={row.articles.verbatim} earned={row.articles.earned} />
      </Num>
    </tr>
  );
}

function Articles({ verbatim, earned }: { verbatim: number; earned: number }) {
  const { t } = useTranslation('brands');
  return (
    <span className="whitespace-nowrap">
      {t('report.articles', { verbatim: formatNumber(verbatim), earned: formatNumber(earned) })}
    </span>
  );
}

function Th({ children, numeric }: { children: ReactNode; numeric?: boolean }) {
  return (
    <th
      scope="col"
      className={
        numeric
          ? 'px-2 py-2 text-end align-bottom font-medium'
          : 'px-2 py-2 text-start align-bottom font-medium'
      }
    >
      {children}
    </th>
  );
}

function Num({ children }: { children: ReactNode }) {
  return <td className="whitespace-nowrap px-2 py-2 text-end tabular-nums">{children}</td>;
}
