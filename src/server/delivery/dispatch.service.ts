import type { BrandId, ReleaseId, WorkspaceId } from '../../shared/ids.js';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { versionFor, versionsOf, type Preflight, type ReleaseLanguage, type ReleaseTranslation } from '../../shared/releases.js';
import type { EmbargoAudience } from '../../shared/embargo.js';
import { extractLinks } from '../../shared/email-template.js';
import { releaseSlugWords } from '../../shared/release-address.js';
import { rowsOf, type Db } from '../db/client.js';
import { brands, deliveries, journalistPreferences, listContacts, newsroomFollowers, pressReleases, releaseLinks, suppressions } from '../db/schema.js';
import { sanitizeContent } from '../content/content-sanitizer.js';
import { LEFT_OUT_ORDER, releaseSelection, selectionCtes, type SelectionFilters } from './recipient-selection.js';
import { ADVISORY_LOCKS } from '../db/advisory-locks.js';
import { insertSelected, queueEmbargoNotices } from './embargo-deliveries.js';

/**
 * Turning a release into its delivery queue, inside the caller's transaction (the send transaction or
 * the scheduler's): links frozen for click redirects, a public slug, one delivery per unique address of
 * the chosen lists that is not suppressed. The status is the lifecycle's to write (releases/lifecycle.ts).
 */

type DispatchableRelease = {
  id: ReleaseId;
  workspaceId: WorkspaceId;
  /** The brand it speaks for: its followers receive it, and addresses unsubscribed from it are left out. */
  brandId: BrandId;
  title: string;
  content: string;
  language: string;
  translation: ReleaseTranslation | null;
  recipientLists: string[];
  slug: string | null;
  /** What it is about, its dateline and its embargo: journalists' preferences are read against them (decision 024). */
  topics: string[];
  location: string;
  /** While in the future at the send, the release stays unpublished (and its followers wait) until it lifts. */
  embargoUntil: Date | null;
};

/** Whether the release's embargo still holds at `now`: nothing public shows it yet. */
export const isEmbargoed = (release: { embargoUntil: Date | null }, now: Date) =>
  release.embargoUntil !== null && new Date(release.embargoUntil) > now;

/** The release's side of recipient selection (recipient-selection.ts). */
export function selectionFiltersOf(release: { id?: ReleaseId; topics?: string[] | null; location?: string | null; embargoUntil?: Date | string | null }): SelectionFilters {
  return {
    topics: release.topics ?? [],
    location: release.location ?? null,
    embargoUntil: release.embargoUntil ? new Date(release.embargoUntil) : null,
    releaseId: release.id ?? null,
  };
}

