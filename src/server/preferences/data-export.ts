import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { CurrentUser } from '../../shared/auth.js';
import type { Db } from '../db/client.js';
import { brands, companyUnsubscribes, consentRecords, dataRequests, deliveries, globalContacts, listContacts, pressReleases, suppressions, trackingEvents } from '../db/schema.js';
import { appError } from '../http/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { repliesFromAddress } from '../replies/replies.service.js';
import { preferencesOf } from './preferences.service.js';

/**
 * What Nashr holds about one journalist, for the super admin to send them when they ask for a copy (an access
 * request, decision 024): the contact as curated, their own choices and every recorded change of them, every
 * release sent to them with what they did with it, and their unsubscribes. Customers' lists are counted, not
 * named: which customer keeps whom is that customer's business.
 */
export type JournalistDataExport = {
  request: { kind: string; requestedAt: string; dueAt: string };
  email: string;
  contact: Record<string, unknown> | null;
  preferences: Awaited<ReturnType<typeof preferencesOf>> | null;
  consentRecords: Array<{ changes: unknown; at: string }>;
  releasesReceived: Array<{ title: string; company: string; status: string; sentAt: string | null; opened: boolean; clicked: boolean }>;
  /** What they wrote back to releases (issue 38), as kept. */
  replies: Awaited<ReturnType<typeof repliesFromAddress>>;
  unsubscribedFrom: Array<{ company: string; at: string }>;
  suppression: { reason: string; at: string } | null;
  onCustomerLists: number;
  exportedAt: string;
};

/** The language a journalist reads: their own first choice, else their contact's, else English. */
export function journalistLanguage(exported: JournalistDataExport): 'en' | 'ar' {
  const first = exported.preferences?.languages[0] ?? String(exported.contact?.language ?? '').toLowerCase();
  return first === 'arabic' ? 'ar' : 'en';
}

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/** The contact's curated fields a person would recognise as about them (no internal search text or ids). */
const CONTACT_FIELDS = ['email', 'firstName', 'lastName', 'phone', 'organization', 'position', 'category', 'country', 'specialization', 'focus', 'contactTopics', 'outletTopics', 'mediaType', 'language', 'embargoAccredited', 'accreditationNote', 'createdAt', 'updatedAt'] as const;

export async function exportDataRequest(db: Db, actor: CurrentUser, id: string, now: Date): Promise<JournalistDataExport> {
  const [request] = await db.select().from(dataRequests).where(eq(dataRequests.id, id));
  if (!request) throw appError('DATA_REQUEST_NOT_FOUND');
  const email = request.email.toLowerCase();
  const [contact] = request.contactId ? await db.select().from(globalContacts).where(eq(globalContacts.id, request.contactId)) : [];
  const exported: JournalistDataExport = {
    request: { kind: request.kind, requestedAt: iso(request.createdAt)!, dueAt: iso(request.dueAt)! },
    email,
    contact: contact ? Object.fromEntries(CONTACT_FIELDS.map((field) => [field, contact[field] instanceof Date ? iso(contact[field] as Date) : contact[field]])) : null,
    preferences: contact ? await preferencesOf(db, contact.id, email) : null,
    consentRecords: (
      await db.select().from(consentRecords).where(sql`lower(${consentRecords.email}) = ${email}`).orderBy(asc(consentRecords.createdAt), asc(consentRecords.id))
    ).map((r) => ({ changes: r.changes, at: iso(r.createdAt)! })),
    releasesReceived: await releasesReceived(db, email),
    replies: await repliesFromAddress(db, email),
    unsubscribedFrom: (
      await db
        .select({ company: brands.name, at: companyUnsubscribes.createdAt })
        .from(companyUnsubscribes)
        .innerJoin(brands, eq(brands.id, companyUnsubscribes.brandId))
        .where(eq(companyUnsubscribes.email, email))
        .orderBy(asc(companyUnsubscribes.createdAt))
    ).map((u) => ({ company: u.company, at: iso(u.at)! })),
    suppression: await suppressionOf(db, email),
    onCustomerLists: contact ? (await db.select({ n: count() }).from(listContacts).where(eq(listContacts.globalContactId, contact.id)))[0].n : 0,
    exportedAt: now.toISOString(),
  };
  await recordAudit(db, { id: actor.id, email: actor.email }, 'data_request.exported', request.id, { kind: request.kind, email });
  return exported;
}

/** Every release sent to the address as a journalist, the latest first, with whether a person opened or clicked it. */
async function releasesReceived(db: Db, email: string) {
  const eventOf = (type: string) =>
    sql<boolean>`exists (select 1 from ${trackingEvents} e where e.delivery_id = ${deliveries.id} and e.type = ${type})`;
  const rows = await db
    .select({ title: pressReleases.title, company: brands.name, status: deliveries.status, sentAt: deliveries.sentAt, opened: eventOf('open'), clicked: eventOf('click') })
    .from(deliveries)
    .innerJoin(pressReleases, eq(pressReleases.id, deliveries.releaseId))
    .innerJoin(brands, eq(brands.id, pressReleases.brandId))
    .where(and(eq(deliveries.email, email), eq(deliveries.audience, 'list')))
    .orderBy(sql`${deliveries.createdAt} desc`, sql`${deliveries.id} desc`);
  return rows.map((r) => ({ ...r, sentAt: iso(r.sentAt), opened: Boolean(r.opened), clicked: Boolean(r.clicked) }));
}

async function suppressionOf(db: Db, email: string) {
  const [row] = await db.select().from(suppressions).where(eq(suppressions.email, email));
  return row ? { reason: row.reason, at: iso(row.createdAt)! } : null;
}
