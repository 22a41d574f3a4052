import type { z } from 'zod';
import { and, asc, count, desc, eq, ilike, inArray, max, min, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { CurrentUser } from '../../shared/auth.js';
import {
  READ_ONLY_STATUSES,
  WITHDRAWABLE_STATUSES,
  isScheduleInFuture,
  type listReleasesQuerySchema,
  type AttachmentInfo,
  type PressRelease,
  type PressReleaseSummary,
  type ReleaseLanguage,
  type ReleaseReview,
  type ReleaseStatus,
  type ReleasesPage,
  type SendPressReleasePayload,
  type NewAttachmentInput,
  type ReleaseTranslation,
  type StoredAttachmentRef,
  versionsOf,
} from '../../shared/releases.js';
import type { Db } from '../db/client.js';
import { attachmentBlobs, attachments, deliveries, pressReleases, users } from '../db/schema.js';
import { ownedListIds } from '../lists/lists.service.js';
import { notFound, paymentRequired, validationFailed, appError, fieldError } from '../http/errors.js';
import { audienceOf, dispatchRelease } from '../delivery/dispatch.service.js';
import { closeOpenReview, latestReview, needsReview, openReview } from '../review/review-store.js';
import { checkAttachments } from './attachment-check.js';
import { attachmentContent, blobOfAttachment, copyBlobsTo, deleteOrphanBlobs, storeFiles } from './attachment-store.js';
import { sanitizeContent } from './content-sanitizer.js';
import { ensureNewsroomSlug, newsroomUrl } from '../newsroom/newsroom.service.js';

type ReleaseRow = typeof pressReleases.$inferSelect;
type ListReleasesQuery = z.infer<typeof listReleasesQuerySchema>;
type Ctx = { db: Db; now: () => Date; publicUrl: string; review: boolean };

const isAdmin = (actor: CurrentUser) => actor.role === 'super_admin';
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Every query on releases carries the owner unless the caller is a super admin. */
export const visibleTo = (actor: CurrentUser, id?: string): SQL | undefined =>
  and(id ? eq(pressReleases.id, id) : undefined, isAdmin(actor) ? undefined : eq(pressReleases.userId, actor.id));

export const alreadySent = () => appError('RELEASE_ALREADY_SENT');

// ---------------------------------------------------------------- send, schedule, save draft

/**
 * POST /api/send-press-release. One transaction: lock the release being edited, check lists and
 * attachments, store the sanitised content, and for send/schedule take one press release from the
 * allowance with a conditional UPDATE (402 and a rollback when none is left) and freeze the release.
 * A customer's send or schedule waits for an editor (status in_review) unless review is off or the
 * customer is trusted; a release sent back for changes keeps its press release through edits and resubmission.
 */
export async function saveRelease(ctx: Ctx, actor: CurrentUser, input: SendPressReleasePayload): Promise<PressRelease> {
  const now = ctx.now();
  if (input.action === 'schedule' && !isScheduleInFuture(input.scheduledAt, now)) {
    throw validationFailed([fieldError('scheduledAt', 'SCHEDULE_IN_PAST')]);
  }
  const { id, ownerId } = await ctx.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const existing = input.existingPressReleaseId ? await lockEditableRelease(tx, actor, input.existingPressReleaseId) : undefined;
    if (existing?.status === 'scheduled') await returnToDraft(tx, existing);
    const ownerId = existing?.userId ?? actor.id;
    // Sent back by an editor: edits keep it there, holding its press release, until it is resubmitted.
    const awaitingChanges = existing?.status === 'changes_requested';

    await assertOwnLists(tx, ownerId, input.recipientLists);
    const { kept, added } = await checkAttachmentInput(tx, existing?.id, input.attachments, versionsOf(input));

    const fields = {
      title: input.title,
      subtitle: input.subtitle ?? '',
      content: sanitizeContent(input.content),
      releaseDate: input.releaseDate ?? '',
      location: input.location ?? '',
      boilerplate: input.boilerplate ?? '',
      contactName: input.contactName,
      contactEmail: input.contactEmail.toLowerCase(),
      contactPhone: input.contactPhone,
      language: input.language,
      translation: translationOf(input),
      bilingualEmail: Boolean(input.translation) && input.bilingualEmail,
      recipientLists: [...new Set(input.recipientLists)],
      status: awaitingChanges ? 'changes_requested' : 'draft',
      scheduledAt: null,
      updatedAt: now,
    };
    const [row] = existing
      ? await tx.update(pressReleases).set(fields).where(eq(pressReleases.id, existing.id)).returning()
      : await tx.insert(pressReleases).values({ ...fields, userId: ownerId }).returning();
    await replaceAttachments(tx, { releaseId: row.id, ownerId }, kept, added, now);

    if (input.action !== 'save_draft') {
      const holdsAllowance = awaitingChanges && existing.allowanceUsed;
      if (!isAdmin(actor) && !holdsAllowance) await takeAllowance(tx, ownerId);
      const allowanceUsed = holdsAllowance || !isAdmin(actor);
      const scheduledAt = input.action === 'schedule' ? new Date(input.scheduledAt) : null;
      if (await needsReview(tx, ctx.review, actor, ownerId)) {
        await assertSomeoneReceives(tx, ownerId, fields.recipientLists);
        await tx.update(pressReleases).set({ allowanceUsed, status: 'in_review', scheduledAt }).where(eq(pressReleases.id, row.id));
        await openReview(tx, row.id, now);
        return { id: row.id, ownerId };
      }
      await tx
        .update(pressReleases)
        .set({ allowanceUsed, status: 'scheduled', scheduledAt: scheduledAt ?? now })
        .where(eq(pressReleases.id, row.id));
      if (input.action === 'send_now') {
        const recipients = await dispatchRelease(tx, { ...row, recipientLists: fields.recipientLists }, now);
        if (recipients === 0) throw nobodyReceives();
      }
    }
    return { id: row.id, ownerId };
  });
  // The company's newsroom gets its address with its first release on the way out. Not inside the send
  // transaction: the address is a unique column of the owner's row, and writing it there would wait on
  // (and deadlock with) a concurrent send's reference to that row.
  if (input.action !== 'save_draft') await ensureNewsroomSlug(ctx.db, ownerId);
  return getRelease(ctx, actor, id);
}


