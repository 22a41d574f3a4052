import type { BrandId, ReleaseId } from '../../shared/ids.js';
import { sql, type SQL } from 'drizzle-orm';
import { can, releaseScopeSql, requireRelease } from '../access/access.js';
import { seesAuthorEmails } from '../access/roles.js';
import { reportCountsOfRelease } from '../deliverability/reports.service.js';
import { coverageOf } from '../coverage/coverage.service.js';
import type { Coverage } from '../../shared/coverage.js';
import type { CurrentUser } from '../../shared/auth.js';
import { maskAddressesIn, maskEmail } from '../../shared/contacts.js';
import {
  type ReleaseLanguage,
  type FollowerFigures,
  type VersionFigures,
  type AnalyticsDashboard,
  type RecipientSort,
  type RecipientsPage,
  type ReleaseAnalytics,
  type ReleasePerformance,
  type ReleaseRecipient,
  type ReleaseStatus,
  type recipientsQuerySchema,
} from '../../shared/releases.js';
import type { z } from 'zod';
import type { Db } from '../db/client.js';
import { countContactsInLists } from '../lists/lists.service.js';
import { reportWords } from './report-words.js';
import { csvCell, type ReportLanguage } from '../common/csv.js';
import { brandFilterSql, requireVisibleBrand } from '../brands/brand-filter.js';
import { replyCountsOf } from '../replies/replies.service.js';
import { replyFiguresOf, type ReplyFigures } from '../../shared/replies.js';
import { deliveries, deliveryReports, globalContacts, inboundReplies, pressReleases, trackingEvents, users } from '../db/schema.js';

/**
 * Numbers shown to customers, all computed from delivery rows and tracking events. A "human open" is a
 * delivery with an open (not a machine open) or a click: a click proves the message was read even when
 * images were blocked.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString());
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);
const DAY_MS = 86_400_000;
const DASHBOARD_RELEASES = 8;

/** The actor's workspace (a client seat: its brands), or every workspace for a super admin (access module). */
const ownerScope = (actor: CurrentUser): SQL => releaseScopeSql(sql`pr`, actor, { platformWide: true });

/** GET /api/analytics/dashboard: the editor dashboard cards and the analytics dashboard, of one brand with `brandId`. */
export async function dashboard(db: Db, actor: CurrentUser, now: Date, brandId?: BrandId): Promise<AnalyticsDashboard> {
  if (brandId) await requireVisibleBrand(db, actor, brandId);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
  const [counts] = rowsOf<{ total: number; this_month: number; sent_this_month: number }>(
    await db.execute(sql`
      SELECT count(*)::int AS total,
             count(*) FILTER (WHERE pr.created_at >= ${monthStart}::timestamptz)::int AS this_month,
             count(*) FILTER (WHERE pr.status IN ('sending', 'sent') AND pr.sent_at >= ${monthStart}::timestamptz)::int AS sent_this_month
      FROM ${pressReleases} pr WHERE ${ownerScope(actor)} AND ${brandFilterSql(brandId)}`),
  );
  const sent = rowsOf<{
    id: ReleaseId;
    title: string;
    status: ReleaseStatus;
    sent_at: string | null;
    recipient_count: number;
    user_email: string | null;
    sent: number;
    opens: number;
  }>(
    await db.execute(sql`
      SELECT pr.id, pr.title, pr.status, pr.sent_at, pr.recipient_count, u.email AS user_email,
             (SELECT count(*) FROM ${deliveries} d WHERE d.release_id = pr.id AND d.status IN ('sent', 'complained'))::int AS sent,
             (SELECT count(DISTINCT te.delivery_id) FROM ${trackingEvents} te
               WHERE te.release_id = pr.id AND te.type IN ('open', 'click'))::int AS opens
      FROM ${pressReleases} pr LEFT JOIN ${users} u ON u.id = pr.author_id
      WHERE pr.status IN ('sending', 'sent') AND ${ownerScope(actor)} AND ${brandFilterSql(brandId)}
      ORDER BY pr.sent_at DESC NULLS LAST, pr.id`),
  );
  const totalRecipients = sent.reduce((sum, r) => sum + r.recipient_count, 0);
  const totalOpens = sent.reduce((sum, r) => sum + r.opens, 0);
  const recent = sent.filter((r) => r.sent_at && new Date(r.sent_at).getTime() >= now.getTime() - 30 * DAY_MS);
  const recentRecipients = recent.reduce((sum, r) => sum + r.recipient_count, 0);
  const recentRate = percent(
    recent.reduce((sum, r) => sum + r.opens, 0),
    recentRecipients,
  );
  const replies = await replyFiguresByRelease(db, sent.map((r) => r.id));
  return {
    totalReleases: counts.total,
    thisMonth: counts.this_month,
    sentThisMonth: counts.sent_this_month,
    openRate: recentRecipients > 0 ? `${recentRate}%` : null,
    // The lists are the workspace's own: a client seat sees none of them.
    mediaContacts: actor.workspace && can(actor, 'browse') ? await countContactsInLists(db, actor.workspace.id) : 0,
    totalOpens,
    totalRecipients,
    averageOpenRate: percent(totalOpens, totalRecipients),
    ...replies.total,
    releases: sent.slice(0, DASHBOARD_RELEASES).map(
      (r): ReleasePerformance => ({
        id: r.id,
        title: r.title,
        status: r.status,
        sentAt: iso(r.sent_at),
        recipientCount: r.recipient_count,
        sent: r.sent,
        opens: r.opens,
        openRate: percent(r.opens, r.recipient_count),
        ...replies.of(r.id),
        ...(seesAuthorEmails(actor) ? { userEmail: r.user_email ?? '' } : {}),
      }),
    ),
  };
}

