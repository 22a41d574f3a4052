import type { ReleaseId } from '../../shared/ids.js';
import { and, eq, sql } from 'drizzle-orm';
import { maskEmail } from '../../shared/contacts.js';
import type { TemplateLanguage } from '../../shared/email-template.js';
import { rowsOf, type Db } from '../db/client.js';
import { brands, consentRecords, deliveries, journalistPreferences, pressReleases } from '../db/schema.js';
import { brandNameIn } from '../brands/brand-voice.js';
import { deliveryOfEmbargoToken } from '../preferences/preference-link.js';
import { queueReleaseToWaiting } from '../delivery/embargo-deliveries.js';

/**
 * Agreeing to an embargo from its notice (decision 027). The link names the notice's delivery; agreeing records
 * the agreement on the journalist's consent record (decision 024: the release, its lift, and whether it was
 * this release only or every embargo from now on) and queues the release to them at once, in one transaction
 * under the notice's row lock: a second click, or two at once, find the agreement and queue nothing more.
 */

export type EmbargoNotice = {
  noticeId: number;
  contactId: number | null;
  email: string;
  language: TemplateLanguage;
  release: { id: ReleaseId; title: string; slug: string | null; until: Date; timeZone: string; publishedAt: Date | null; showsTitle: boolean };
  brand: string;
};

/** What the page shows: the terms to agree to, an agreement already given, or the release made public. */
export type EmbargoPageState =
  | { kind: 'ask' }
  | { kind: 'agreed'; at: Date; sent: boolean; justNow: boolean }
  | { kind: 'lifted' };

/** The notice a token names; undefined for a forged, altered or unknown one (and for any other delivery). */
export async function noticeOfToken(db: Db, token: string, secret: string, language?: TemplateLanguage): Promise<EmbargoNotice | undefined> {
  const noticeId = deliveryOfEmbargoToken(token, secret);
  if (noticeId === undefined) return undefined;
  const [row] = await db
    .select({ delivery: deliveries, release: pressReleases, brandName: brands.name, brandNameAr: brands.nameAr })
    .from(deliveries)
    .innerJoin(pressReleases, eq(pressReleases.id, deliveries.releaseId))
    .innerJoin(brands, eq(brands.id, pressReleases.brandId))
    .where(and(eq(deliveries.id, noticeId), eq(deliveries.audience, 'embargo_notice')));
  const { embargoUntil, embargoTimeZone } = row?.release ?? {};
  if (!row || !embargoUntil || !embargoTimeZone) return undefined;
  const { delivery, release } = row;
  const shown: TemplateLanguage = language ?? (delivery.language === 'arabic' ? 'arabic' : 'english');
  const title = release.translation && release.translation.language === shown ? release.translation.title : release.title;
  return {
    noticeId,
    contactId: delivery.contactId,
    email: delivery.email,
    language: shown,
    release: {
      id: release.id,
      title,
      slug: release.slug,
      until: embargoUntil,
      timeZone: embargoTimeZone,
      publishedAt: release.publishedAt,
      showsTitle: release.embargoNoticeShowsTitle,
    },
    brand: brandNameIn({ name: row.brandName, nameAr: row.brandNameAr }, shown),
  };
}

/** The zone the journalist reads times in (their preferences), else the embargo's. */
export async function readerZone(db: Db, notice: EmbargoNotice): Promise<string> {
  if (notice.contactId === null) return notice.release.timeZone;
  const [prefs] = await db.select({ zone: journalistPreferences.timeZone }).from(journalistPreferences).where(eq(journalistPreferences.contactId, notice.contactId));
  return prefs?.zone ?? notice.release.timeZone;
}

const isLifted = (notice: EmbargoNotice, now: Date) => notice.release.publishedAt !== null || notice.release.until <= now;

