import type { UserId, WorkspaceId } from '../../shared/ids.js';
import { sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, Paged, PlatformAuditAction } from '../../shared/admin.js';
import { likePattern, rowsOf, type Db } from '../db/client.js';
import { auditLog, brands, outletFeeds, payments, pressReleases, users, workspaces } from '../db/schema.js';
import { csvCell, type ReportLanguage } from '../common/csv.js';

export type AuditActor = { id: UserId; email: string } | null;

/**
 * Records who did what (role changes, contact imports and deletions). Pass the transaction's db when
 * the action is transactional, so the entry exists exactly when the change does. `workspaceId` names the
 * customer an operator acted on, so the log can be filtered by workspace.
 */
export async function recordAudit(
  db: Db,
  actor: AuditActor,
  action: PlatformAuditAction,
  target: string | null,
  details: Record<string, unknown> = {},
  workspaceId: WorkspaceId | null = null,
): Promise<void> {
  await db.insert(auditLog).values({ actorId: actor?.id ?? null, actorEmail: actor?.email ?? null, workspaceId, action, target, details });
}

// ---------------------------------------------------------------- reading it in words (issue 29)

export type AuditFilters = { actor: string; workspace?: string; kind: string; from?: string; to?: string };

/** A workspace's own activity is recorded as "workspace:{action}"; a kind names the action either way. */
const ACTIVITY_PREFIX = 'workspace:';
const DAY_MS = 86_400_000;
/** The CSV holds at most this many entries (the newest); a narrower period gives the rest. */
export const AUDIT_CSV_MAX_ROWS = 10_000;

/**
 * actor: part of the actor's name or address; workspace: entries inside it or about it; kind: an action or,
 * ending in "." or ":", every action it starts; from/to: UTC days, both included.
 */
function whereOf(filters: AuditFilters): SQL {
  const parts: SQL[] = [sql`true`];
  if (filters.actor) {
    const pattern = likePattern(filters.actor);
    parts.push(sql`(a.actor_email ILIKE ${pattern} OR trim(u.first_name || ' ' || u.last_name) ILIKE ${pattern})`);
  }
  if (filters.workspace) parts.push(sql`(a.workspace_id = ${filters.workspace}::uuid OR a.target = ${filters.workspace})`);
  if (filters.kind) {
    const kind = filters.kind;
    if (/[.:]$/.test(kind)) {
      const pattern = `${likePattern(kind).slice(1, -1)}%`;
      parts.push(sql`(a.action LIKE ${pattern} OR a.action LIKE ${ACTIVITY_PREFIX + pattern})`);
    } else parts.push(sql`a.action IN (${kind}, ${ACTIVITY_PREFIX + kind})`);
  }
  if (filters.from) parts.push(sql`a.created_at >= ${`${filters.from}T00:00:00Z`}::timestamptz`);
  if (filters.to) parts.push(sql`a.created_at < ${new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS).toISOString()}::timestamptz`);
  return sql.join(parts, sql` AND `);
}

type AuditRow = {
  id: number;
  created_at: string;
  action: string;
  target: string | null;
  details: Record<string, unknown> | string;
  actor_id: UserId | null;
  actor_email: string | null;
  actor_name: string | null;
  workspace_id: WorkspaceId | null;
  workspace_name: string | null;
};