/** The second version as stored: its content sanitised like the primary one's. */
function translationOf(input: SendPressReleasePayload): ReleaseTranslation | null {
  const translation = input.translation;
  if (!translation) return null;
  return {
    language: translation.language,
    title: translation.title ?? '',
    subtitle: translation.subtitle ?? '',
    content: sanitizeContent(translation.content ?? ''),
    location: translation.location ?? '',
    boilerplate: translation.boilerplate ?? '',
  };
}

const nobodyReceives = () =>
  validationFailed([fieldError('recipientLists', 'NOBODY_RECEIVES')]);

/** A release goes to an editor only if someone would receive it, as Send Now checks. */
async function assertSomeoneReceives(tx: Db, ownerId: string, listIds: string[]): Promise<void> {
  if ((await audienceOf(tx, ownerId, listIds)).recipients === 0) throw nobodyReceives();
}

async function lockEditableRelease(tx: Db, actor: CurrentUser, id: string): Promise<ReleaseRow> {
  const [row] = await tx.select().from(pressReleases).where(visibleTo(actor, id)).for('update');
  if (!row) throw notFound();
  if (row.status === 'in_review') throw appError('RELEASE_IN_REVIEW');
  if (row.status === 'rejected') throw appError('RELEASE_REJECTED');
  if (READ_ONLY_STATUSES.includes(row.status as ReleaseStatus)) throw alreadySent();
  return row;
}

/** A scheduled release goes back to draft and gives back the press release it held. */
async function returnToDraft(tx: Db, release: ReleaseRow): Promise<void> {
  await tx
    .update(pressReleases)
    .set({ status: 'draft', scheduledAt: null, allowanceUsed: false, updatedAt: new Date() })
    .where(eq(pressReleases.id, release.id));
  await giveBackAllowance(tx, release);
}

/** The press release a release held goes back to its owner (withdrawn, cancelled, rejected). */
export async function giveBackAllowance(tx: Db, release: Pick<ReleaseRow, 'allowanceUsed' | 'userId'>): Promise<void> {
  if (!release.allowanceUsed) return;
  await tx
    .update(users)
    .set({ pressReleasesUsedThisMonth: sql`GREATEST(${users.pressReleasesUsedThisMonth} - 1, 0)` })
    .where(eq(users.id, release.userId));
}

/** Never read-then-write: the UPDATE itself checks that one is left. */
async function takeAllowance(tx: Db, userId: string): Promise<void> {
  const taken = await tx
    .update(users)
    .set({ pressReleasesUsedThisMonth: sql`${users.pressReleasesUsedThisMonth} + 1` })
    .where(and(eq(users.id, userId), sql`${users.pressReleasesUsedThisMonth} < ${users.monthlyPressReleaseLimit}`))
    .returning({ id: users.id });
  if (taken.length === 0) throw paymentRequired();
}

