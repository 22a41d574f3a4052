import type { ReleaseId, WorkspaceId } from '../../shared/ids.js';
import { sql, type SQL } from 'drizzle-orm';
import type { AdminDelivery, Paged, ReleaseChoice } from '../../shared/admin.js';
import { likePattern, rowsOf, type Db } from '../db/client.js';
import { replyTimesOf } from '../replies/replies.service.js';
import { deliveries, deliveryReports, globalContacts, pressReleases, trackingEvents, workspaces } from '../db/schema.js';

/**
 * The operator's answer to "did this journalist get that release, and what did their server say?" (issue 29):
 * each delivery of an address and/or a release, with the server's refusal when there was one, the reports that
 * came back later (bounces, delayed notices, complaints) and what the reader did (human opens, clicks).
 */

export type DeliveryLogQuery = { q: string; releaseId?: ReleaseId; page: number; pageSize: number };

type DeliveryRow = {
  id: number;
  release_id: ReleaseId;
  release_title: string;
  workspace_id: WorkspaceId | null;
  workspace_name: string | null;
  email: string;
  status: string;
  attempts: number;
  smtp_response: string | null;
  last_attempt_at: string | null;
};
type ReportRow = { delivery_id: number; kind: string; status: string | null; detail: string | null; created_at: string };
type CountRow = { delivery_id: number; opens: number; clicks: number };

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * Part of an address or of the journalist's name. Addresses are stored lower case (dispatch); both sides are
 * matched as the trigram indexes hold them (deliveries_email_trgm_idx, global_contacts_name_trgm_idx).
 */
function filterOf(query: DeliveryLogQuery): SQL {
  const pattern = query.q ? likePattern(query.q.toLowerCase()) : '';
  const byPerson = pattern
    ? sql`(d.email LIKE ${pattern} OR d.contact_id IN (SELECT gc.id FROM ${globalContacts} gc WHERE lower(gc.first_name || ' ' || gc.last_name) LIKE ${pattern}))`
    : undefined;
  return sql.join(
    [byPerson, query.releaseId ? sql`d.release_id = ${query.releaseId}::uuid` : undefined].filter(
      (part): part is SQL => part !== undefined,
    ),
    sql` AND `,
  );
}

export async function listDeliveryLog(db: Db, query: DeliveryLogQuery): Promise<Paged<AdminDelivery>> {
  const where = filterOf(query);
  const [rows, [{ total }]] = await Promise.all([
    db
      .execute(
        sql`SELECT d.id::int AS id, d.release_id, pr.title AS release_title, w.id AS workspace_id, w.name AS workspace_name,
                   d.email, d.status, d.attempts, d.smtp_response, d.last_attempt_at
            FROM ${deliveries} d
            JOIN ${pressReleases} pr ON pr.id = d.release_id
            LEFT JOIN ${workspaces} w ON w.id = pr.workspace_id
            WHERE ${where}
            ORDER BY d.id DESC
            LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`,
      )
      .then((result) => rowsOf<DeliveryRow>(result)),
    db.execute(sql`SELECT count(*)::int AS total FROM ${deliveries} d WHERE ${where}`).then((result) => rowsOf<{ total: number }>(result)),
  ]);
  const ids = rows.map((row) => Number(row.id));
  const [reports, counts, replies] = await Promise.all([reportsOf(db, ids), countsOf(db, ids), replyTimesOf(db, ids)]);
  return { items: rows.map((row) => ({ ...toDelivery(row, reports, counts), replies: replies.get(Number(row.id)) ?? [] })), total: Number(total), page: query.page, pageSize: query.pageSize };
}

/** Every later report of the page's deliveries, oldest first, in one query. */
async function reportsOf(db: Db, ids: number[]): Promise<Map<number, AdminDelivery['reports']>> {
  const byDelivery = new Map<number, AdminDelivery['reports']>();
  if (!ids.length) return byDelivery;
  const rows = rowsOf<ReportRow>(
    await db.execute(sql`SELECT delivery_id::int AS delivery_id, kind, status, detail, created_at FROM ${deliveryReports}
                         WHERE delivery_id = ANY(${sql.param(ids)}::bigint[]) ORDER BY created_at, id`),
  );
  for (const row of rows) {
    const list = byDelivery.get(Number(row.delivery_id)) ?? byDelivery.set(Number(row.delivery_id), []).get(Number(row.delivery_id))!;
    list.push({ kind: row.kind, at: iso(row.created_at)!, detail: [row.status, row.detail].filter(Boolean).join(' ') || null });
  }
  return byDelivery;
}

/** Human opens only: opens that mail proxies and scanners make are stored as machine_open and left out. */
async function countsOf(db: Db, ids: number[]): Promise<Map<number, CountRow>> {
  if (!ids.length) return new Map();
  const rows = rowsOf<CountRow>(
    await db.execute(sql`SELECT delivery_id::int AS delivery_id,
                                count(*) FILTER (WHERE type = 'open')::int AS opens,
                                count(*) FILTER (WHERE type = 'click')::int AS clicks
                         FROM ${trackingEvents} WHERE delivery_id = ANY(${sql.param(ids)}::bigint[]) GROUP BY delivery_id`),
  );
  return new Map(rows.map((row) => [Number(row.delivery_id), row]));
}

/**
 * The engine keeps the receiving server's answer to the latest attempt, its acceptance ("250 2.0.0 Ok: queued
 * as …") as well as a refusal, with the attempt's time; reports that come later are listed apart.
 */
function toDelivery(row: DeliveryRow, reports: Map<number, AdminDelivery['reports']>, counts: Map<number, CountRow>): Omit<AdminDelivery, 'replies'> {
  const id = Number(row.id);
  return {
    releaseId: row.release_id,
    releaseTitle: row.release_title,
    workspace: row.workspace_id ? { id: row.workspace_id, name: row.workspace_name ?? '' } : null,
    email: row.email,
    status: row.status,
    smtpResponse: row.smtp_response,
    attempts: Number(row.attempts),
    lastAttemptAt: iso(row.last_attempt_at),
    reports: reports.get(id) ?? [],
    opens: Number(counts.get(id)?.opens ?? 0),
    clicks: Number(counts.get(id)?.clicks ?? 0),
  };
}

/** Releases that have gone out (they have deliveries), newest first, by part of the title. */
export async function listReleaseChoices(db: Db, query: { q: string; page: number; pageSize: number }): Promise<Paged<ReleaseChoice>> {
  const where = sql`pr.sent_at IS NOT NULL${query.q ? sql` AND pr.title ILIKE ${likePattern(query.q)}` : sql``}`;
  const [rows, [{ total }]] = await Promise.all([
    db
      .execute(
        sql`SELECT pr.id, pr.title, w.name AS workspace_name, pr.sent_at
            FROM ${pressReleases} pr LEFT JOIN ${workspaces} w ON w.id = pr.workspace_id
            WHERE ${where}
            ORDER BY pr.sent_at DESC, pr.id
            LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`,
      )
      .then((result) => rowsOf<{ id: ReleaseId; title: string; workspace_name: string | null; sent_at: string | null }>(result)),
    db.execute(sql`SELECT count(*)::int AS total FROM ${pressReleases} pr WHERE ${where}`).then((result) => rowsOf<{ total: number }>(result)),
  ]);
  return {
    items: rows.map((row) => ({ id: row.id, title: row.title, workspaceName: row.workspace_name, sentAt: iso(row.sent_at) })),
    total: Number(total),
    page: query.page,
    pageSize: query.pageSize,
  };
}