async function auditRows(db: Db, filters: AuditFilters, limit: number, offset: number): Promise<AuditRow[]> {
  return rowsOf<AuditRow>(
    await db.execute(sql`
      SELECT a.id::int AS id, a.created_at, a.action, a.target, a.details, a.actor_email,
             u.id AS actor_id, nullif(trim(u.first_name || ' ' || u.last_name), '') AS actor_name,
             w.id AS workspace_id, w.name AS workspace_name
      FROM ${auditLog} a
      LEFT JOIN ${users} u ON u.id = a.actor_id
      LEFT JOIN ${workspaces} w ON w.id = a.workspace_id
      WHERE ${whereOf(filters)}
      ORDER BY a.created_at DESC, a.id DESC
      LIMIT ${limit} OFFSET ${offset}`),
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Named = { key: string; name: string | null; workspace_id: WorkspaceId | null; workspace_name: string | null };

/**
 * What the page's targets are called, in one query whatever the page holds: a target is an id (of a release,
 * a person, a workspace, a brand, an outlet feed, a payment) or a person's address. A payment has no name of
 * its own but belongs to a workspace, as releases and brands do: the entry is then about that workspace.
 */
async function namesOf(db: Db, targets: string[]): Promise<Map<string, Named>> {
  const ids = [...new Set(targets.filter((t) => UUID.test(t)).map((t) => t.toLowerCase()))];
  const emails = [...new Set(targets.filter((t) => t.includes('@')).map((t) => t.toLowerCase()))];
  if (!ids.length && !emails.length) return new Map();
  const rows = rowsOf<Named>(
    await db.execute(sql`
      SELECT pr.id::text AS key, pr.title AS name, w.id AS workspace_id, w.name AS workspace_name
        FROM ${pressReleases} pr LEFT JOIN ${workspaces} w ON w.id = pr.workspace_id WHERE pr.id = ANY(${sql.param(ids)}::uuid[])
      UNION ALL SELECT id::text, nullif(trim(first_name || ' ' || last_name), ''), NULL, NULL FROM ${users} WHERE id = ANY(${sql.param(ids)}::uuid[])
      UNION ALL SELECT lower(email), nullif(trim(first_name || ' ' || last_name), ''), NULL, NULL FROM ${users} WHERE lower(email) = ANY(${sql.param(emails)}::text[])
      UNION ALL SELECT id::text, name, id, name FROM ${workspaces} WHERE id = ANY(${sql.param(ids)}::uuid[])
      UNION ALL SELECT b.id::text, b.name, w.id, w.name FROM ${brands} b JOIN ${workspaces} w ON w.id = b.workspace_id WHERE b.id = ANY(${sql.param(ids)}::uuid[])
      UNION ALL SELECT id::text, outlet, NULL, NULL FROM ${outletFeeds} WHERE id = ANY(${sql.param(ids)}::uuid[])
      UNION ALL SELECT p.id::text, NULL, w.id, w.name FROM ${payments} p JOIN ${workspaces} w ON w.id = p.workspace_id WHERE p.id = ANY(${sql.param(ids)}::uuid[])`),
  );
  return new Map(rows.map((row) => [row.key, row]));
}

/** The words an entry recorded itself, for targets that are gone or were never rows (a file name, a deleted workspace). */
const NAME_DETAILS = ['title', 'workspaceName', 'outlet', 'name', 'email'] as const;

function targetNameOf(row: AuditRow, details: Record<string, unknown>, named: Named | undefined): string | null {
  if (named?.name) return named.name;
  for (const key of NAME_DETAILS) if (typeof details[key] === 'string' && details[key]) return details[key];
  if (row.target && !UUID.test(row.target) && !/^\d+$/.test(row.target)) return row.target;
  return null;
}

function toEntry(row: AuditRow, names: Map<string, Named>): AuditEntry {
  const details = (typeof row.details === 'string' ? JSON.parse(row.details) : row.details) as Record<string, unknown>;
  const named = row.target ? names.get(row.target.toLowerCase()) : undefined;
  const workspace = row.workspace_id
    ? { id: row.workspace_id, name: row.workspace_name ?? '' }
    : named?.workspace_id
      ? { id: named.workspace_id, name: named.workspace_name ?? '' }
      : null;
  const actor = row.actor_id
    ? { id: row.actor_id, name: row.actor_name ?? row.actor_email ?? '', email: row.actor_email }
    : row.actor_email
      ? { id: null, name: row.actor_email, email: row.actor_email }
      : null;
  return {
    id: Number(row.id),
    createdAt: new Date(row.created_at).toISOString(),
    action: row.action,
    actor,
    workspace,
    target: row.target,
    targetName: targetNameOf(row, details, named),
    details,
  };
}

async function entriesOf(db: Db, rows: AuditRow[]): Promise<AuditEntry[]> {
  const names = await namesOf(db, rows.flatMap((row) => (row.target ? [row.target] : [])));
  return rows.map((row) => toEntry(row, names));
}

export async function listAudit(db: Db, query: AuditFilters & { page: number; pageSize: number }): Promise<Paged<AuditEntry>> {
  const [rows, [{ total }]] = await Promise.all([
    auditRows(db, query, query.pageSize, (query.page - 1) * query.pageSize),
    db
      .execute(sql`SELECT count(*)::int AS total FROM ${auditLog} a LEFT JOIN ${users} u ON u.id = a.actor_id WHERE ${whereOf(query)}`)
      .then((result) => rowsOf<{ total: number }>(result)),
  ]);
  return { items: await entriesOf(db, rows), total: Number(total), page: query.page, pageSize: query.pageSize };
}

const CSV_COLUMNS: Record<ReportLanguage, string[]> = {
  en: ['Time (UTC)', 'Actor', 'Actor email', 'Action', 'Workspace', 'Target', 'Target id', 'Details'],
  ar: ['الوقت (UTC)', 'المنفّذ', 'بريد المنفّذ', 'الإجراء', 'مساحة العمل', 'الهدف', 'معرّف الهدف', 'التفاصيل'],
};

/** GET /api/admin/audit.csv: the same entries as the console's filters find, newest first, formula cells neutralised. */
export async function auditCsv(db: Db, filters: AuditFilters, language: ReportLanguage): Promise<{ filename: string; csv: string }> {
  const entries = await entriesOf(db, await auditRows(db, filters, AUDIT_CSV_MAX_ROWS, 0));
  const lines = [
    CSV_COLUMNS[language],
    ...entries.map((e) => [
      e.createdAt.slice(0, 16).replace('T', ' '),
      e.actor?.name ?? '',
      e.actor?.email ?? '',
      e.action,
      e.workspace?.name ?? '',
      e.targetName ?? '',
      e.target ?? '',
      Object.keys(e.details).length ? JSON.stringify(e.details) : '',
    ]),
  ].map((cells) => cells.map(csvCell).join(','));
  const period = [filters.from, filters.to].filter(Boolean).join('_to_');
  // A byte-order mark so spreadsheet programs read Arabic names as UTF-8.
  return { filename: `audit-log${period ? `-${period}` : ''}.csv`, csv: `\uFEFF${lines.join('\r\n')}\r\n` };
}
