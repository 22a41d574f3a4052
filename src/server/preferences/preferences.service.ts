import type { BrandId, WorkspaceId } from '../../shared/ids.js';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { maskEmail } from '../../shared/contacts.js';
import {
  DATA_REQUEST_DAYS,
  type DataRequestKind,
  type JournalistPreferences,
  type PreferencePage,
  type PreferencesUpdate,
  preferenceLanguages,
} from '../../shared/preferences.js';
import { rowsOf, type Db } from '../db/client.js';
import { brands, companyUnsubscribes, consentRecords, dataRequests, deliveries, globalContacts, journalistPreferences, pressReleases, suppressions } from '../db/schema.js';
import { appError, validationFailed } from '../http/errors.js';
import { deliveryOfPreferenceToken } from './preference-link.js';
import { brandNameKeys, insertCompanyUnsubscribe, sharesAName } from '../suppressions/company-names.js';

/**
 * A journalist's preference page, reached by the signed link of a release e-mail (decision 024). The link
 * names a delivery; the delivery names the contact whose preferences these are. What they choose is kept in
 * journalist_preferences, apart from the curated contact; the two opt-outs that existed before (from one
 * company, from everyone) stay where the send and the unsubscribe page already read them: company_unsubscribes
 * and suppressions. Every change is a consent record.
 */

export const UNKNOWN_COMPANY = 'Unknown company';

export type PreferenceLink = { deliveryId: number; contactId: number; email: string; name: string };

/** The contact a link is for; a tampered link, a follower's, or one whose contact was deleted is invalid (404). */
export async function linkOf(db: Db, token: string, secret: string): Promise<PreferenceLink> {
  const deliveryId = deliveryOfPreferenceToken(token, secret);
  if (deliveryId === undefined) throw appError('PREFERENCE_LINK_INVALID');
  const [row] = await db
    .select({ contactId: globalContacts.id, email: globalContacts.email, firstName: globalContacts.firstName, lastName: globalContacts.lastName })
    .from(deliveries)
    .innerJoin(globalContacts, eq(globalContacts.id, deliveries.contactId))
    // A journalist's release e-mail or embargo notice (decision 027); a follower's mail names no contact.
    .where(and(eq(deliveries.id, deliveryId), inArray(deliveries.audience, ['list', 'embargo_notice'])));
  if (!row) throw appError('PREFERENCE_LINK_INVALID');
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return { deliveryId, contactId: row.contactId, email: row.email.toLowerCase(), name };
}

const DEFAULTS = { languages: [...preferenceLanguages], topics: [], countries: [], weeklyCap: null, digest: false, acceptsEmbargo: false, timeZone: null };

/** The contact's choices as they stand, with the defaults (everything, no cap) when they never chose. */
export async function preferencesOf(db: Db, contactId: number, email: string): Promise<JournalistPreferences> {
  const [stored] = await db.select().from(journalistPreferences).where(eq(journalistPreferences.contactId, contactId));
  const [suppressed] = await db.select({ reason: suppressions.reason }).from(suppressions).where(eq(suppressions.email, email));
  const { covered } = await companiesCovered(db, email);
  const base = stored
    ? {
        languages: stored.languages as JournalistPreferences['languages'],
        topics: stored.topics,
        countries: stored.countries,
        weeklyCap: stored.weeklyCap,
        digest: stored.digest,
        acceptsEmbargo: stored.acceptsEmbargo,
        timeZone: stored.timeZone,
      }
    : DEFAULTS;
  return {
    ...base,
    unsubscribedFrom: [...new Set(covered.map((b) => b.name))].sort(byName),
    // Their own "from everyone", whichever page they said it on; a bounce is not their choice and not shown as one.
    unsubscribedAll: Boolean(stored?.unsubscribedAll) || suppressed?.reason === 'unsubscribed',
  };
}

const byName = (a: string, b: string) => a.localeCompare(b);

type CoveredBrand = { id: BrandId; name: string; nameAr: string; workspaceId: WorkspaceId; names: string[] };
type UnsubscribeRow = { brandId: BrandId; workspaceId: WorkspaceId | null; names: string[] };

/**
 * The address's "only from {Company}" rows, and every brand they leave out as the send does
 * (recipient-selection.ts): the brand of a row, and the brands of its workspace going by one of its names.
 */
