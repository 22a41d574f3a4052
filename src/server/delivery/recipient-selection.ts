import type { BrandId, ReleaseId, WorkspaceId } from '../../shared/ids.js';
import { sql, type SQL } from 'drizzle-orm';
import { COUNTRIES, canonicalCountry, type Country } from '../../shared/contacts.js';
import type { LeftOutReason } from '../../shared/preferences.js';
import { versionsOf, type ReleaseLanguage, type ReleaseTranslation } from '../../shared/releases.js';
import { brandNameKeys } from '../suppressions/company-names.js';
import { brands, companyUnsubscribes, deliveries, globalContacts, journalistPreferences, listContacts, suppressions, userLists } from '../db/schema.js';

/**
 * Who of the chosen lists gets a release, and why the others do not (decision 024). One set of common table
 * expressions, `selected`, read by the send (an INSERT … SELECT) and by the pre-send count alike, so the
 * summary always counts what the send does. Each address carries at most one reason, the first that applies
 * in LEFT_OUT_ORDER.
 */

/**
 * The order reasons are tried in: the address cannot be mailed at all (a bounce, a complaint, an admin's
 * suppression), then the journalist's own opt-outs (from everyone, from this company), then what the release
 * is about (language, topic, country), and the weekly cap last: a cap counts only releases the journalist
 * would otherwise have received. An embargo leaves nobody out (decision 027): whoever would get the release
 * but neither accepts embargoes nor is accredited `waits_for_lift`, and is asked to agree instead.
 */
export const LEFT_OUT_ORDER: readonly LeftOutReason[] = [
  'suppressed',
  'unsubscribed',
  'company_unsubscribe',
  'language',
  'topic',
  'country',
  'weekly_cap',
];

/** What of the release decides who gets it, besides its lists and brand. */
export type SelectionFilters = {
  /** TOPICS it is about; empty: no topic filter. */
  topics?: readonly string[];
  /** The dateline (location); the country is read from it when it names one of ours. */
  location?: string | null;
  /** While in the future, only journalists who accept embargoes or are accredited get it now; the others wait for the lift. */
  embargoUntil?: Date | null;
  /** The release itself: its own deliveries do not count against a weekly cap (a retried dispatch). */
  releaseId?: ReleaseId | null;
};

export type SelectionInput = SelectionFilters & {
  workspaceId: WorkspaceId;
  listIds: readonly string[];
  brandId: BrandId;
  /** The release's languages, primary first. */
  versions: readonly ReleaseLanguage[];
  now: Date;
};

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/** Capitals and the main business cities of our countries, as datelines name them. */
const CITY_COUNTRIES: Record<string, Country> = {
  dubai: 'UAE',
  'abu dhabi': 'UAE',
  sharjah: 'UAE',
  riyadh: 'Saudi Arabia',
  jeddah: 'Saudi Arabia',
  dammam: 'Saudi Arabia',
  cairo: 'Egypt',
  alexandria: 'Egypt',
  beirut: 'Lebanon',
  amman: 'Jordan',
  'kuwait city': 'Kuwait',
  doha: 'Qatar',
  manama: 'Bahrain',
  muscat: 'Oman',
  rabat: 'Morocco',
  casablanca: 'Morocco',
  tunis: 'Tunisia',
  algiers: 'Algeria',
  baghdad: 'Iraq',
  erbil: 'Iraq',
  "sana'a": 'Yemen',
  sanaa: 'Yemen',
  khartoum: 'Sudan',
  'دبي': 'UAE',
  'أبوظبي': 'UAE',
  'أبو ظبي': 'UAE',
  'الرياض': 'Saudi Arabia',
  'جدة': 'Saudi Arabia',
  'القاهرة': 'Egypt',
  'بيروت': 'Lebanon',
  'عمّان': 'Jordan',
  'عمان': 'Jordan',
  'الكويت': 'Kuwait',
  'الدوحة': 'Qatar',
  'المنامة': 'Bahrain',
  'مسقط': 'Oman',
  'الرباط': 'Morocco',
  'تونس': 'Tunisia',
  'الجزائر': 'Algeria',
  'بغداد': 'Iraq',
  'صنعاء': 'Yemen',
  'الخرطوم': 'Sudan',
};

/**
 * The country a dateline names ("Dubai, UAE", "Riyadh", "الرياض"), or null when it names none of ours: then
 * the country preference does not filter (a release whose place is unknown is not withheld from anyone).
 * The last part that is a country or a known city wins ("Cairo, Egypt" → Egypt).
 */
export function countryOfLocation(location: string | null | undefined): Country | null {
  const parts = (location ?? '').split(/[,،]/).map((p) => p.trim()).filter(Boolean).reverse();
  for (const part of parts) {
    const canonical = canonicalCountry(part);
    const country = COUNTRIES.find((c) => c === canonical) ?? CITY_COUNTRIES[part.toLowerCase()];
    if (country) return country;
  }
  return null;
}

const textArray = (values: readonly string[]) => sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/**
 * `WITH … selected AS (…)`: one row per unique (lower-case) address of the lists, with `left_out` (null when
 * it gets the release), `waits_for_lift` (it gets it, but only once the embargo lifts or they agree to it) and
 * `suppression` (the reason as the older Preflight.suppressedByReason names it).
 * The weekly cap reads every company's deliveries of the last seven days (one a day for a digest) of the
 * addresses that set one.
 */
