import type { ReleaseId, WorkspaceId } from '../../shared/ids.js';
import type { z } from 'zod';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  max,
  min,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { CurrentUser } from '../../shared/auth.js';
import { releaseWebPath } from '../../shared/release-address.js';
import {
  READ_ONLY_STATUSES,
  isScheduleInFuture,
  type listReleasesQuerySchema,
  type AttachmentInfo,
  type PressRelease,
  type PressReleaseSummary,
  type ReleaseLanguage,
  type ReleaseReview,
  type ReleasesPage,
  type SendPressReleasePayload,
  type NewAttachmentInput,
  type ReleaseGate,
  type ReleaseTranslation,
  type StoredAttachmentRef,
  versionsOf,
} from '../../shared/releases.js';
import type { Db } from '../db/client.js';
import { attachmentBlobs, attachments, brands, deliveries, pressReleases, workspaces } from '../db/schema.js';
import { brandForRelease } from '../brands/brand-choice.js';
import {
  needsWorkspaceApproval,
  isEditor,
  mayAct,
  releaseScope,
  requireAction,
  requireRelease,
} from '../access/access.js';
import { runBySuperAdmin, seesAuthorEmails, skipsClientApproval } from '../access/roles.js';
import { peopleOf, type People } from './release-people.js';
import { brandsOf, type ReleaseBrands } from '../brands/release-brands.js';
import { ownedListIds } from '../lists/lists.service.js';
import { notFound, validationFailed, appError, fieldError, fieldRefusal } from '../http/errors.js';
import { latestReview, needsReview } from './review-rounds.js';
import { NO_CLIENT_ANSWER, applyEvent, editorsAfterSave, gatesAhead, returnOf, timelineOf } from './lifecycle.js';
import { checkAttachments } from '../content/attachment-check.js';
import {
  attachmentContent,
  blobOfAttachment,
  copyBlobsTo,
  deleteOrphanBlobs,
  storeFiles,
} from '../content/attachment-store.js';
import { sanitizeContent } from '../content/content-sanitizer.js';
import { ensureReleaseNewsroomSlug } from '../newsroom/newsroom.service.js';
import { newsroomUrl } from '../common/public-urls.js';

type ReleaseRow = typeof pressReleases.$inferSelect;
type ListReleasesQuery = z.infer<typeof listReleasesQuerySchema>;
type Ctx = { db: Db; now: () => Date; publicUrl: string; review: boolean };

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export const alreadySent = () => appError('RELEASE_ALREADY_SENT');

// ---------------------------------------------------------------- send, schedule, save draft

/**
 * POST /api/send-press-release. One transaction: lock the release being edited, check lists and
 * attachments, store the sanitised content, and for send/schedule take one press release from the
 * allowance with a conditional UPDATE (402 and a rollback when none is left) and freeze the release.
 * A customer's send or schedule waits for an editor (status in_review) unless review is off or the
 * customer is trusted; a release sent back for changes keeps its press release through edits and resubmission.
 */
export async function saveRelease(
  ctx: Ctx,
  actor: CurrentUser,
  input: SendPressReleasePayload,
): Promise<PressRelease> {
  const now = ctx.now();
  const workspaceId = requireAction(actor, 'write');
  if (input.action === 'schedule' && !isScheduleInFuture(input.scheduledAt, now)) {
    throw validationFailed([fieldError('scheduledAt', 'SCHEDULE_IN_PAST')]);
  }
  const { id, goesOut } = await ctx.db.transaction(async (tx) => {
    let existing = input.existingPressReleaseId
      ? await lockEditableRelease(tx, actor, input.existingPressReleaseId)
      : undefined;
    if (existing?.status === 'scheduled') {
      await applyEvent(ctx, tx, existing, 'unschedule', actor);
      existing = { ...existing, status: 'draft', allowanceUsed: false, scheduledAt: null };
    }
    const releaseWorkspaceId = existing?.workspaceId ?? workspaceId;

    await assertOwnLists(tx, releaseWorkspaceId, input.recipientLists);
    const brand = await brandForRelease(tx, releaseWorkspaceId, input.brandId, existing?.brandId);
    const { kept, added } = await checkAttachmentInput(
      tx,
      existing?.id,
      input.attachments,
      versionsOf(input),
    );

    const fields = {
      brandId: brand.id,
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
      ...timingOf(input, existing, now),
      updatedAt: now,
      // A new Send or Schedule asks the client afresh: their earlier answer was about another version.
      ...(input.action === 'save_draft' ? {} : NO_CLIENT_ANSWER),
    };
    const editedBy = editorsAfterSave(existing, actor, textChanged(existing, fields));
    const [row] = existing
      ? await tx.update(pressReleases).set({ ...fields, editedBy }).where(eq(pressReleases.id, existing.id)).returning()
      : await tx
          .insert(pressReleases)
          .values({ ...fields, editedBy, workspaceId: releaseWorkspaceId, authorId: actor.id })
          .returning();
    await replaceAttachments(tx, { releaseId: row.id, workspaceId: releaseWorkspaceId }, kept, added, now);

    if (input.action === 'save_draft') return { id: row.id, goesOut: false };
    const scheduledAt = input.action === 'schedule' ? new Date(input.scheduledAt) : null;
    const event = needsWorkspaceApproval(actor) ? 'submit' : 'send';
    const moved = await applyEvent(ctx, tx, row, event, actor, { scheduledAt });
    return { id: row.id, goesOut: moved.status !== 'awaiting_approval' && moved.status !== 'awaiting_client_approval' };
  });
  // The company's newsroom gets its address with its first release on the way out. Not inside the send
  // transaction: the address is a unique column of the workspace's row, and writing it there would wait on
  // (and deadlock with) a concurrent send's reference to that row.
  if (goesOut) await ensureReleaseNewsroomSlug(ctx.db, id);
  return getRelease(ctx, actor, id);
}

