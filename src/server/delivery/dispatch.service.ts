import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { versionFor, versionsOf, type Preflight, type ReleaseLanguage, type ReleaseTranslation } from '../../shared/releases.js';
import { extractLinks } from '../../shared/email-template.js';
import { slugWords } from '../../shared/text-fold.js';
import { rowsOf, type Db } from '../db/client.js';
import { pressReleases, releaseLinks } from '../db/schema.js';
import { sanitizeContent } from '../releases/content-sanitizer.js';

/**
 * Turning a release into its delivery queue, inside the caller's transaction (the send transaction or
 * the scheduler's): links frozen for click redirects, a public slug, one delivery per unique address of
 * the chosen lists that is not suppressed, status `sending`.
 */

type DispatchableRelease = {
  id: string;
  workspaceId: string;
  /** The brand it speaks for: its followers receive it, and addresses unsubscribed from it are left out. */
  brandId: string;
  title: string;
  content: string;
  language: string;
  translation: ReleaseTranslation | null;
  recipientLists: string[];
  slug: string | null;
};

export async function dispatchRelease(tx: Db, release: DispatchableRelease, now: Date): Promise<number> {
  const content = sanitizeContent(release.content);
  await freezeLinks(tx, release.id, linkedContentOf({ ...release, content }));
  const recipientCount = await queueDeliveries(tx, release, now);
  await tx
    .update(pressReleases)
    .set({
      content,
      status: 'sending',
      slug: release.slug ?? makeSlug(release.title),
      recipientCount,
      sentAt: now,
      updatedAt: now,
      lockedUntil: null,
    })
    .where(eq(pressReleases.id, release.id));
  return recipientCount;
}

/**
 * The content whose links are numbered for click tracking: the primary version's, then the
 * translation's, so link n means the same URL in every email of the release (release-renderer.ts).
 */
export function linkedContentOf(release: { content: string; translation: ReleaseTranslation | null }): string {
  return release.translation ? `${release.content}${sanitizeContent(release.translation.content)}` : release.content;
}

/** Click redirects go only to these URLs, stored at send time (no open redirect). */
async function freezeLinks(tx: Db, releaseId: string, content: string): Promise<void> {
  await tx.delete(releaseLinks).where(eq(releaseLinks.releaseId, releaseId));
  const urls = extractLinks(content);
  if (urls.length) await tx.insert(releaseLinks).values(urls.map((url, i) => ({ releaseId, linkId: i + 1, url })));
}

/**
 * One queued delivery per unique (lower-case) address across the owner's chosen lists, minus suppressed
 * addresses and those that unsubscribed from this release's brand only, each with a random token (two v4 UUIDs from the server's CSPRNG: 244 random bits).
 * The join over list_contacts ⋈ global_contacts is the lists feature's data (lists.service.ts
 * recipientsOfLists reads the same set into memory); it is read here as one INSERT … SELECT so that
 * the expansion happens in the send transaction, on the database, without a round trip per recipient.
 */
async function queueDeliveries(tx: Db, release: DispatchableRelease, now: Date): Promise<number> {
  // Each journalist gets the version in their language (versionFor), the primary one otherwise.
  const versions = versionsOf(release);
  const result = await tx.execute(sql`
    INSERT INTO deliveries (release_id, email, contact_id, language, token, status, next_attempt_at)
    SELECT ${release.id}::uuid, r.email, r.contact_id,
           CASE WHEN r.language = ANY(${sql.param(versions)}::text[]) THEN r.language ELSE ${versions[0]} END,
           replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''),
           'queued', ${now.toISOString()}::timestamptz
    FROM (
      SELECT DISTINCT ON (lower(gc.email)) lower(gc.email) AS email, gc.id AS contact_id, lower(gc.language) AS language,
             lower(gc.first_name) AS first_name, lower(gc.last_name) AS last_name
      FROM list_contacts lc
      JOIN user_lists ul ON ul.id = lc.list_id
      JOIN global_contacts gc ON gc.id = lc.global_contact_id
      WHERE ul.workspace_id = ${release.workspaceId}::uuid
        AND lc.list_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(release.recipientLists)}::jsonb)::uuid)
      ORDER BY lower(gc.email), gc.id
    ) r
    WHERE NOT EXISTS (SELECT 1 FROM suppressions s WHERE s.email = r.email)
      AND NOT EXISTS (SELECT 1 FROM company_unsubscribes c WHERE c.email = r.email AND c.company_id = ${release.brandId}::uuid)
    -- Sending order is the recipients table's default order and breaks its ties: by name, never by
    -- address, so that it tells a sender who may not see addresses nothing about them.
    ORDER BY r.first_name, r.last_name, r.contact_id
    ON CONFLICT (release_id, email) DO NOTHING`);
  void result;
  await queueFollowers(tx, release, versions, now);
  const counted = await tx.execute(
    sql`SELECT count(*)::int AS n FROM deliveries WHERE release_id = ${release.id}::uuid AND audience = 'list'`,
  );
  return Number((counted as unknown as { rows: Array<{ n: number }> }).rows[0].n);
}