async function assertOwnLists(tx: Db, ownerId: string, listIds: string[]): Promise<void> {
  const unique = [...new Set(listIds)];
  if (!unique.length) return;
  const owned = await ownedListIds(tx, ownerId, unique);
  if (owned.length !== unique.length) throw validationFailed([fieldError('recipientLists', 'UNKNOWN_LIST')]);
}

type KeptAttachment = { id: string; size: number; language: ReleaseLanguage | null };

async function checkAttachmentInput(
  tx: Db,
  releaseId: string | undefined,
  input: SendPressReleasePayload['attachments'],
  versions: ReleaseLanguage[],
) {
  // A file goes with one version only when the release has two and that is one of them; otherwise with
  // every version (so no file is left out of a release written in one language).
  const languageFor = (language: ReleaseLanguage | null | undefined) =>
    language && versions.length > 1 && versions.includes(language) ? language : null;
  const refs = input.filter((a): a is StoredAttachmentRef => 'id' in a);
  const languageOf = new Map(refs.map((a) => [a.id.toLowerCase(), languageFor(a.language)]));
  const uploads = input.filter((a): a is NewAttachmentInput => !('id' in a));
  let kept: KeptAttachment[] = [];
  if (refs.length) {
    const found = releaseId
      ? await tx
          .select({ id: attachments.id, size: attachments.size })
          .from(attachments)
          .where(and(eq(attachments.releaseId, releaseId), inArray(attachments.id, [...languageOf.keys()])))
      : [];
    if (found.length !== languageOf.size) throw validationFailed([fieldError('attachments', 'ATTACHMENT_NOT_FOUND')]);
    kept = found.map((file) => ({ ...file, language: languageOf.get(file.id) ?? null }));
  }
  const keptBytes = kept.reduce((sum, a) => sum + a.size, 0);
  const checked = checkAttachments(uploads, keptBytes);
  return { kept, added: checked.map((file, i) => ({ ...file, language: languageFor(uploads[i].language) })) };
}

/** The release's files become the kept ones plus the new ones; bytes nothing points at any more go. */
async function replaceAttachments(
  tx: Db,
  { releaseId, ownerId }: { releaseId: string; ownerId: string },
  kept: KeptAttachment[],
  added: Array<ReturnType<typeof checkAttachments>[number] & { language: ReleaseLanguage | null }>,
  now: Date,
): Promise<void> {
  const keptIds = kept.map((a) => a.id);
  const removed = await tx
    .delete(attachments)
    .where(and(eq(attachments.releaseId, releaseId), keptIds.length ? notInArray(attachments.id, keptIds) : undefined))
    .returning({ id: attachments.id });
  for (const file of kept) await tx.update(attachments).set({ language: file.language }).where(eq(attachments.id, file.id));
  const stored = await storeFiles(tx, ownerId, added);
  if (stored.length) {
    await tx.insert(attachments).values(
      stored.map((file, i) => ({
        releaseId,
        blobId: file.blobId,
        originalName: file.originalName,
        filename: `${now.getTime()}-${file.originalName}`,
        mimetype: file.mimetype,
        size: file.size,
        sha256: file.sha256,
        language: added[i].language,
        position: kept.length + i,
      })),
    );
  }
  if (removed.length) await deleteOrphanBlobs(tx, ownerId);
}

// ---------------------------------------------------------------- cancel, read, delete, duplicate

/** POST /api/press-releases/{id}/cancel: a scheduled release returns to draft and gives its press release back. */
export async function cancelScheduled(ctx: Ctx, actor: CurrentUser, id: string): Promise<PressRelease> {
  await ctx.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [row] = await tx.select().from(pressReleases).where(visibleTo(actor, id)).for('update');
    if (!row) throw notFound();
    if (row.status !== 'scheduled') {
      throw appError(READ_ONLY_STATUSES.includes(row.status as ReleaseStatus) ? 'RELEASE_SENT' : 'ONLY_SCHEDULED_CANCELLABLE');
    }
    await returnToDraft(tx, row);
  });
  return getRelease(ctx, actor, id);
}

/**
 * POST /api/press-releases/{id}/withdraw: the owner takes a release back from review (waiting, or sent
 * back for changes) before an editor approves it; it becomes a draft and its press release is returned.
 */