export function selectionCtes(input: SelectionInput): SQL {
  const now = input.now.getTime();
  const embargoed = Boolean(input.embargoUntil && input.embargoUntil.getTime() > now);
  const releaseCountry = countryOfLocation(input.location);
  const topics = input.topics ?? [];
  /**
   * The address's journalist deliveries of every company in the last `ms`, counted where a CASE branch asks for
   * it, so only for the journalists who set a cap or a digest, each through the index on the address. A join of
   * the week's deliveries instead let a misjudged list size (the planner guesses it from a JSON array) pick a
   * nested loop over every delivery of the week: seconds (bench/recipient-selection.bench.ts).
   */
  const deliveriesSince = (ms: number) => sql`(
    SELECT count(*) FROM ${deliveries} d
    WHERE d.email = u.email AND d.audience = 'list'
      AND d.created_at > ${new Date(now - ms).toISOString()}::timestamptz
      AND d.release_id IS DISTINCT FROM ${input.releaseId ?? null}::uuid)`;
  return sql`
    WITH members AS (
      SELECT lower(gc.email) AS email, gc.id, gc.country, gc.language, gc.first_name, gc.last_name, gc.embargo_accredited
      FROM ${listContacts} lc
      JOIN ${userLists} ul ON ul.id = lc.list_id
      JOIN ${globalContacts} gc ON gc.id = lc.global_contact_id
      WHERE ul.workspace_id = ${input.workspaceId}::uuid
        AND lc.list_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(input.listIds)}::jsonb)::uuid)
    ),
    unique_members AS (SELECT DISTINCT ON (email) * FROM members ORDER BY email, id),
    -- The brand as "only from {Company}" knows it (decision 018): its workspace and the names it goes by now.
    company AS MATERIALIZED (
      SELECT b.id, b.workspace_id, ${brandNameKeys()} AS names FROM ${brands} b WHERE b.id = ${input.brandId}::uuid
    ),
    selected AS (
      SELECT u.email, u.id AS contact_id, u.country, u.language, lower(u.language) AS lower_language,
             lower(u.first_name) AS first_name, lower(u.last_name) AS last_name,
             coalesce(s.reason, CASE WHEN p.unsubscribed_all THEN 'unsubscribed' END,
                      CASE WHEN c.hit THEN 'unsubscribed_company' END) AS suppression,
             CASE
               WHEN s.reason IS NOT NULL AND s.reason <> 'unsubscribed' THEN 'suppressed'
               WHEN s.reason = 'unsubscribed' OR p.unsubscribed_all THEN 'unsubscribed'
               WHEN c.hit THEN 'company_unsubscribe'
               WHEN p.languages IS NOT NULL AND NOT (p.languages && ${textArray(input.versions)}) THEN 'language'
               WHEN cardinality(${textArray(topics)}) > 0 AND cardinality(p.topics) > 0
                    AND NOT (p.topics && ${textArray(topics)}) THEN 'topic'
               WHEN ${releaseCountry}::text IS NOT NULL AND cardinality(p.countries) > 0
                    AND NOT (${releaseCountry}::text = ANY(p.countries)) THEN 'country'
               WHEN p.digest IS TRUE AND ${deliveriesSince(DAY_MS)} >= 1 THEN 'weekly_cap'
               WHEN p.weekly_cap IS NOT NULL AND ${deliveriesSince(WEEK_MS)} >= p.weekly_cap THEN 'weekly_cap'
             END AS left_out,
             ${embargoed}::boolean AND NOT (coalesce(p.accepts_embargo, false) OR u.embargo_accredited) AS waits_for_lift
      FROM unique_members u
      LEFT JOIN ${suppressions} s ON s.email = u.email
      -- "Only from {Company}": this brand, whatever it is called now, or a brand of its workspace that went
      -- by one of the names this one goes by (a rename, or a brand made anew under the old name).
      LEFT JOIN LATERAL (
        SELECT true AS hit FROM ${companyUnsubscribes} cu, company
        WHERE cu.email = u.email
          AND (cu.brand_id = company.id OR (cu.workspace_id = company.workspace_id AND cu.names && company.names))
        LIMIT 1
      ) c ON true
      LEFT JOIN ${journalistPreferences} p ON p.contact_id = u.id
    )`;
}

/** A release as its selection reads it: its lists, brand, languages, topics, dateline and embargo. */
export type SelectableRelease = {
  id: ReleaseId;
  workspaceId: WorkspaceId;
  brandId: BrandId;
  recipientLists: string[];
  language: string;
  translation: ReleaseTranslation | null;
  topics: string[];
  location: string;
  embargoUntil: Date | null;
};

/** The selection of a release's lists as the release decides it, with its languages (primary first). */
export function releaseSelection(release: SelectableRelease, now: Date): { versions: ReleaseLanguage[]; selection: SQL } {
  const versions = versionsOf(release);
  const selection = selectionCtes({
    workspaceId: release.workspaceId,
    listIds: release.recipientLists,
    brandId: release.brandId,
    versions,
    now,
    topics: release.topics,
    location: release.location,
    embargoUntil: release.embargoUntil ? new Date(release.embargoUntil) : null,
    releaseId: release.id,
  });
  return { versions, selection };
}