export async function dispatchRelease(tx: Db, release: DispatchableRelease, now: Date): Promise<number> {
  const content = sanitizeContent(release.content);
  await freezeLinks(tx, release.id, linkedContentOf({ ...release, content }));
  const recipientCount = await queueDeliveries(tx, release, now);
  await tx
    .update(pressReleases)
    .set({
      content,
      slug: release.slug ?? makeSlug(release.title),
      recipientCount,
      sentAt: now,
      // Public from the send unless an embargo holds it; then the scheduler publishes it at the lift.
      publishedAt: isEmbargoed(release, now) ? null : now,
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
async function freezeLinks(tx: Db, releaseId: ReleaseId, content: string): Promise<void> {
  await tx.delete(releaseLinks).where(eq(releaseLinks.releaseId, releaseId));
  const urls = extractLinks(content);
  if (urls.length) await tx.insert(releaseLinks).values(urls.map((url, i) => ({ releaseId, linkId: i + 1, url })));
}

/**
 * A weekly cap counts the journalist's deliveries of the week; two sends counting at the same moment would each
 * see the other's uncommitted rows as absent and both pass a cap of one. When the lists hold a journalist with a
 * cap, the send waits for any other such send to commit: its INSERT … SELECT (a new snapshot under READ
 * COMMITTED) then counts that one's deliveries. Sends to lists without a capped journalist never wait.
 */
async function serializeCappedSends(tx: Db, listIds: string[]): Promise<void> {
  const found = await tx.execute(sql`
    SELECT 1 FROM ${listContacts} lc JOIN ${journalistPreferences} p ON p.contact_id = lc.global_contact_id
    WHERE lc.list_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(listIds)}::jsonb)::uuid)
      AND (p.weekly_cap IS NOT NULL OR p.digest)
    LIMIT 1`);
  if (rowsOf(found).length) await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.cappedSends})`);
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
  const { versions, selection } = releaseSelection(release, now);
  await serializeCappedSends(tx, release.recipientLists);
  // Everyone it reaches now; whoever waits for an embargo's lift is sent the notice instead (decision 027).
  await insertSelected(tx, { releaseId: release.id, versions, now, audience: 'list', selection, where: sql`r.left_out IS NULL AND NOT r.waits_for_lift` });
  await queueEmbargoNotices(tx, { releaseId: release.id, versions, now, selection });
  await queueFollowers(tx, release, versions, now);
  const counted = await tx.execute(
    // The journalists it is addressed to: those it reaches now and those asked to agree to its embargo.
    sql`SELECT count(*)::int AS n FROM ${deliveries} WHERE release_id = ${release.id}::uuid AND audience IN ('list', 'embargo_notice')`,
  );
  return Number(rowsOf<{ n: number }>(counted)[0].n);
}

/**
 * The brand's confirmed newsroom followers (while its newsroom is online) get the release too, in their language, free of charge
 * and apart from the journalists (audience 'follower'); an address already queued as a journalist is
 * not sent it twice, and suppressed addresses are left out as for everyone. Following is public: while
 * an embargo holds, the followers wait for the lift (queueFollowersAtLift).
 */
async function queueFollowers(tx: Db, release: DispatchableRelease, versions: ReleaseLanguage[], now: Date): Promise<void> {
  if (isEmbargoed(release, now)) return;
  await insertFollowerDeliveries(tx, release, versions, now);
}

/** At the embargo's lift (scheduler.ts): the followers get the release that was held from them. */
export async function queueFollowersAtLift(
  tx: Db,
  release: Pick<DispatchableRelease, 'id' | 'brandId' | 'language' | 'translation'>,
  now: Date,
): Promise<void> {
  await insertFollowerDeliveries(tx, release, versionsOf(release), now);
}

async function insertFollowerDeliveries(
  tx: Db,
  release: Pick<DispatchableRelease, 'id' | 'brandId'>,
  versions: ReleaseLanguage[],
  now: Date,
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ${deliveries} (release_id, email, contact_id, language, audience, token, status, next_attempt_at)
    SELECT ${release.id}::uuid, f.email, NULL,
           CASE WHEN f.language = ANY(${sql.param(versions)}::text[]) THEN f.language ELSE ${versions[0]} END, 'follower',
           replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''),
           'queued', ${now.toISOString()}::timestamptz
    FROM ${newsroomFollowers} f
    JOIN ${brands} b ON b.id = f.brand_id AND b.newsroom_enabled
    WHERE f.brand_id = ${release.brandId}::uuid AND f.confirmed_at IS NOT NULL AND f.unsubscribed_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM ${suppressions} s WHERE s.email = f.email)
    ORDER BY f.created_at, f.id
    ON CONFLICT (release_id, email) WHERE audience <> 'embargo_notice' DO NOTHING`);
}

/** Readable and unguessable: the title's Latin or Arabic words (if any) and 48 random bits. */
export function makeSlug(title: string): string {
  const words = releaseSlugWords(title);
  const suffix = randomBytes(6).toString('hex');
  return words ? `${words}-${suffix}` : suffix;
}

export type Audience = Pick<
  Preflight,
  'recipients' | 'duplicates' | 'suppressed' | 'suppressedByReason' | 'byCountry' | 'byLanguage' | 'byVersion' | 'leftOut' | 'embargo'