export async function withdrawFromReview(ctx: Ctx, actor: CurrentUser, id: string): Promise<PressRelease> {
  await ctx.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [row] = await tx.select().from(pressReleases).where(visibleTo(actor, id)).for('update');
    if (!row) throw notFound();
    // The answer names the state it is in, so a page that fell behind can show it at once.
    if (!WITHDRAWABLE_STATUSES.includes(row.status as ReleaseStatus)) throw appError('NOT_WITHDRAWABLE', { status: row.status });
    await returnToDraft(tx, row);
    await closeOpenReview(tx, row.id, 'withdrawn', ctx.now());
  });
  return getRelease(ctx, actor, id);
}

export async function getRelease(ctx: Pick<Ctx, 'db' | 'publicUrl'>, actor: CurrentUser, id: string): Promise<PressRelease> {
  return loadRelease(ctx, visibleTo(actor, id)!, isAdmin(actor));
}

/** A release as an editor sees it: any owner's, with the owner's address and who decided its review. */
export async function getReleaseForEditor(ctx: Pick<Ctx, 'db' | 'publicUrl'>, id: string): Promise<PressRelease> {
  return loadRelease(ctx, eq(pressReleases.id, id), true);
}

async function loadRelease(ctx: Pick<Ctx, 'db' | 'publicUrl'>, where: SQL, showOwner: boolean): Promise<PressRelease> {
  const [row] = await ctx.db
    .select({ release: pressReleases, userEmail: users.email, newsroomSlug: users.newsroomSlug, newsroomEnabled: users.newsroomEnabled })
    .from(pressReleases)
    .innerJoin(users, eq(users.id, pressReleases.userId))
    .where(where);
  if (!row) throw notFound();
  const newsroom = row.newsroomSlug && row.newsroomEnabled ? newsroomUrl(ctx.publicUrl, row.newsroomSlug) : null;
  const id = row.release.id;
  const files = await ctx.db
    .select({
      id: attachments.id,
      originalName: attachments.originalName,
      filename: attachments.filename,
      mimetype: attachments.mimetype,
      size: attachments.size,
      language: sql<ReleaseLanguage | null>`${attachments.language}`,
    })
    .from(attachments)
    .where(eq(attachments.releaseId, id))
    .orderBy(asc(attachments.position), asc(attachments.createdAt));
  const review = await latestReview(ctx.db, id);
  const [accepted] = await ctx.db
    .select({ first: min(deliveries.sentAt), last: max(deliveries.sentAt) })
    .from(deliveries)
    .where(eq(deliveries.releaseId, id));
  return { ...toPressRelease(row.release, files, ctx.publicUrl, showOwner ? row.userEmail : undefined, review, accepted), newsroomUrl: newsroom };
}

export async function listReleases(db: Db, actor: CurrentUser, query: ListReleasesQuery): Promise<ReleasesPage> {
  const { page, pageSize } = query;
  const search = query.search ? `%${query.search.replace(/[%_\\]/g, '\\$&')}%` : undefined;
  const where = and(
    visibleTo(actor),
    query.status ? eq(pressReleases.status, query.status) : undefined,
    search ? or(ilike(pressReleases.title, search), ilike(pressReleases.subtitle, search)) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ release: pressReleases, userEmail: users.email })
      .from(pressReleases)
      .innerJoin(users, eq(users.id, pressReleases.userId))
      .where(where)
      .orderBy(desc(pressReleases.createdAt), desc(pressReleases.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(pressReleases).where(where),
  ]);
  return { items: rows.map((r) => toSummary(r.release, isAdmin(actor) ? r.userEmail : undefined)), total, page, pageSize };
}

/** DELETE /api/press-releases/{id}: drafts only; anything that was scheduled or sent stays. */
export async function deleteDraft(db: Db, actor: CurrentUser, id: string): Promise<void> {
  const deleted = await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const rows = await tx
      .delete(pressReleases)
      .where(and(visibleTo(actor, id), eq(pressReleases.status, 'draft')))
      .returning({ id: pressReleases.id, userId: pressReleases.userId });
    if (rows.length) await deleteOrphanBlobs(tx, rows[0].userId);
    return rows;
  });
  if (deleted.length) return;
  const [exists] = await db.select({ status: pressReleases.status }).from(pressReleases).where(visibleTo(actor, id));
  if (!exists) throw notFound();
  throw appError('ONLY_DRAFT_DELETABLE');
}

