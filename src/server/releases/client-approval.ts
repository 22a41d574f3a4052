import type { BrandId, ReleaseId, UserId } from '../../shared/ids.js';
import { eq, inArray } from 'drizzle-orm';
import { asAccountLanguage, type AccountLanguage, type CurrentUser } from '../../shared/auth.js';
import { brandNameIn } from '../brands/brand-voice.js';
import type { PressRelease } from '../../shared/releases.js';
import type { Db } from '../db/client.js';
import { brands, pressReleases, users } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { sha256 } from '../http/tokens.js';
import { loadCurrentUser } from '../access/session.js';
import { clientApprovalRequestMessage, clientReturnedMessage } from '../mail/templates/brand.js';
import { mayUseBrand, requireAction, requireRelease } from '../access/access.js';
import { getRelease } from './releases.service.js';
import { applyEvent } from './lifecycle.js';
import { ensureReleaseNewsroomSlug } from '../newsroom/newsroom.service.js';
import { actorName, clientsOfBrand, recordActivity } from '../workspaces/workspaces.service.js';
import type { ApprovalDeps } from './workspace-approval.js';

/**
 * The client approves inside the product (issue 28, decision 026): a release of a brand with "client
 * approval required" waits as `awaiting_client_approval` after its publisher's Send or Schedule, holding
 * its press release; a client seat of the brand approves it (it then goes as the publisher's send would:
 * editorial review applying, schedule kept) or returns it with comments (`changes_requested`, the press
 * release given back).
 */

type ReleaseRow = typeof pressReleases.$inferSelect;

/** Which version was approved: a short digest of the words the client read (title, content, translation). */
export const releaseVersion = (row: Pick<ReleaseRow, 'title' | 'content' | 'translation'>): string =>
  sha256(JSON.stringify([row.title, row.content, row.translation ?? null])).slice(0, 12);

/**
 * The release, locked, for a client seat of its brand: 404 when the actor cannot see it, 403 for a team
 * member (the role needed is the client's), 409 when it does not wait for the client.
 */
async function lockForClient(tx: Db, actor: CurrentUser, id: ReleaseId): Promise<ReleaseRow> {
  const row = await requireRelease(tx, actor, id, 'clientApprove', { forUpdate: true });
  // Also for a super admin: only the brand's own client speaks for it.
  const workspaceId = requireAction(actor, 'clientApprove');
  if (row.workspaceId !== workspaceId || !mayUseBrand(actor, { id: row.brandId, workspaceId }))
    throw notFound();
  return row;
}

/** The client's answer, in one transaction holding the release's lock. */
function answerAsClient<T>(
  deps: ApprovalDeps,
  actor: CurrentUser,
  id: ReleaseId,
  answer: (tx: Db, row: ReleaseRow) => Promise<T>,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    return answer(tx, await lockForClient(tx, actor, id));
  });
}

/**
 * POST /api/press-releases/{id}/client-approve. The row is locked, so of ten approvals at once one finds
 * it waiting and moves it on; the others find it moved and get 409. It goes as the publisher who sent it.
 */
export async function clientApproveRelease(
  deps: ApprovalDeps,
  actor: CurrentUser,
  id: ReleaseId,
): Promise<PressRelease> {
  await answerAsClient(deps, actor, id, async (tx, row) => {
    const now = deps.now();
    const version = releaseVersion(row);
    // The stored sender; should their account be gone, the release still goes, on the client's word.
    const sender = (row.sentBy && (await loadCurrentUser(tx, row.sentBy))) || actor;
    await applyEvent(deps, tx, row, 'client_approve', actor, { sender });
    await tx
      .update(pressReleases)
      .set({ clientApprovedBy: actor.id, clientApprovedAt: now, clientApprovedVersion: version })
      .where(eq(pressReleases.id, row.id));
    await recordActivity(tx, row.workspaceId, actor, 'release.client_approved', {
      title: row.title,
      version,
    });
  });
  // The brand's newsroom gets its address with its first release on the way out.
  await ensureReleaseNewsroomSlug(deps.db, id);
  return getRelease(deps, actor, id);
}

