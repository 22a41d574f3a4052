import type { BrandId, WorkspaceId } from '../../shared/ids.js';
import { sql, type SQL } from 'drizzle-orm';
import { releaseScopeSql } from '../access/access.js';
import { brandFilterSql, requireVisibleBrand } from '../brands/brand-filter.js';
import type { CurrentUser } from '../../shared/auth.js';
import type { ReleaseLanguage } from '../../shared/releases.js';
import type { ActivityItem, ActivityType, Campaign, CampaignPage, CampaignStatus, ContactsPage, RecentActivity } from '../../shared/campaigns.js';
import { rowsOf, type Db } from '../db/client.js';
import { deliveries, deliveryReports, globalContacts, listContacts, pressReleases, trackingEvents, userLists } from '../db/schema.js';
import { appError } from '../http/errors.js';
import { presentContact, type ContactRow } from '../contacts/contact-view.js';

/** A super admin sees every workspace's campaigns; anyone else their workspace's (access module). */
const ownerScope = (actor: CurrentUser): SQL => releaseScopeSql(sql`pr`, actor, { platformWide: true });

const iso = (value: string | Date | null) => (value ? new Date(value).toISOString() : null);

type CampaignRow = {
  id: string;
  title: string;
  status: string;
  created_at: string;
  recipients: number;
  waiting: number;
  sent_count: number;
  delivered_count: number;
  opened_count: number;
  completed_at: string | null;
};

function campaignStatus(row: CampaignRow): CampaignStatus {
  if (row.status === 'sent' || row.status === 'failed') return 'completed';
  return row.sent_count > 0 ? 'sending' : 'pending';
}

const toCampaign = (row: CampaignRow): Campaign => ({
  id: row.id,
  pressReleaseId: row.id,
  title: row.title,
  status: campaignStatus(row),
  recipients: row.recipients,
  sentCount: row.sent_count,
  deliveredCount: row.delivered_count,
  openedCount: row.opened_count,
  createdAt: iso(row.created_at)!,
  completedAt: campaignStatus(row) === 'completed' ? iso(row.completed_at) : null,
});

/** Releases that went out (or are going out), with their delivery figures. */
const CAMPAIGN_COLUMNS = sql`
  pr.id, pr.title, pr.status, coalesce(pr.sent_at, pr.created_at) AS created_at,
  (SELECT count(*) FROM ${deliveries} d WHERE d.release_id = pr.id)::int AS recipients,
  (SELECT count(*) FROM ${deliveries} d WHERE d.release_id = pr.id AND d.status NOT IN ('queued', 'sending'))::int AS sent_count,
  (SELECT count(*) FROM ${deliveries} d WHERE d.release_id = pr.id AND d.status IN ('sent', 'complained'))::int AS delivered_count,
  (SELECT count(DISTINCT te.delivery_id) FROM ${trackingEvents} te WHERE te.release_id = pr.id AND te.type IN ('open', 'click'))::int AS opened_count,
  (SELECT max(d.sent_at) FROM ${deliveries} d WHERE d.release_id = pr.id) AS completed_at`;
const WAS_SENT = sql`pr.status IN ('sending', 'sent', 'failed')`;

/** GET /api/campaigns: newest first, a page at a time; one brand's with `brandId`. */
export async function listCampaigns(db: Db, actor: CurrentUser, paging: { page: number; pageSize: number; brandId?: BrandId }): Promise<CampaignPage> {
  if (paging.brandId) await requireVisibleBrand(db, actor, paging.brandId);
  const [{ total }] = rowsOf<{ total: number }>(
    await db.execute(sql`SELECT count(*)::int AS total FROM ${pressReleases} pr WHERE ${WAS_SENT} AND ${ownerScope(actor)} AND ${brandFilterSql(paging.brandId)}`),
  );
  const rows = rowsOf<CampaignRow>(
    await db.execute(sql`
      SELECT ${CAMPAIGN_COLUMNS} FROM ${pressReleases} pr
      WHERE ${WAS_SENT} AND ${ownerScope(actor)} AND ${brandFilterSql(paging.brandId)}
      ORDER BY coalesce(pr.sent_at, pr.created_at) DESC, pr.id
      LIMIT ${paging.pageSize} OFFSET ${(paging.page - 1) * paging.pageSize}`),
  );
  return { items: rows.map(toCampaign), total, page: paging.page, pageSize: paging.pageSize };
}

async function visibleCampaign(db: Db, actor: CurrentUser, id: string): Promise<void> {
  const [found] = rowsOf<{ id: string }>(
    await db.execute(sql`SELECT pr.id FROM ${pressReleases} pr WHERE pr.id = ${id}::uuid AND ${WAS_SENT} AND ${ownerScope(actor)}`),
  );
  if (!found) throw appError('CAMPAIGN_NOT_FOUND');
}