async function companiesCovered(db: Db, email: string): Promise<{ rows: UnsubscribeRow[]; covered: CoveredBrand[] }> {
  const rows = await db
    .select({ brandId: companyUnsubscribes.brandId, workspaceId: companyUnsubscribes.workspaceId, names: companyUnsubscribes.names })
    .from(companyUnsubscribes)
    .where(eq(companyUnsubscribes.email, email));
  if (!rows.length) return { rows, covered: [] };
  const covered = rowsOf<{ id: BrandId; name: string; name_ar: string; workspace_id: WorkspaceId; names: string[] }>(
    await db.execute(sql`
      SELECT b.id, b.name, b.name_ar, b.workspace_id, ${brandNameKeys()} AS names FROM ${brands} b
      WHERE EXISTS (
        SELECT 1 FROM ${companyUnsubscribes} cu
        WHERE cu.email = ${email}
          AND (cu.brand_id = b.id OR (cu.workspace_id = b.workspace_id AND cu.names && ${brandNameKeys()})))
      ORDER BY b.name, b.id`),
  ).map((b) => ({ id: b.id, name: b.name, nameAr: b.name_ar, workspaceId: b.workspace_id, names: b.names }));
  return { rows, covered };
}

/** The brands that sent this address releases as a journalist: what "unsubscribe from one company" can name. */
async function sendersOf(db: Db, email: string): Promise<Array<{ id: BrandId; name: string; name_ar: string }>> {
  const rows = await db.execute(sql`
    SELECT DISTINCT b.id, b.name, b.name_ar FROM ${deliveries} d
    JOIN ${pressReleases} pr ON pr.id = d.release_id
    JOIN ${brands} b ON b.id = pr.brand_id
    WHERE d.email = ${email} AND d.audience = 'list'
    ORDER BY b.name, b.id`);
  return rowsOf<{ id: BrandId; name: string; name_ar: string }>(rows);
}

/** Each company's Arabic name, where one of the brands going by that name has one. */
const arabicNamesOf = (brands: Array<{ name: string; nameAr: string }>): Record<string, string> =>
  Object.fromEntries(brands.filter((b) => b.nameAr.trim()).map((b) => [b.name, b.nameAr.trim()]));

export async function preferencePage(db: Db, link: PreferenceLink): Promise<PreferencePage> {
  const [preferences, senders, covered, requests] = await Promise.all([
    preferencesOf(db, link.contactId, link.email),
    sendersOf(db, link.email),
    companiesCovered(db, link.email),
    db
      .select({ kind: dataRequests.kind, createdAt: dataRequests.createdAt, dueAt: dataRequests.dueAt })
      .from(dataRequests)
      .where(and(eq(dataRequests.contactId, link.contactId), eq(dataRequests.status, 'open')))
      .orderBy(asc(dataRequests.createdAt)),
  ]);
  return {
    ...preferences,
    email: maskEmail(link.email),
    name: link.name,
    companies: [...new Set([...senders.map((s) => s.name), ...preferences.unsubscribedFrom])].sort((a, b) => a.localeCompare(b)),
    companyNamesAr: arabicNamesOf([...covered.covered, ...senders.map((s) => ({ name: s.name, nameAr: s.name_ar }))]),
    requests: requests.map((r) => ({ kind: r.kind as DataRequestKind, createdAt: iso(r.createdAt), dueAt: iso(r.dueAt) })),
  };
}

const iso = (value: Date | string) => new Date(value).toISOString();
const sameSet = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((v) => b.includes(v));

/** The fields whose value changes, as { field: { from, to } }: the consent record. */
function changesOf(before: JournalistPreferences, after: JournalistPreferences): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after) as Array<keyof JournalistPreferences>) {
    const [from, to] = [before[key], after[key]];
    const same = Array.isArray(from) && Array.isArray(to) ? sameSet(from, to) : from === to;
    if (!same) changes[key] = { from, to };
  }
  return changes;
}

/**
 * Applies any subset of the fields, in one transaction with its consent record. `unsubscribedAll` is the
 * global suppression the one-click unsubscribe writes: choosing it again lifts only an unsubscribe, never a
 * bounce, complaint or an admin's suppression. `unsubscribedFrom` is the whole list of companies they no
 * longer want, by name, among those that sent them releases.
 */
export async function updatePreferences(db: Db, link: PreferenceLink, update: PreferencesUpdate): Promise<JournalistPreferences> {
  return db.transaction(async (tx) => {
    // One change at a time per contact: two tabs saving at once each record what they changed.
    await tx.execute(sql`SELECT id FROM ${globalContacts} WHERE id = ${link.contactId} FOR UPDATE`);
    const before = await preferencesOf(tx, link.contactId, link.email);
    const wanted = { ...before, ...update, unsubscribedFrom: update.unsubscribedFrom ?? before.unsubscribedFrom };
    const fields = {
      languages: [...new Set(wanted.languages)],
      topics: [...new Set(wanted.topics)],
      countries: [...new Set(wanted.countries)],
      weeklyCap: wanted.weeklyCap,
      digest: wanted.digest,
      acceptsEmbargo: wanted.acceptsEmbargo,
      timeZone: wanted.timeZone,
      unsubscribedAll: wanted.unsubscribedAll,
      updatedAt: new Date(),
    };
    await tx
      .insert(journalistPreferences)
      .values({ contactId: link.contactId, ...fields })
      .onConflictDoUpdate({ target: journalistPreferences.contactId, set: fields });
    if (update.unsubscribedAll !== undefined) await setUnsubscribedAll(tx, link, update.unsubscribedAll);
    if (update.unsubscribedFrom !== undefined) await setUnsubscribedFrom(tx, link, update.unsubscribedFrom);
    const after = await preferencesOf(tx, link.contactId, link.email);
    const changes = changesOf(before, after);
    if (Object.keys(changes).length) {
      await tx.insert(consentRecords).values({ contactId: link.contactId, email: link.email, changes, deliveryId: link.deliveryId });
    }
    return after;
  });
}