/**
 * Human replies (one a journalist) and their rate of delivered list messages, per release and over all of
 * them: the same figure on the release page, /analytics, the dashboard and the brand report (issue 38).
 */
export async function replyFiguresByRelease(db: Db, releaseIds: ReleaseId[]): Promise<{ of: (id: string) => ReplyFigures; total: ReplyFigures }> {
  const [counts, delivered] = [await replyCountsOf(db, releaseIds), await listDeliveryCounts(db, releaseIds)];
  const sum = (pick: (id: string) => number) => releaseIds.reduce((n, id) => n + pick(id), 0);
  const repliesOf = (id: string) => counts.get(id) ?? 0;
  const deliveredOf = (id: string) => delivered.get(id)?.delivered ?? 0;
  return { of: (id) => replyFiguresOf(repliesOf(id), deliveredOf(id)), total: replyFiguresOf(sum(repliesOf), sum(deliveredOf)) };
}

/** The release if the caller may see it (its workspace or a super admin); another's is a 404. */
export const visibleRelease = (db: Db, actor: CurrentUser, id: ReleaseId) => requireRelease(db, actor, id, 'read');

/** GET /api/press-releases/{id}/analytics. */
export async function releaseAnalytics(db: Db, actor: CurrentUser, id: ReleaseId): Promise<ReleaseAnalytics> {
  const release = await visibleRelease(db, actor, id);
  const d = (await listDeliveryCounts(db, [id])).get(id) ?? NO_DELIVERIES;
  const e = (await listEventCounts(db, [id])).get(id) ?? NO_EVENTS;
  const timeline = rowsOf<{ at: string; opens: number; clicks: number }>(
    await db.execute(sql`
      SELECT date_trunc('hour', created_at) AS at,
             count(*) FILTER (WHERE type = 'open')::int AS opens,
             count(*) FILTER (WHERE type = 'click')::int AS clicks
      FROM ${trackingEvents} WHERE release_id = ${id}::uuid AND type IN ('open', 'click')
      GROUP BY 1 ORDER BY 1`),
  );
  return {
    releaseId: id,
    status: release.status,
    byVersion: await figuresByVersion(db, id, release.language, 'list'),
    followers: (await figuresByVersion(db, id, release.language, 'follower')).reduce(addFigures, noFigures()),
    recipients: d.recipients,
    delivered: d.delivered,
    bounced: d.bounced,
    ...(await reportCountsOfRelease(db, id)),
    failed: d.failed,
    pending: d.pending,
    waitingToRetry: d.waiting,
    // One decimal: the difference between 99.9 % and 100 % is what this figure is for.
    deliveryRate: d.recipients - d.pending > 0 ? Math.round((d.delivered / (d.recipients - d.pending)) * 1000) / 10 : 0,
    opens: e.opens,
    uniqueOpens: e.uniqueOpens,
    machineOpens: e.machineOpens,
    clicks: e.clicks,
    uniqueClicks: e.uniqueClicks,
    downloads: e.downloads,
    unsubscribes: e.unsubscribes,
    openRate: percent(e.uniqueOpens, d.delivered),
    clickRate: percent(e.uniqueClicks, d.delivered),
    ...(await replyFiguresByRelease(db, [id])).of(id),
    timeline: timeline.map((b) => ({ at: iso(b.at)!, opens: b.opens, clicks: b.clicks })),
  };
}

