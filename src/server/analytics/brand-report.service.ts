import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import Negotiator from 'negotiator';
import type { CurrentUser } from '../../shared/auth.js';
import {
  BRAND_REPORT_DEFAULT_DAYS,
  BRAND_REPORT_MAX_DAYS,
  type BrandReport,
  type BrandReportRow,
} from '../../shared/brands.js';
import type { Db } from '../db/client.js';
import { pressReleases } from '../db/schema.js';
import { fieldError, validationFailed } from '../http/errors.js';
import { listDeliveryCounts, listEventCounts, localTime, replyFiguresByRelease } from './analytics.service.js';
import { reportWords } from './report-words.js';
import { csvCell, type ReportLanguage } from '../common/csv.js';
import { articleCountsOf } from '../coverage/coverage.service.js';
import { fileNamePart } from '../../shared/file-name.js';
import { brandsOf } from '../brands/release-brands.js';
import { requireVisibleBrand } from '../brands/brand-filter.js';

/**
 * The brand report (issue 28): per brand and period, the releases that went out with the figures their
 * own analytics show (list recipients; a human open is a delivery opened by a person or clicked), and the
 * articles that carry them. One query per kind of figure for the whole period, never one per release.
 */

const DAY_MS = 86_400_000;
const day = (date: Date): string => date.toISOString().slice(0, 10);
const dayStart = (isoDay: string): Date => new Date(`${isoDay}T00:00:00Z`);

/** The period asked for, in UTC days: by default the last 30 days up to today; 422 when reversed or too long. */
export function reportPeriod(query: { from?: string; to?: string }, now: Date): { from: string; to: string } {
  const to = query.to ?? day(now);
  const from = query.from ?? day(new Date(dayStart(to).getTime() - (BRAND_REPORT_DEFAULT_DAYS - 1) * DAY_MS));
  const days = (dayStart(to).getTime() - dayStart(from).getTime()) / DAY_MS + 1;
  if (days < 1) throw validationFailed([fieldError('from', 'REPORT_PERIOD_REVERSED')]);
  if (days > BRAND_REPORT_MAX_DAYS)
    throw validationFailed([fieldError('to', 'REPORT_PERIOD_TOO_LONG', { maxDays: BRAND_REPORT_MAX_DAYS })]);
  return { from, to };
}

type Figures = BrandReport['totals'];
const addRow = (sum: Figures, r: BrandReportRow): Figures => ({
  releases: sum.releases + 1,
  recipients: sum.recipients + r.recipients,
  delivered: sum.delivered + r.delivered,
  humanOpens: sum.humanOpens + r.humanOpens,
  clicks: sum.clicks + r.clicks,
  downloads: sum.downloads + r.downloads,
  replies: sum.replies + r.replies,
  replyRate: 0,
  articles: {
    verbatim: sum.articles.verbatim + r.articles.verbatim,
    earned: sum.articles.earned + r.articles.earned,
  },
});
const NO_FIGURES: Figures = {
  releases: 0,
  recipients: 0,
  delivered: 0,
  humanOpens: 0,
  clicks: 0,
  downloads: 0,
  replies: 0,
  replyRate: 0,
  articles: { verbatim: 0, earned: 0 },
};

/** GET /api/brands/{id}/report: 404 BRAND_NOT_FOUND unless the actor sees the brand (a client seat: its own). */
export async function brandReport(
  deps: { db: Db; publicUrl: string; now: Date },
  actor: CurrentUser,
  brandId: string,
  query: { from?: string; to?: string },
): Promise<BrandReport> {
  const { db } = deps;
  const brand = await requireVisibleBrand(db, actor, brandId);
  const period = reportPeriod(query, deps.now);
  const releases = await db
    .select({ id: pressReleases.id, title: pressReleases.title, sentAt: pressReleases.sentAt })
    .from(pressReleases)
    .where(
      and(
        eq(pressReleases.brandId, brand.id),
        inArray(pressReleases.status, ['sending', 'sent']),
        gte(pressReleases.sentAt, dayStart(period.from)),
        lt(pressReleases.sentAt, new Date(dayStart(period.to).getTime() + DAY_MS)),
      ),
    )
    .orderBy(asc(pressReleases.sentAt), asc(pressReleases.id));
  const ids = releases.map((r) => r.id);
  const [deliveries, events, articles, replies] = [
    await listDeliveryCounts(db, ids),
    await listEventCounts(db, ids),
    await articleCountsOf(db, ids),
    await replyFiguresByRelease(db, ids),
  ];
  const rows = releases.map((r): BrandReportRow => ({
    id: r.id,
    title: r.title,
    sentAt: r.sentAt!.toISOString(),
    recipients: deliveries.get(r.id)?.recipients ?? 0,
    delivered: deliveries.get(r.id)?.delivered ?? 0,
    humanOpens: events.get(r.id)?.uniqueOpens ?? 0,
    clicks: events.get(r.id)?.clicks ?? 0,
    downloads: events.get(r.id)?.downloads ?? 0,
    ...replies.of(r.id),
    articles: articles.get(r.id) ?? { verbatim: 0, earned: 0 },
  }));
  return {
    brand: (await brandsOf(db, deps.publicUrl, [brand.id])).get(brand.id)!,
    ...period,
    releases: rows,
    // The rate of the period is its replies over its delivered messages, never an average of rates.
    totals: { ...rows.reduce(addRow, NO_FIGURES), ...replies.total },
  };
}

/** The headers' language: `lang` when asked, else the request's Accept-Language, else the account's. */
export function reportLanguage(
  asked: ReportLanguage | undefined,
  acceptLanguage: string | undefined,
  actor: CurrentUser,
): ReportLanguage {
  if (asked) return asked;
  const preferred = acceptLanguage
    ? new Negotiator({ headers: { 'accept-language': acceptLanguage } }).languages(['en', 'ar'])[0]
    : undefined;
  return preferred === 'ar' || preferred === 'en' ? preferred : actor.language;
}

/** GET /api/brands/{id}/report.csv: the same figures, a row per release and a totals row. */
export function brandReportCsv(
  report: BrandReport,
  language: ReportLanguage,
  timeZone: string,
): { filename: string; csv: string } {
  const words = reportWords(language, timeZone);
  const figures = (f: Figures | BrandReportRow) => [
    f.recipients,
    f.delivered,
    f.humanOpens,
    f.clicks,
    f.downloads,
    f.replies,
    `${f.replyRate}%`,
    f.articles.verbatim,
    f.articles.earned,
  ];
  const lines = [
    words.brandColumns,
    ...report.releases.map((r) => [r.title, localTime(r.sentAt, timeZone), ...figures(r)]),
    [words.total, '', ...figures(report.totals)],
  ].map((cells) => cells.map(csvCell).join(','));
  return {
    // Named by the brand as its reader calls it, Arabic kept (the download header carries it as UTF-8).
    filename: `nashr-brand-report-${fileNamePart(language === 'ar' && report.brand.nameAr ? report.brand.nameAr : report.brand.name, 'brand')}-${report.from}-${report.to}.csv`,
    csv: `\uFEFF${lines.join('\r\n')}\r\n`,
  };
}