/**
 * The embargo, the zone the schedule was entered in and the topics, as stored (issue 30). A field the
 * payload leaves out keeps what the release had (a client that does not know it never wipes it); a null
 * embargo clears it. An embargo must lift in the future when the release goes out (a draft keeps a lapsed
 * one, so autosave never fails on it) and, for a schedule, after the send: a release that lifts before it
 * goes out would never be under embargo.
 */
function timingOf(input: SendPressReleasePayload, existing: ReleaseRow | undefined, now: Date) {
  const embargo = input.embargo === undefined ? storedEmbargo(existing) : input.embargo;
  if (embargo) {
    const until = new Date(embargo.until);
    if (input.action !== 'save_draft' && until <= now) throw fieldRefusal('embargo.until', 'EMBARGO_IN_PAST');
    if (input.action === 'schedule' && new Date(input.scheduledAt) >= until)
      throw fieldRefusal('embargo.until', 'EMBARGO_BEFORE_SEND');
  }
  return {
    embargoUntil: embargo ? new Date(embargo.until) : null,
    embargoTimeZone: embargo?.timeZone ?? null,
    embargoNoticeShowsTitle: input.embargoNoticeShowsTitle ?? existing?.embargoNoticeShowsTitle ?? false,
    timeZone: input.timeZone === undefined ? (existing?.timeZone ?? null) : input.timeZone,
    topics: input.topics ?? existing?.topics ?? [],
  };
}

function storedEmbargo(row: ReleaseRow | undefined) {
  return row?.embargoUntil && row.embargoTimeZone
    ? { until: new Date(row.embargoUntil).toISOString(), timeZone: row.embargoTimeZone }
    : null;
}

/** Whether a save changed the words of the release (who changed them may not approve that version). */
function textChanged(existing: ReleaseRow | undefined, fields: Pick<ReleaseRow, 'title' | 'subtitle' | 'content' | 'boilerplate' | 'location' | 'translation'>): boolean {
  if (!existing) return true;
  const words = (r: typeof fields) => JSON.stringify([r.title, r.subtitle, r.content, r.boilerplate, r.location, r.translation ?? null]);
  return words(existing) !== words(fields);
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

async function lockEditableRelease(tx: Db, actor: CurrentUser, id: ReleaseId): Promise<ReleaseRow> {
  const row = await requireRelease(tx, actor, id, 'write', { forUpdate: true });
  if (row.status === 'awaiting_approval') throw appError('RELEASE_AWAITING_APPROVAL');
  if (row.status === 'awaiting_client_approval') throw appError('RELEASE_AWAITING_CLIENT_APPROVAL');
  if (row.status === 'in_review') throw appError('RELEASE_IN_REVIEW');
  if (row.status === 'rejected') throw appError('RELEASE_REJECTED');
  if (READ_ONLY_STATUSES.includes(row.status)) throw alreadySent();
  return row;
}

async function assertOwnLists(tx: Db, workspaceId: WorkspaceId, listIds: string[]): Promise<void> {
  const unique = [...new Set(listIds)];
  if (!unique.length) return;
  const owned = await ownedListIds(tx, workspaceId, unique);
  if (owned.length !== unique.length) throw validationFailed([fieldError('recipientLists', 'UNKNOWN_LIST')]);
}

type KeptAttachment = { id: string; size: number; language: ReleaseLanguage | null };

async function checkAttachmentInput(
  tx: Db,
  releaseId: ReleaseId | undefined,
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
    if (found.length !== languageOf.size)
      throw validationFailed([fieldError('attachments', 'ATTACHMENT_NOT_FOUND')]);
    kept = found.map((file) => ({ ...file, language: languageOf.get(file.id) ?? null }));
  }
  const keptBytes = kept.reduce((sum, a) => sum + a.size, 0);
  const checked = checkAttachments(uploads, keptBytes);
  return { kept, added: checked.map((file, i) => ({ ...file, language: languageFor(uploads[i].language) })) };
}

