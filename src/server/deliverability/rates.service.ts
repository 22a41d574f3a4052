import { sql } from 'drizzle-orm';
import {
  BOUNCE_RATE_WARNING,
  COMPLAINT_RATE_WARNING,
  RATES_WINDOW_DAYS,
  type CustomerRates,
  type DeliverabilityReport,
  type SendingRates,
} from '../../shared/deliverability.js';
import { rowsOf, type Db } from '../db/client.js';
import { contactEmailOf } from '../access/roles.js';
import { deliveries, pressReleases, workspaces } from '../db/schema.js';

type Counts = { sent: number; bounced: number; complaints: number };

const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0);

function ratesOf({ sent, bounced, complaints }: Counts): SendingRates {
  const bounceRate = rate(bounced, sent);
  const complaintRate = rate(complaints, sent - bounced);
  return { sent, bounced, complaints, bounceRate, complaintRate, warning: complaintRate > COMPLAINT_RATE_WARNING || bounceRate > BOUNCE_RATE_WARNING };
}

/**
 * GET /api/admin/deliverability: the platform's and each customer's rates over the window, customers
 * over a threshold first, then by volume. Deliveries count by when they were queued.
 */
export async function deliverabilityReport(db: Db, now: Date, paging: { page: number; pageSize: number }): Promise<DeliverabilityReport> {
  const since = new Date(now.getTime() - RATES_WINDOW_DAYS * 86_400_000).toISOString();
  const answered = sql`d.created_at >= ${since}::timestamptz AND d.status IN ('sent', 'bounced', 'complained')`;
  const counts = sql`count(*)::int AS sent,
    count(*) FILTER (WHERE d.status = 'bounced')::int AS bounced,
    count(*) FILTER (WHERE d.status = 'complained')::int AS complaints`;
  const [platform] = rowsOf<Counts>(await db.execute(sql`SELECT ${counts} FROM ${deliveries} d WHERE ${answered}`));
  const rows = rowsOf<Counts & { workspace_id: string; company_name: string; email: string | null; total: number }>(
    await db.execute(sql`
      WITH per_customer AS (
        SELECT pr.workspace_id, ${counts} FROM ${deliveries} d JOIN ${pressReleases} pr ON pr.id = d.release_id
        WHERE ${answered} GROUP BY pr.workspace_id)
      SELECT c.*, w.name AS company_name,
             ${contactEmailOf(sql`w.id`)} AS email,
             count(*) OVER ()::int AS total
      FROM per_customer c JOIN ${workspaces} w ON w.id = c.workspace_id
      ORDER BY (c.complaints * 100.0 / greatest(c.sent - c.bounced, 1) > ${COMPLAINT_RATE_WARNING}
                OR c.bounced * 100.0 / greatest(c.sent, 1) > ${BOUNCE_RATE_WARNING}) DESC,
               c.sent DESC, c.workspace_id
      LIMIT ${paging.pageSize} OFFSET ${(paging.page - 1) * paging.pageSize}`),
  );
  const customers = rows.map(
    (r): CustomerRates => ({ workspaceId: r.workspace_id, companyName: r.company_name, email: r.email ?? '', ...ratesOf({ sent: r.sent, bounced: r.bounced, complaints: r.complaints }) }),
  );
  return {
    windowDays: RATES_WINDOW_DAYS,
    thresholds: { complaintRate: COMPLAINT_RATE_WARNING, bounceRate: BOUNCE_RATE_WARNING },
    platform: ratesOf({ sent: Number(platform.sent), bounced: Number(platform.bounced), complaints: Number(platform.complaints) }),
    customers: { items: customers, total: rows[0]?.total ?? (await countCustomers(db, since)), page: paging.page, pageSize: paging.pageSize },
  };
}

/** The total when the asked page is past the end (no row carries it). */
async function countCustomers(db: Db, since: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      SELECT count(DISTINCT pr.workspace_id)::int AS n FROM ${deliveries} d JOIN ${pressReleases} pr ON pr.id = d.release_id
      WHERE d.created_at >= ${since}::timestamptz AND d.status IN ('sent', 'bounced', 'complained')`),
  );
  return Number(row.n);
}