/**
 * The brand's confirmed newsroom followers (while its newsroom is online) get the release too, in their language, free of charge
 * and apart from the journalists (audience 'follower'); an address already queued as a journalist is
 * not sent it twice, and suppressed addresses are left out as for everyone.
 */
async function queueFollowers(tx: Db, release: DispatchableRelease, versions: ReleaseLanguage[], now: Date): Promise<void> {
  await tx.execute(sql`
    INSERT INTO deliveries (release_id, email, contact_id, language, audience, token, status, next_attempt_at)
    SELECT ${release.id}::uuid, f.email, NULL,
           CASE WHEN f.language = ANY(${sql.param(versions)}::text[]) THEN f.language ELSE ${versions[0]} END, 'follower',
           replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''),
           'queued', ${now.toISOString()}::timestamptz
    FROM newsroom_followers f
    JOIN brands b ON b.id = f.company_id AND b.newsroom_enabled
    WHERE f.company_id = ${release.brandId}::uuid AND f.confirmed_at IS NOT NULL AND f.unsubscribed_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM suppressions s WHERE s.email = f.email)
    ORDER BY f.created_at, f.id
    ON CONFLICT (release_id, email) DO NOTHING`);
}

/** Readable and unguessable: the title's latin words (if any) and 48 random bits. */
export function makeSlug(title: string): string {
  const words = slugWords(title, 8, 60);
  const suffix = randomBytes(6).toString('hex');
  return words ? `${words}-${suffix}` : suffix;
}

export type Audience = Pick<
  Preflight,
  'recipients' | 'duplicates' | 'suppressed' | 'suppressedByReason' | 'byCountry' | 'byLanguage' | 'byVersion'
>;

/**
 * The same set dispatch queues (queueDeliveries above), counted instead of inserted: the pre-send check
 * and review. `versions`: the release's languages, primary first, to count recipients per version.
 * `brandId`: the brand it speaks for, whose unsubscribed addresses are left out.
 */
export async function audienceOf(
  db: Db,
  ownerId: string,
  listIds: string[],
  versions: readonly ReleaseLanguage[] = ['english'],
  brandId: string,
): Promise<Audience> {
  const empty: Audience = { recipients: 0, duplicates: 0, suppressed: 0, suppressedByReason: [], byCountry: [], byLanguage: [], byVersion: [] };
  if (!listIds.length) return empty;
  const result = await db.execute(sql`
    WITH members AS (
      SELECT lower(gc.email) AS email, gc.id, gc.country, gc.language
      FROM list_contacts lc
      JOIN user_lists ul ON ul.id = lc.list_id
      JOIN global_contacts gc ON gc.id = lc.global_contact_id
      WHERE ul.workspace_id = ${ownerId}::uuid
        AND lc.list_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(listIds)}::jsonb)::uuid)
    ),
    unique_members AS (SELECT DISTINCT ON (email) email, country, language FROM members ORDER BY email, id),
    marked AS (
      SELECT u.*, coalesce(s.reason, CASE WHEN c.email IS NOT NULL THEN 'unsubscribed_company' END) AS reason
      FROM unique_members u
      LEFT JOIN suppressions s ON s.email = u.email
      LEFT JOIN company_unsubscribes c ON c.email = u.email AND c.company_id = ${brandId}::uuid
    )
    SELECT 'total' AS kind, '' AS key, count(*)::int AS n FROM members
    UNION ALL SELECT 'unique', '', count(*)::int FROM unique_members
    UNION ALL SELECT 'suppressed', reason, count(*)::int FROM marked WHERE reason IS NOT NULL GROUP BY reason
    UNION ALL SELECT 'country', country, count(*)::int FROM marked WHERE reason IS NULL GROUP BY country
    UNION ALL SELECT 'language', language, count(*)::int FROM marked WHERE reason IS NULL GROUP BY language`);
  const rows = rowsOf<{ kind: string; key: string; n: number }>(result);
  const of = (kind: string) => rows.filter((r) => r.kind === kind).sort((a, b) => b.n - a.n || a.key.localeCompare(b.key));
  const total = of('total')[0]?.n ?? 0;
  const unique = of('unique')[0]?.n ?? 0;
  const suppressedByReason = of('suppressed').map((r) => ({ reason: r.key, count: r.n }));
  const suppressed = suppressedByReason.reduce((sum, r) => sum + r.count, 0);
  return {
    recipients: unique - suppressed,
    duplicates: total - unique,
    suppressed,
    suppressedByReason,
    byCountry: of('country').map((r) => ({ country: r.key, count: r.n })),
    byLanguage: of('language').map((r) => ({ language: r.key, count: r.n })),
    byVersion: countByVersion(of('language'), versions),
  };
}

function countByVersion(byLanguage: Array<{ key: string; n: number }>, versions: readonly ReleaseLanguage[]) {
  const counts = new Map<ReleaseLanguage, number>(versions.map((v) => [v, 0]));
  for (const { key, n } of byLanguage) {
    const version = versionFor(key, versions);
    counts.set(version, counts.get(version)! + n);
  }
  return [...counts].map(([language, count]) => ({ language, count }));
}