/** What happened to the list deliveries of a release (followers are counted apart, `followers`). */
export type DeliveryCounts = { recipients: number; delivered: number; bounced: number; failed: number; pending: number; waiting: number };
/** What list recipients did: a human open is a delivery opened (not by a machine) or clicked. */
export type EventCounts = Pick<
  ReleaseAnalytics,
  'opens' | 'uniqueOpens' | 'machineOpens' | 'clicks' | 'uniqueClicks' | 'downloads' | 'unsubscribes'
>;
const NO_DELIVERIES: DeliveryCounts = { recipients: 0, delivered: 0, bounced: 0, failed: 0, pending: 0, waiting: 0 };
const NO_EVENTS: EventCounts = { opens: 0, uniqueOpens: 0, machineOpens: 0, clicks: 0, uniqueClicks: 0, downloads: 0, unsubscribes: 0 };

const byRelease = <T>(rows: Array<T & { release_id: string }>): Map<string, T> =>
  new Map(rows.map(({ release_id, ...counts }) => [release_id, counts as T]));

/**
 * The delivery figures of releases, one query for all of them (a release's analytics, a brand's report):
 * a release with no deliveries is absent from the map.
 */
export async function listDeliveryCounts(db: Db, releaseIds: ReleaseId[]): Promise<Map<string, DeliveryCounts>> {
  if (!releaseIds.length) return new Map();
  return byRelease<DeliveryCounts>(
    rowsOf(
      await db.execute(sql`
        SELECT release_id,
               count(*)::int AS recipients,
               count(*) FILTER (WHERE status IN ('sent', 'complained'))::int AS delivered,
               count(*) FILTER (WHERE status = 'bounced')::int AS bounced,
               count(*) FILTER (WHERE status = 'failed')::int AS failed,
               count(*) FILTER (WHERE status IN ('queued', 'sending'))::int AS pending,
               count(*) FILTER (WHERE status = 'queued' AND attempts > 0)::int AS waiting
        FROM ${deliveries} WHERE release_id = ANY(${sql.param(releaseIds)}::uuid[]) AND audience = 'list'
        GROUP BY release_id`),
    ),
  );
}

/** What the list recipients of releases did, one query for all of them; a release with no events is absent. */
export async function listEventCounts(db: Db, releaseIds: ReleaseId[]): Promise<Map<string, EventCounts>> {
  if (!releaseIds.length) return new Map();
  return byRelease<EventCounts>(
    rowsOf(
      await db.execute(sql`
        SELECT te.release_id,
               count(*) FILTER (WHERE te.type = 'open')::int AS opens,
               count(DISTINCT te.delivery_id) FILTER (WHERE te.type IN ('open', 'click'))::int AS "uniqueOpens",
               count(*) FILTER (WHERE te.type = 'machine_open')::int AS "machineOpens",
               count(*) FILTER (WHERE te.type = 'click')::int AS clicks,
               count(DISTINCT te.delivery_id) FILTER (WHERE te.type = 'click')::int AS "uniqueClicks",
               count(*) FILTER (WHERE te.type = 'download')::int AS downloads,
               count(DISTINCT te.delivery_id) FILTER (WHERE te.type = 'unsubscribe')::int AS unsubscribes
        FROM ${trackingEvents} te JOIN ${deliveries} d ON d.id = te.delivery_id AND d.audience = 'list'
        WHERE te.release_id = ANY(${sql.param(releaseIds)}::uuid[])
        GROUP BY te.release_id`),
    ),
  );
}

/** Each version's recipients and what they did (issue 13), the primary version first. */
async function figuresByVersion(db: Db, releaseId: ReleaseId, primary: string, audience: 'list' | 'follower'): Promise<VersionFigures[]> {
  const rows = rowsOf<Omit<VersionFigures, 'openRate'>>(
    await db.execute(sql`
      SELECT d.language,
             count(*)::int AS recipients,
             count(*) FILTER (WHERE d.status IN ('sent', 'complained'))::int AS delivered,
             coalesce(sum(ev.opens), 0)::int AS opens,
             count(*) FILTER (WHERE ev.read)::int AS "uniqueOpens",
             coalesce(sum(ev.clicks), 0)::int AS clicks,
             coalesce(sum(ev.downloads), 0)::int AS downloads,
             count(*) FILTER (WHERE ev.unsubscribed)::int AS unsubscribes
      FROM ${deliveries} d
      LEFT JOIN (
        SELECT delivery_id,
               count(*) FILTER (WHERE type = 'open') AS opens,
               bool_or(type IN ('open', 'click')) AS read,
               count(*) FILTER (WHERE type = 'click') AS clicks,
               count(*) FILTER (WHERE type = 'download') AS downloads,
               bool_or(type = 'unsubscribe') AS unsubscribed
        FROM ${trackingEvents} WHERE release_id = ${releaseId}::uuid GROUP BY delivery_id
      ) ev ON ev.delivery_id = d.id
      WHERE d.release_id = ${releaseId}::uuid AND d.audience = ${audience}
      GROUP BY d.language`),
  );
  return rows
    .map((r) => ({ ...r, openRate: percent(r.uniqueOpens, r.delivered) }))
    .sort((a, b) => Number(b.language === primary) - Number(a.language === primary) || a.language.localeCompare(b.language));
}