/**
 * POST /api/press-releases/{id}/client-return: changes requested by the client, with words the agency
 * reads on the release's page and in the editor; the schedule is cleared and its press release given back.
 */
export async function clientReturnRelease(
  deps: ApprovalDeps,
  actor: CurrentUser,
  id: ReleaseId,
  comment: string,
): Promise<PressRelease> {
  const returned = await answerAsClient(deps, actor, id, async (tx, row) => {
    await applyEvent(deps, tx, row, 'client_return', actor, { comment });
    await recordActivity(tx, row.workspaceId, actor, 'release.client_returned', { title: row.title });
    return row;
  });
  inBackground(deps, () => tellAgency(deps, actor, returned, comment));
  return getRelease(deps, actor, id);
}

/** The publisher who sent it and its author (once each) read the client's comment. */
async function tellAgency(deps: ApprovalDeps, client: CurrentUser, release: ReleaseRow, comment: string) {
  const ids = [...new Set([release.sentBy, release.authorId])].filter(
    (id): id is UserId => !!id && id !== client.id,
  );
  if (!ids.length) return;
  const readers = await deps.db.select().from(users).where(inArray(users.id, ids));
  const brand = await brandNames(deps.db, release.brandId);
  const link = new URL(`/editor/${release.id}`, deps.publicUrl).href;
  for (const reader of readers) {
    const language = asAccountLanguage(reader.language);
    const message = clientReturnedMessage({
      language,
      firstName: reader.firstName,
      clientName: actorName(client),
      brandName: brandNameIn(brand, readerVersion(language)),
      title: titleIn(release, language),
      comment,
      link,
    });
    await deps.mailer.send({ to: reader.email, ...message });
  }
}

/**
 * A release just put before the brand's client: each client seat of the brand is told, in their language,
 * with a link to the release's page (sign-in required). After the answer; failures are logged.
 */
export function tellClients(deps: ApprovalDeps, sender: CurrentUser, release: PressRelease): void {
  inBackground(deps, async () => {
    const link = new URL(`/analytics/${release.id}`, deps.publicUrl).href;
    const brand = await brandNames(deps.db, release.brandId);
    for (const client of await clientsOfBrand(deps.db, release.workspaceId, release.brandId)) {
      const language = asAccountLanguage(client.language);
      const message = clientApprovalRequestMessage({
        language,
        firstName: client.firstName,
        senderName: actorName(sender),
        brandName: brandNameIn(brand, readerVersion(language)),
        title: titleIn(release, language),
        scheduledAt: release.scheduledAt ? new Date(release.scheduledAt) : null,
        link,
      });
      await deps.mailer.send({ to: client.email, ...message });
    }
  });
}

async function brandNames(db: Db, brandId: BrandId): Promise<{ name: string; nameAr: string }> {
  const [brand] = await db.select({ name: brands.name, nameAr: brands.nameAr }).from(brands).where(eq(brands.id, brandId));
  return brand ?? { name: '', nameAr: '' };
}

const readerVersion = (language: AccountLanguage) => (language === 'ar' ? 'arabic' : 'english');

/** The release's title as a reader of `language` reads it (issue 37): the version in their language when it has one. */
function titleIn(release: { title: string; language: string; translation: { language: string; title: string } | null }, language: AccountLanguage): string {
  const wanted = readerVersion(language);
  return release.language !== wanted && release.translation?.language === wanted && release.translation.title.trim() ? release.translation.title : release.title;
}

function inBackground(deps: ApprovalDeps, work: () => Promise<void>): void {
  void work().catch((error: unknown) =>
    deps.log.error({ err: error }, 'client approval email could not be sent'),
  );
}