/** The release's files become the kept ones plus the new ones; bytes nothing points at any more go. */
async function replaceAttachments(
  tx: Db,
  { releaseId, workspaceId }: { releaseId: ReleaseId; workspaceId: WorkspaceId },
  kept: KeptAttachment[],
  added: Array<ReturnType<typeof checkAttachments>[number] & { language: ReleaseLanguage | null }>,
  now: Date,
): Promise<void> {
  const keptIds = kept.map((a) => a.id);
  const removed = await tx
    .delete(attachments)
    .where(
      and(
        eq(attachments.releaseId, releaseId),
        keptIds.length ? notInArray(attachments.id, keptIds) : undefined,
      ),
    )
    .returning({ id: attachments.id });
  for (const file of kept)
    await tx.update(attachments).set({ language: file.language }).where(eq(attachments.id, file.id));
  const stored = await storeFiles(tx, workspaceId, added, runBySuperAdmin);
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
  if (removed.length) await deleteOrphanBlobs(tx, workspaceId);
}

// ---------------------------------------------------------------- cancel, read, delete, duplicate

/** POST /api/press-releases/{id}/cancel: a scheduled release returns to draft and gives its press release back. */
export async function cancelScheduled(ctx: Ctx, actor: CurrentUser, id: ReleaseId): Promise<PressRelease> {
  await ctx.db.transaction(async (tx) => {
    const row = await requireRelease(tx, actor, id, 'publish', { forUpdate: true });
    if (READ_ONLY_STATUSES.includes(row.status)) throw appError('RELEASE_SENT');
    await applyEvent(ctx, tx, row, 'unschedule', actor);
  });
  return getRelease(ctx, actor, id);
}

/**
 * POST /api/press-releases/{id}/withdraw: a release is taken back from review (waiting, or sent back for
 * changes) before an editor approves it, or from the workspace's approval; it becomes a draft and its press
 * release is returned. Its author may, and anyone who may publish.
 */
export async function withdrawFromReview(ctx: Ctx, actor: CurrentUser, id: ReleaseId): Promise<PressRelease> {
  await ctx.db.transaction(async (tx) => {
    const row = await requireRelease(tx, actor, id, 'write', { forUpdate: true });
    if (row.authorId !== actor.id && !mayAct(actor, 'publish')) requireAction(actor, 'publish');
    // The answer names the state it is in, so a page that fell behind can show it at once.
    await applyEvent(ctx, tx, row, 'withdraw', actor);
  });
  return getRelease(ctx, actor, id);
}

type ReadCtx = Pick<Ctx, 'db' | 'publicUrl'> & { review?: boolean };

export async function getRelease(ctx: ReadCtx, actor: CurrentUser, id: ReleaseId): Promise<PressRelease> {
  return loadRelease(ctx, releaseScope(actor, id)!, seesAuthorEmails(actor), actor);
}

/** A release as an editor sees it: any owner's, with the owner's address and who decided its review. */
export async function getReleaseForEditor(ctx: ReadCtx, id: ReleaseId): Promise<PressRelease> {
  return loadRelease(ctx, eq(pressReleases.id, id), true, null);
}

/** The gates the release still has ahead, as the viewer's own send would meet them (none for an editor). */
async function gatesFor(ctx: ReadCtx, row: ReleaseRow, clientApproval: boolean, viewer: CurrentUser | null): Promise<ReleaseGate[]> {
  if (!viewer) return [];
  const editable = row.status === 'draft' || row.status === 'changes_requested';
  return gatesAhead(row.status, {
    workspaceApproval: editable ? needsWorkspaceApproval(viewer) : true,
    clientApproval: clientApproval && !skipsClientApproval(viewer),
    review: await needsReview(ctx.db, ctx.review ?? false, viewer, row.workspaceId),
  });
}