const noFigures = (): FollowerFigures => ({ recipients: 0, delivered: 0, opens: 0, uniqueOpens: 0, clicks: 0, downloads: 0, unsubscribes: 0 });
const addFigures = (sum: FollowerFigures, v: VersionFigures): FollowerFigures => ({
  recipients: sum.recipients + v.recipients,
  delivered: sum.delivered + v.delivered,
  opens: sum.opens + v.opens,
  uniqueOpens: sum.uniqueOpens + v.uniqueOpens,
  clicks: sum.clicks + v.clicks,
  downloads: sum.downloads + v.downloads,
  unsubscribes: sum.unsubscribes + v.unsubscribes,
});

type RecipientsQuery = z.infer<typeof recipientsQuerySchema>;

const statusFilter = (status: RecipientsQuery['status']): SQL => {
  switch (status) {
    case undefined:
      return sql`TRUE`;
    case 'opened':
      return sql`EXISTS (SELECT 1 FROM ${trackingEvents} x WHERE x.delivery_id = d.id AND x.type IN ('open', 'click'))`;
    case 'clicked':
      return sql`EXISTS (SELECT 1 FROM ${trackingEvents} x WHERE x.delivery_id = d.id AND x.type = 'click')`;
    case 'unsubscribed':
      return sql`EXISTS (SELECT 1 FROM ${trackingEvents} x WHERE x.delivery_id = d.id AND x.type = 'unsubscribe')`;
    default:
      return sql`d.status = ${status}`;
  }
};

/**
 * The statement's row: the columns that arrive as the wire names them are ReleaseRecipient's (the email
 * still unmasked), the rest in the database's snake case and the version as text; toRecipient makes the wire's.
 */
type RecipientRow = Pick<
  ReleaseRecipient,
  'id' | 'name' | 'outlet' | 'country' | 'language' | 'email' | 'status' | 'attempts' | 'opens' | 'clicks' | 'downloads' | 'unsubscribed' | 'replied'
> & {
  version: string;
  sent_at: string | null;
  last_error: string | null;
  first_open_at: string | null;
  last_activity_at: string | null;
  soft_bounces: number;
};

const ORDER_BY: Record<RecipientSort, SQL> = {
  sent: sql`d.id`,
  opens: sql`opens DESC, d.id`,
  clicks: sql`clicks DESC, d.id`,
  lastActivity: sql`last_activity_at DESC NULLS LAST, d.id`,
};

/** Each delivery with its journalist (name, outlet, country, language) and the counts of what they did. */
async function recipientRows(db: Db, releaseId: ReleaseId, filter: SQL, options: { sort: RecipientSort; page?: { limit: number; offset: number } }) {
  const { sort, page } = options;
  return rowsOf<RecipientRow>(
    await db.execute(sql`
      SELECT d.id::int AS id, d.email, d.language AS version, d.status, d.attempts, d.sent_at, d.last_error,
             coalesce(trim(gc.first_name || ' ' || gc.last_name), '') AS name, coalesce(gc.organization, '') AS outlet,
             coalesce(gc.country, '') AS country, coalesce(gc.language, '') AS language,
             min(te.created_at) FILTER (WHERE te.type IN ('open', 'click')) AS first_open_at,
             count(te.id) FILTER (WHERE te.type = 'open')::int AS opens,
             count(te.id) FILTER (WHERE te.type = 'click')::int AS clicks,
             count(te.id) FILTER (WHERE te.type = 'download')::int AS downloads,
             coalesce(bool_or(te.type = 'unsubscribe'), false) AS unsubscribed,
             max(te.created_at) AS last_activity_at,
             (SELECT count(*) FROM ${deliveryReports} r WHERE r.delivery_id = d.id AND r.kind = 'soft')::int AS soft_bounces,
             EXISTS (SELECT 1 FROM ${inboundReplies} ir WHERE ir.delivery_id = d.id AND ir.kind = 'reply') AS replied
      FROM ${deliveries} d
      LEFT JOIN ${globalContacts} gc ON gc.id = d.contact_id
      LEFT JOIN ${trackingEvents} te ON te.delivery_id = d.id
      WHERE d.release_id = ${releaseId}::uuid AND d.audience = 'list' AND ${filter}
      GROUP BY d.id, gc.id ORDER BY ${ORDER_BY[sort]}
      ${page ? sql`LIMIT ${page.limit} OFFSET ${page.offset}` : sql``}`),
  );
}