/** The agreement this notice's link already gave, if any (its consent record). */
async function agreementOf(db: Db, noticeId: number): Promise<{ at: Date } | undefined> {
  const [row] = rowsOf<{ created_at: string }>(
    await db.execute(sql`
      SELECT created_at FROM ${consentRecords}
      WHERE delivery_id = ${noticeId} AND changes ? 'embargoAgreement'
      ORDER BY id LIMIT 1`),
  );
  return row ? { at: new Date(row.created_at) } : undefined;
}

/** Whether the release itself has been queued to the notice's address (by an agreement, or at the lift). */
async function releaseQueued(db: Db, notice: EmbargoNotice): Promise<boolean> {
  const [row] = await db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(and(eq(deliveries.releaseId, notice.release.id), eq(deliveries.email, notice.email), eq(deliveries.audience, 'list')));
  return Boolean(row);
}

export async function pageStateOf(db: Db, notice: EmbargoNotice, now: Date): Promise<EmbargoPageState> {
  if (isLifted(notice, now)) return { kind: 'lifted' };
  const agreed = await agreementOf(db, notice.noticeId);
  return agreed ? { kind: 'agreed', at: agreed.at, sent: await releaseQueued(db, notice), justNow: false } : { kind: 'ask' };
}

/**
 * POST /embargo/{token}: agrees (once) and queues the release to the journalist, as the selection reads them
 * now with the embargo set aside: someone who has unsubscribed or bounced since the notice is recorded as
 * agreeing but sent nothing. `fromNowOn` also sets "accept embargoes" on their preferences, in the same record.
 */
export async function agreeToEmbargo(db: Db, notice: EmbargoNotice, fromNowOn: boolean, now: Date): Promise<EmbargoPageState> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM ${deliveries} WHERE id = ${notice.noticeId} FOR UPDATE`);
    const [release] = await tx.select().from(pressReleases).where(eq(pressReleases.id, notice.release.id)).for('update');
    if (!release || isLifted({ ...notice, release: { ...notice.release, publishedAt: release.publishedAt } }, now)) return { kind: 'lifted' } as const;
    const earlier = await agreementOf(tx, notice.noticeId);
    if (earlier) return { kind: 'agreed', at: earlier.at, sent: await releaseQueued(tx, notice), justNow: false } as const;
    const queued = await queueReleaseToWaiting(tx, release, now, notice.email);
    const acceptedBefore = notice.contactId !== null && (await acceptsEmbargoes(tx, notice.contactId));
    if (fromNowOn && notice.contactId !== null && !acceptedBefore) await acceptEmbargoesFromNowOn(tx, notice.contactId, now);
    await tx.insert(consentRecords).values({
      contactId: notice.contactId,
      email: notice.email,
      deliveryId: notice.noticeId,
      createdAt: now,
      changes: {
        embargoAgreement: {
          releaseId: release.id,
          title: release.title,
          until: notice.release.until.toISOString(),
          scope: fromNowOn ? 'from_now_on' : 'this_release',
        },
        ...(fromNowOn && !acceptedBefore ? { acceptsEmbargo: { from: false, to: true } } : {}),
      },
    });
    return { kind: 'agreed', at: now, sent: queued > 0 || (await releaseQueued(tx, notice)), justNow: true } as const;
  });
}

async function acceptsEmbargoes(tx: Db, contactId: number): Promise<boolean> {
  const [row] = await tx.select({ accepts: journalistPreferences.acceptsEmbargo }).from(journalistPreferences).where(eq(journalistPreferences.contactId, contactId));
  return Boolean(row?.accepts);
}

async function acceptEmbargoesFromNowOn(tx: Db, contactId: number, now: Date): Promise<void> {
  await tx
    .insert(journalistPreferences)
    .values({ contactId, acceptsEmbargo: true, updatedAt: now })
    .onConflictDoUpdate({ target: journalistPreferences.contactId, set: { acceptsEmbargo: true, updatedAt: now } });
}

export const maskedAddress = (notice: EmbargoNotice) => maskEmail(notice.email);