/** GET /api/campaigns/{id}/contacts: the media-database contacts it went to, by name, masked unless allowed. */
export async function campaignContacts(
  db: Db,
  actor: CurrentUser,
  id: string,
  paging: { page: number; pageSize: number },
  reveal: boolean,
): Promise<ContactsPage> {
  await visibleCampaign(db, actor, id);
  const inCampaign = sql`gc.id IN (SELECT d.contact_id FROM ${deliveries} d WHERE d.release_id = ${id}::uuid AND d.contact_id IS NOT NULL)`;
  return contactsPage(db, inCampaign, paging, reveal);
}

/** GET /api/contacts: the distinct contacts across the user's own lists. */
export async function contactsOfUserLists(db: Db, workspaceId: WorkspaceId, paging: { page: number; pageSize: number }, reveal: boolean): Promise<ContactsPage> {
  const inLists = sql`gc.id IN (SELECT lc.global_contact_id FROM ${listContacts} lc JOIN ${userLists} ul ON ul.id = lc.list_id WHERE ul.workspace_id = ${workspaceId}::uuid)`;
  return contactsPage(db, inLists, paging, reveal);
}

async function contactsPage(db: Db, where: SQL, paging: { page: number; pageSize: number }, reveal: boolean): Promise<ContactsPage> {
  const [{ total }] = rowsOf<{ total: number }>(await db.execute(sql`SELECT count(*)::int AS total FROM ${globalContacts} gc WHERE ${where}`));
  const rows = await db
    .select()
    .from(globalContacts)
    .where(sql`${globalContacts.id} IN (SELECT gc.id FROM ${globalContacts} gc WHERE ${where})`)
    .orderBy(globalContacts.firstName, globalContacts.lastName, globalContacts.id)
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  return { items: rows.map((row: ContactRow) => presentContact(row, reveal)), total, page: paging.page, pageSize: paging.pageSize };
}

const RECENT_CAMPAIGNS = 5;
const RECENT_ITEMS = 10;

/**
 * GET /api/campaigns/activity: the last things that happened to the user's last five campaigns —
 * delivered, opened (people, not machines), clicked, downloaded, bounced, unsubscribed.
 */
export async function recentActivity(db: Db, actor: CurrentUser): Promise<RecentActivity> {
  const campaigns = rowsOf<{ id: string; status: string }>(
    await db.execute(sql`
      SELECT pr.id, pr.status FROM ${pressReleases} pr WHERE ${WAS_SENT} AND ${releaseScopeSql(sql`pr`, actor)}
      ORDER BY coalesce(pr.sent_at, pr.created_at) DESC, pr.id LIMIT ${RECENT_CAMPAIGNS}`),
  );
  if (!campaigns.length) return { items: [], live: false };
  const ids = sql.param(campaigns.map((c) => c.id));
  const rows = rowsOf<{ type: ActivityType; at: string; release_id: string; title: string; language: ReleaseLanguage; translation_title: string | null; first_name: string | null; last_name: string | null; organization: string | null }>(
    await db.execute(sql`
      WITH events AS (
        (SELECT 'delivered' AS type, d.sent_at AS at, d.id AS delivery_id FROM ${deliveries} d
          WHERE d.release_id = ANY(${ids}::uuid[]) AND d.status IN ('sent', 'complained') AND d.sent_at IS NOT NULL
          ORDER BY d.sent_at DESC LIMIT ${RECENT_ITEMS})
        UNION ALL
        (SELECT CASE te.type WHEN 'open' THEN 'opened' WHEN 'click' THEN 'clicked' WHEN 'download' THEN 'downloaded' ELSE 'unsubscribed' END,
                te.created_at, te.delivery_id FROM ${trackingEvents} te
          WHERE te.release_id = ANY(${ids}::uuid[]) AND te.type IN ('open', 'click', 'download', 'unsubscribe')
          ORDER BY te.created_at DESC LIMIT ${RECENT_ITEMS})
        UNION ALL
        (SELECT 'bounced', coalesce(r.created_at, d.next_attempt_at), d.id FROM ${deliveries} d
          LEFT JOIN ${deliveryReports} r ON r.delivery_id = d.id AND r.kind = 'hard'
          WHERE d.release_id = ANY(${ids}::uuid[]) AND d.status = 'bounced'
          ORDER BY 2 DESC LIMIT ${RECENT_ITEMS}))
      SELECT e.type, e.at, d.release_id, pr.title, pr.language, nullif(pr.translation->>'title', '') AS translation_title, gc.first_name, gc.last_name, gc.organization
      FROM events e JOIN ${deliveries} d ON d.id = e.delivery_id JOIN ${pressReleases} pr ON pr.id = d.release_id
      LEFT JOIN ${globalContacts} gc ON gc.id = d.contact_id
      ORDER BY e.at DESC, e.type LIMIT ${RECENT_ITEMS}`),
  );
  const items = rows.map(
    (r): ActivityItem => ({
      type: r.type,
      at: iso(r.at)!,
      releaseId: r.release_id,
      releaseTitle: r.title,
      releaseLanguage: r.language,
      releaseTranslationTitle: r.translation_title,
      name: [r.first_name, r.last_name].filter(Boolean).join(' '),
      outlet: r.organization ?? '',
    }),
  );
  return { items, live: campaigns.some((c) => c.status === 'sending') };
}