>;

/** Reasons that were counted as "suppressed" before journalists had preferences (Preflight.suppressed keeps them). */
const SUPPRESSION_REASONS = new Set(['suppressed', 'unsubscribed', 'company_unsubscribe']);

/**
 * The same set dispatch queues (queueDeliveries above), counted instead of inserted: the pre-send check
 * and review. `versions`: the release's languages, primary first, to count recipients per version.
 * `brandId`: the brand it speaks for, whose unsubscribed addresses are left out. `filters`: the release's
 * topics, dateline and embargo, read against the journalists' preferences. Counts only: no address leaves.
 */
export async function audienceOf(
  db: Db,
  workspaceId: WorkspaceId,
  listIds: string[],
  versions: readonly ReleaseLanguage[] = ['english'],
  brandId: BrandId,
  filters: SelectionFilters = {},
  now: Date = new Date(),
): Promise<Audience> {
  const embargoed = Boolean(filters.embargoUntil && filters.embargoUntil > now);
  const empty: Audience = {
    recipients: 0, duplicates: 0, suppressed: 0, suppressedByReason: [], byCountry: [], byLanguage: [], byVersion: [], leftOut: [],
    embargo: embargoed ? { now: 0, asked: 0, atLift: 0 } : null,
  };
  if (!listIds.length) return empty;
  const result = await db.execute(sql`
    ${selectionCtes({ workspaceId, listIds, brandId, versions, now, ...filters })}
    SELECT 'total' AS kind, '' AS key, count(*)::int AS n FROM members
    UNION ALL SELECT 'unique', '', count(*)::int FROM selected
    UNION ALL SELECT 'asked', '', count(*)::int FROM selected WHERE left_out IS NULL AND waits_for_lift
    UNION ALL SELECT 'left_out', left_out, count(*)::int FROM selected WHERE left_out IS NOT NULL GROUP BY left_out
    UNION ALL SELECT 'suppressed', suppression, count(*)::int FROM selected
      WHERE left_out IN ('suppressed', 'unsubscribed', 'company_unsubscribe') GROUP BY suppression
    UNION ALL SELECT 'country', country, count(*)::int FROM selected WHERE left_out IS NULL GROUP BY country
    UNION ALL SELECT 'language', language, count(*)::int FROM selected WHERE left_out IS NULL GROUP BY language`);
  const rows = rowsOf<{ kind: string; key: string; n: number }>(result);
  const of = (kind: string) => rows.filter((r) => r.kind === kind).sort((a, b) => b.n - a.n || a.key.localeCompare(b.key));
  const total = of('total')[0]?.n ?? 0;
  const unique = of('unique')[0]?.n ?? 0;
  const leftOutCounts = new Map(of('left_out').map((r) => [r.key, r.n]));
  const leftOut = LEFT_OUT_ORDER.filter((reason) => leftOutCounts.has(reason)).map((reason) => ({ reason, count: leftOutCounts.get(reason)! }));
  const suppressedByReason = of('suppressed').map((r) => ({ reason: r.key, count: r.n }));
  const suppressed = leftOut.filter((l) => SUPPRESSION_REASONS.has(l.reason)).reduce((sum, l) => sum + l.count, 0);
  const notReached = leftOut.reduce((sum, l) => sum + l.count, 0);
  const recipients = unique - notReached;
  const asked = of('asked')[0]?.n ?? 0;
  return {
    recipients,
    // Before the send nobody has agreed yet: everyone asked still waits for the lift (EmbargoAudience).
    embargo: embargoed ? ({ now: recipients - asked, asked, atLift: asked } satisfies EmbargoAudience) : null,
    duplicates: total - unique,
    suppressed,
    suppressedByReason,
    byCountry: of('country').map((r) => ({ country: r.key, count: r.n })),
    byLanguage: of('language').map((r) => ({ language: r.key, count: r.n })),
    byVersion: countByVersion(of('language'), versions),
    leftOut,
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