/** POST /api/press-releases/{id}/duplicate: a new draft of the caller with the same fields and files. */
export async function duplicateRelease(ctx: Ctx, actor: CurrentUser, id: string): Promise<PressRelease> {
  const newId = await ctx.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [source] = await tx.select().from(pressReleases).where(visibleTo(actor, id));
    if (!source) throw notFound();
    const now = ctx.now();
    const sameOwner = source.userId === actor.id;
    const [copy] = await tx
      .insert(pressReleases)
      .values({
        userId: actor.id,
        title: copyTitle(source.title, source.language),
        subtitle: source.subtitle,
        content: source.content,
        releaseDate: source.releaseDate,
        location: source.location,
        boilerplate: source.boilerplate,
        contactName: source.contactName,
        contactEmail: source.contactEmail,
        contactPhone: source.contactPhone,
        language: source.language,
        translation: source.translation,
        bilingualEmail: source.bilingualEmail,
        // Another user's lists are never carried over (a super admin copying a customer's release).
        recipientLists: sameOwner ? source.recipientLists : [],
        status: 'draft',
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: pressReleases.id });
    await copyAttachments(tx, source.id, { releaseId: copy.id, ownerId: actor.id, sameOwner });
    return copy.id;
  });
  return getRelease(ctx, actor, newId);
}

/**
 * "Copy of …" ("نسخة من …" for an Arabic release), so the copy is told apart from its original in every
 * list; within the title's 300 characters.
 */
const copyTitle = (title: string, language: string) => `${language === 'arabic' ? 'نسخة من' : 'Copy of'} ${title}`.slice(0, 300);

/**
 * The copy's attachment rows point at the same bytes: the owner's own blobs, or (a super admin copying a
 * customer's release) the copier's blobs of the same content.
 */
async function copyAttachments(
  tx: Db,
  sourceReleaseId: string,
  target: { releaseId: string; ownerId: string; sameOwner: boolean },
): Promise<void> {
  const files = await tx.select().from(attachments).where(eq(attachments.releaseId, sourceReleaseId));
  if (!files.length) return;
  const blobFor = target.sameOwner ? undefined : await copyBlobsTo(tx, target.ownerId, files.map((f) => f.blobId));
  await tx.insert(attachments).values(
    files.map(({ id: _id, createdAt: _createdAt, ...file }) => ({
      ...file,
      releaseId: target.releaseId,
      blobId: blobFor?.get(file.blobId) ?? file.blobId,
    })),
  );
}

/** The stored bytes of one attachment of a release the caller may see. */
/** A release's file, for its owner, a super admin, or an editor while the release waits for review. */
export async function getAttachmentFile(db: Db, actor: CurrentUser, releaseId: string, attachmentId: string) {
  const editorReviewing = actor.role === 'admin' ? and(eq(pressReleases.id, releaseId), eq(pressReleases.status, 'in_review')) : undefined;
  const [file] = await db
    .select(attachmentContent)
    .from(attachments)
    .innerJoin(attachmentBlobs, blobOfAttachment)
    .innerJoin(pressReleases, eq(pressReleases.id, attachments.releaseId))
    .where(and(eq(attachments.id, attachmentId), or(visibleTo(actor, releaseId), editorReviewing)));
  if (!file) throw notFound();
  return file;
}

// ---------------------------------------------------------------- shapes

function toSummary(row: ReleaseRow, userEmail?: string): PressReleaseSummary {
  return {
    id: row.id,
    userId: row.userId,
    ...(userEmail !== undefined ? { userEmail } : {}),
    title: row.title,
    translationTitle: row.translation?.title || null,
    subtitle: row.subtitle,
    language: row.language as ReleaseLanguage,
    status: row.status as ReleaseStatus,
    scheduledAt: iso(row.scheduledAt),
    sentAt: iso(row.sentAt),
    recipientCount: row.recipientCount,
    recipientLists: row.recipientLists,
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  };
}

function toPressRelease(
  row: ReleaseRow,
  files: AttachmentInfo[],
  publicUrl: string,
  userEmail: string | undefined,
  review: ReleaseReview | null,
  accepted: { first: Date | string | null; last: Date | string | null },
): PressRelease {
  return {
    ...toSummary(row, userEmail),
    content: row.content,
    releaseDate: row.releaseDate,
    location: row.location,
    boilerplate: row.boilerplate,
    contactName: row.contactName,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    attachments: files,
    translation: row.translation ?? null,
    bilingualEmail: row.bilingualEmail,
    webUrl: row.slug && (row.status === 'sending' || row.status === 'sent') ? `${publicUrl}/r/${row.slug}` : null,
    newsroomUrl: null,
    review,
    firstAcceptedAt: iso(accepted.first),
    lastAcceptedAt: iso(accepted.last),
  };
}