function toRecipient(row: RecipientRow, showEmail: boolean): ReleaseRecipient {
  return {
    id: Number(row.id),
    name: row.name,
    outlet: row.outlet,
    country: row.country,
    language: row.language,
    email: showEmail ? row.email : maskEmail(row.email),
    version: row.version as ReleaseLanguage,
    status: row.status,
    attempts: row.attempts,
    sentAt: iso(row.sent_at),
    firstOpenAt: iso(row.first_open_at),
    opens: row.opens,
    clicks: row.clicks,
    downloads: row.downloads,
    unsubscribed: Boolean(row.unsubscribed),
    softBounces: Number(row.soft_bounces),
    replied: Boolean(row.replied),
    lastActivityAt: iso(row.last_activity_at),
    lastError: row.last_error && (showEmail ? row.last_error : maskAddressesIn(row.last_error, row.email)),
  };
}

/** GET /api/press-releases/{id}/recipients: addresses masked unless the viewer may see contact emails. */
export async function recipients(db: Db, actor: CurrentUser, id: ReleaseId, query: RecipientsQuery, showEmail: boolean): Promise<RecipientsPage> {
  await visibleRelease(db, actor, id);
  const filter = statusFilter(query.status);
  const [{ total }] = rowsOf<{ total: number }>(
    await db.execute(sql`SELECT count(*)::int AS total FROM ${deliveries} d WHERE d.release_id = ${id}::uuid AND d.audience = 'list' AND ${filter}`),
  );
  const rows = await recipientRows(db, id, filter, { sort: query.sort, page: { limit: query.pageSize, offset: (query.page - 1) * query.pageSize } });
  return { items: rows.map((r) => toRecipient(r, showEmail)), total, page: query.page, pageSize: query.pageSize };
}

/** "2026-11-25 14:03" in the reader's zone: what a spreadsheet reads as a date and a person as their time. */
export function localTime(value: string | null, timeZone: string): string {
  if (!value) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(value))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** The report's second table: the articles that carry the release, after a blank line. */
function coverageLines(coverage: Coverage, words: ReturnType<typeof reportWords>, timeZone: string): string[] {
  return [
    words.coverageColumns.map(csvCell).join(','),
    ...coverage.items.map((i) =>
      [i.outlet, words.country(i.country), i.language, i.title, i.url, localTime(i.publishedAt, timeZone), words.coverageKind[i.kind], i.source === 'manual' ? words.manual : words.feed, i.excerpt]
        .map(csvCell)
        .join(','),
    ),
  ];
}

/**
 * GET /api/press-releases/{id}/report.csv: every recipient with who they are, the interface's status
 * words and the times in the reader's zone, which the time columns name.
 */
export async function reportCsv(db: Db, actor: CurrentUser, id: ReleaseId, showEmail: boolean, timeZone: string, language: ReportLanguage = 'en'): Promise<{ filename: string; csv: string }> {
  const release = await visibleRelease(db, actor, id);
  const rows = (await recipientRows(db, id, sql`TRUE`, { sort: 'sent' })).map((r) => toRecipient(r, showEmail));
  const words = reportWords(language, timeZone);
  const lines = [
    words.columns.map(csvCell).join(','),
    ...rows.map((r) =>
      [
        r.name,
        r.outlet,
        words.country(r.country),
        r.language,
        r.email,
        words.version[r.version],
        words.status[r.status] ?? r.status,
        r.attempts,
        r.softBounces,
        localTime(r.sentAt, timeZone),
        localTime(r.firstOpenAt, timeZone),
        r.opens,
        r.clicks,
        r.downloads,
        r.unsubscribed ? words.yes : words.no,
        r.replied ? words.yes : words.no,
        localTime(r.lastActivityAt, timeZone),
        r.lastError,
      ]
        .map(csvCell)
        .join(','),
    ),
  ];
  return { filename: `nashr-report-${release.slug ?? release.id}.csv`, csv: `\uFEFF${[...lines, '', ...coverageLines(await coverageOf(db, release), words, timeZone)].join('\r\n')}\r\n` };
}