async function loadRelease(ctx: ReadCtx, where: SQL, showOwner: boolean, viewer: CurrentUser | null): Promise<PressRelease> {
  const [row] = await ctx.db
    .select({
      release: pressReleases,
      newsroomSlug: brands.newsroomSlug,
      newsroomEnabled: brands.newsroomEnabled,
      clientApproval: brands.clientApproval,
      suspendedAt: workspaces.suspendedAt,
    })
    .from(pressReleases)
    .innerJoin(brands, eq(brands.id, pressReleases.brandId))
    .innerJoin(workspaces, eq(workspaces.id, pressReleases.workspaceId))
    .where(where);
  if (!row) throw notFound();
  const newsroom =
    row.newsroomSlug && row.newsroomEnabled ? newsroomUrl(ctx.publicUrl, row.newsroomSlug) : null;
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
  const [people, brandsById, timeline, gates] = await Promise.all([
    peopleOf(ctx.db, [row.release]),
    brandsOf(ctx.db, ctx.publicUrl, [row.release.brandId]),
    timelineOf(ctx.db, id),
    gatesFor(ctx, row.release, row.clientApproval, viewer),
  ]);
  return {
    ...toPressRelease(
      row.release,
      files,
      ctx.publicUrl,
      { people, brands: brandsById },
      showOwner,
      review,
      accepted,
    ),
    newsroomUrl: newsroom,
    timeline,
    returned: returnOf(row.release.status, timeline),
    holdsAllowance: row.release.allowanceUsed,
    gatesAhead: gates,
    heldBySuspension: row.suspendedAt !== null,
  };
}

export async function listReleases(
  ctx: Pick<Ctx, 'db' | 'publicUrl'>,
  actor: CurrentUser,
  query: ListReleasesQuery,
): Promise<ReleasesPage> {
  const { db } = ctx;
  const { page, pageSize } = query;
  const search = query.search ? `%${query.search.replace(/[%_\\]/g, '\\$&')}%` : undefined;
  const where = and(
    releaseScope(actor),
    query.status ? eq(pressReleases.status, query.status) : undefined,
    query.brandId ? eq(pressReleases.brandId, query.brandId) : undefined,
    search ? or(ilike(pressReleases.title, search), ilike(pressReleases.subtitle, search)) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(pressReleases)
      .where(where)
      .orderBy(desc(pressReleases.createdAt), desc(pressReleases.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(pressReleases).where(where),
  ]);
  const [people, brandsById] = await Promise.all([
    peopleOf(db, rows),
    brandsOf(
      db,
      ctx.publicUrl,
      rows.map((row) => row.brandId),
    ),
  ]);
  const names = { people, brands: brandsById };
  return { items: rows.map((row) => toSummary(row, names, seesAuthorEmails(actor))), total, page, pageSize };
}

/**
 * DELETE /api/press-releases/{id}: drafts and releases waiting for changes only; anything that was
 * scheduled or sent stays. A press release it still held goes back.
 */
export async function deleteDraft(ctx: Pick<Ctx, 'db' | 'now' | 'review'>, actor: CurrentUser, id: ReleaseId): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await requireRelease(tx, actor, id, 'write', { forUpdate: true });
    await applyEvent(ctx, tx, row, 'delete', actor);
    await deleteOrphanBlobs(tx, row.workspaceId);
  });
}

/** POST /api/press-releases/{id}/duplicate: a new draft of the caller with the same fields and files. */
export async function duplicateRelease(ctx: Ctx, actor: CurrentUser, id: ReleaseId): Promise<PressRelease> {
  const newId = await ctx.db.transaction(async (tx) => {
    const source = await requireRelease(tx, actor, id, 'read');
    const workspaceId = requireAction(actor, 'write');
    const now = ctx.now();
    const sameOwner = source.workspaceId === workspaceId;
    const [copy] = await tx
      .insert(pressReleases)
      .values({
        workspaceId,
        brandId: (await brandForRelease(tx, workspaceId, null, sameOwner ? source.brandId : undefined)).id,
        authorId: actor.id,
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
        // Another workspace's lists are never carried over (a super admin copying a customer's release).
        recipientLists: sameOwner ? source.recipientLists : [],
        // What it is about carries over; its timing (schedule, embargo) is the new release's own.
        topics: source.topics,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: pressReleases.id });
    await copyAttachments(tx, source.id, { releaseId: copy.id, workspaceId, sameOwner });
    return copy.id;
  });
  return getRelease(ctx, actor, newId);
}