async function setUnsubscribedAll(tx: Db, link: PreferenceLink, unsubscribed: boolean): Promise<void> {
  const [delivery] = await tx.select({ releaseId: deliveries.releaseId }).from(deliveries).where(eq(deliveries.id, link.deliveryId));
  if (unsubscribed) {
    // An address already suppressed (a bounce) stays so, with its reason.
    await tx.insert(suppressions).values({ email: link.email, reason: 'unsubscribed', releaseId: delivery?.releaseId ?? null }).onConflictDoNothing();
  } else {
    await tx.delete(suppressions).where(and(eq(suppressions.email, link.email), eq(suppressions.reason, 'unsubscribed')));
  }
}

/**
 * `names` is the whole list of companies the address no longer wants, by name, among those that sent it
 * releases or that it already left (decision 018). A name no longer wanted stops leaving out the brands
 * that go by it: their own rows go, and the name is taken off the rows of their workspace that covered it.
 * A name wanted that is not covered yet is a row for each brand of that name that sent the address releases.
 */
async function setUnsubscribedFrom(tx: Db, link: PreferenceLink, names: string[]): Promise<void> {
  const senders = await sendersOf(tx, link.email);
  const before = await companiesCovered(tx, link.email);
  const known = new Set([...senders.map((s) => s.name), ...before.covered.map((b) => b.name)]);
  const wanted = new Set(names.map((n) => n.trim()));
  const unknown = [...wanted].filter((n) => !known.has(n));
  if (unknown.length) throw validationFailed([{ path: 'unsubscribedFrom', message: UNKNOWN_COMPANY, details: { names: unknown.join(', ') } }]);

  for (const brand of before.covered.filter((b) => !wanted.has(b.name))) {
    for (const row of before.rows.filter((r) => r.brandId === brand.id || r.workspaceId === brand.workspaceId)) {
      if (row.brandId === brand.id) {
        await tx.delete(companyUnsubscribes).where(and(eq(companyUnsubscribes.email, link.email), eq(companyUnsubscribes.brandId, row.brandId)));
      } else if (sharesAName(row.names, brand.names)) {
        row.names = row.names.filter((key) => !brand.names.includes(key));
        await tx
          .update(companyUnsubscribes)
          .set({ names: row.names })
          .where(and(eq(companyUnsubscribes.email, link.email), eq(companyUnsubscribes.brandId, row.brandId)));
      }
    }
  }

  const now = new Set((await companiesCovered(tx, link.email)).covered.map((b) => b.id));
  // Every brand of that name that sent them releases (or that a row covered): to the journalist a company is its name.
  const add = [...new Map([...senders, ...before.covered].filter((b) => wanted.has(b.name) && !now.has(b.id)).map((b) => [b.id, b])).keys()];
  if (!add.length) return;
  const [delivery] = await tx.select({ releaseId: deliveries.releaseId }).from(deliveries).where(eq(deliveries.id, link.deliveryId));
  for (const brandId of add) await insertCompanyUnsubscribe(tx, brandId, link.email, delivery?.releaseId ?? null);
}

/** A request for a copy or for erasure, due in DATA_REQUEST_DAYS; asking again while one is open answers that one. */
export async function requestData(db: Db, link: PreferenceLink, kind: DataRequestKind, now: Date) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM ${globalContacts} WHERE id = ${link.contactId} FOR UPDATE`);
    const open = and(eq(dataRequests.contactId, link.contactId), eq(dataRequests.kind, kind), eq(dataRequests.status, 'open'));
    const [existing] = await tx.select().from(dataRequests).where(open);
    const row =
      existing ??
      (
        await tx
          .insert(dataRequests)
          .values({ contactId: link.contactId, email: link.email, kind, dueAt: new Date(now.getTime() + DATA_REQUEST_DAYS * 86_400_000), createdAt: now })
          .returning()
      )[0];
    return { kind: row.kind as DataRequestKind, createdAt: iso(row.createdAt), dueAt: iso(row.dueAt) };
  });
}