/**
 * "Copy of …" ("نسخة من …" for an Arabic release), so the copy is told apart from its original in every
 * list; within the title's 300 characters.
 */
const copyTitle = (title: string, language: string) =>
  `${language === 'arabic' ? 'نسخة من' : 'Copy of'} ${title}`.slice(0, 300);

/**
 * The copy's attachment rows point at the same bytes: the owner's own blobs, or (a super admin copying a
 * customer's release) the copier's blobs of the same content.
 */
async function copyAttachments(
  tx: Db,
  sourceReleaseId: ReleaseId,
  target: { releaseId: ReleaseId; workspaceId: WorkspaceId; sameOwner: boolean },
): Promise<void> {
  const files = await tx.select().from(attachments).where(eq(attachments.releaseId, sourceReleaseId));
  if (!files.length) return;
  const blobFor = target.sameOwner
    ? undefined
    : await copyBlobsTo(
        tx,
        target.workspaceId,
        files.map((f) => f.blobId),
        runBySuperAdmin,
      );
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
export async function getAttachmentFile(db: Db, actor: CurrentUser, releaseId: ReleaseId, attachmentId: string) {
  const editorReviewing = isEditor(actor)
    ? and(eq(pressReleases.id, releaseId), eq(pressReleases.status, 'in_review'))
    : undefined;
  const [file] = await db
    .select(attachmentContent)
    .from(attachments)
    .innerJoin(attachmentBlobs, blobOfAttachment)
    .innerJoin(pressReleases, eq(pressReleases.id, attachments.releaseId))
    .where(and(eq(attachments.id, attachmentId), or(releaseScope(actor, releaseId), editorReviewing)));
  if (!file) throw notFound();
  return file;
}

// ---------------------------------------------------------------- shapes

/** The people and brands a page of releases names, each loaded once for the page. */
type Names = { people: People; brands: ReleaseBrands };

function toSummary(
  row: ReleaseRow,
  { people, brands: brandsById }: Names,
  showOwner: boolean,
): PressReleaseSummary {
  const author = people.ref(row.workspaceId, row.authorId);
  return {
    id: row.id,
    userId: row.authorId,
    workspaceId: row.workspaceId,
    brandId: row.brandId,
    brand: brandsById.get(row.brandId) ?? null,
    ...(showOwner ? { userEmail: people.email(row.authorId) ?? '' } : {}),
    author,
    approvedBy: people.ref(row.workspaceId, row.approvedBy),
    sentBy: people.ref(row.workspaceId, row.sentBy),
    title: row.title,
    translationTitle: row.translation?.title || null,
    subtitle: row.subtitle,
    language: row.language as ReleaseLanguage,
    status: row.status,
    scheduledAt: iso(row.scheduledAt),
    timeZone: row.timeZone,
    embargo: row.embargoUntil && row.embargoTimeZone ? { until: iso(row.embargoUntil)!, timeZone: row.embargoTimeZone } : null,
    embargoNoticeShowsTitle: row.embargoNoticeShowsTitle,
    publishedAt: iso(row.publishedAt),
    topics: row.topics,
    sentAt: iso(row.sentAt),
    recipientCount: row.recipientCount,
    recipientLists: row.recipientLists,
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  };
}

/** Gone out under an embargo that has not been lifted yet: nothing public shows it. */
const heldByEmbargo = (row: ReleaseRow) => row.embargoUntil !== null && row.publishedAt === null;

function toPressRelease(
  row: ReleaseRow,
  files: AttachmentInfo[],
  publicUrl: string,
  names: Names,
  showOwner: boolean,
  review: ReleaseReview | null,
  accepted: { first: Date | string | null; last: Date | string | null },
): Omit<PressRelease, 'timeline' | 'returned' | 'holdsAllowance' | 'gatesAhead' | 'heldBySuspension'> {
  return {
    ...toSummary(row, names, showOwner),
    approvalComment: row.approvalComment,
    clientApprovedBy: names.people.ref(row.workspaceId, row.clientApprovedBy),
    clientApprovedAt: iso(row.clientApprovedAt),
    clientApprovedVersion: row.clientApprovedVersion,
    clientComment: row.clientComment,
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
    // Under embargo the public address answers 404 until the lift: no link to hand out before then.
    webUrl:
      row.slug && (row.status === 'sending' || row.status === 'sent') && !heldByEmbargo(row)
        ? `${publicUrl}${releaseWebPath(row.slug)}`
        : null,
    newsroomUrl: null,
    review,
    firstAcceptedAt: iso(accepted.first),
    lastAcceptedAt: iso(accepted.last),
  };
}
