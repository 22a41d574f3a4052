import type { BrandId, ReleaseId, WorkspaceId } from '../../shared/ids.js';
import type { z } from 'zod';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CurrentUser } from '../../shared/auth.js';
import {
  MESSAGES,
  READ_ONLY_STATUSES,
  type Preflight,
  type preflightQuerySchema,
  type PreflightWarning,
  type preflightInputSchema,
  type ReleaseLanguage,
  versionsOf,
} from '../../shared/releases.js';
import type { Db } from '../db/client.js';
import { attachments, listContacts, userLists, workspaces } from '../db/schema.js';
import { validationFailed, appError, fieldError } from '../http/errors.js';
import { can, needsWorkspaceApproval, requireAction, requireBrowse, requireRelease } from '../access/access.js';
import { isUnmetered } from '../access/roles.js';
import { audienceOf, selectionFiltersOf } from '../delivery/dispatch.service.js';
import type { SelectionFilters } from '../delivery/recipient-selection.js';
import { brandForRelease } from '../brands/brand-choice.js';
import { needsReview } from './review-rounds.js';
import { instantOf } from '../../shared/time-zones.js';
import { calendarWarnings } from './working-day.js';

/**
 * The pre-send check: exactly what Send Now or Schedule would do, counted the way dispatch counts
 * (unique lower-case addresses of the owner's chosen lists, minus suppressed ones), with the reasons
 * recipients are left out and what deserves a second look. Nothing is written.
 */

type PreflightInput = z.infer<typeof preflightInputSchema>;
type PreflightQuery = z.infer<typeof preflightQuerySchema>;
/** now: the clock a Send Now is checked against for the recipients' working day. */
type Ctx = { db: Db; review: boolean; now?: () => Date };

/**
 * A send time as given: an instant ("2026-12-01T06:00:00Z"), or a wall-clock time without an offset
 * ("2026-12-01T09:00") read in `timeZone`, the zone it was entered in.
 */
export function sendInstantOf(scheduledAt: string, timeZone?: string | null): Date | null {
  const wall = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::00(?:\.0+)?)?$/.exec(scheduledAt.trim());
  if (wall && timeZone) return instantOf(wall[1], wall[2], timeZone);
  const ms = Date.parse(scheduledAt);
  return Number.isNaN(ms) ? null : new Date(ms);
}


/** A wall-clock time that is no date ("2026-02-30T09:00") is refused on its field, not read as now. */
function requiredInstant(scheduledAt: string, timeZone?: string | null): Date {
  const instant = sendInstantOf(scheduledAt, timeZone);
  if (!instant) throw validationFailed([{ path: 'scheduledAt', message: MESSAGES.scheduledAt }]);
  return instant;
}

/** GET /api/press-releases/{id}/preflight: a saved release as it stands, or sent at the time the query gives. */
export async function preflightOfRelease(ctx: Ctx, actor: CurrentUser, id: ReleaseId, query: PreflightQuery = {}): Promise<Preflight> {
  const release = await findRelease(ctx.db, actor, id);
  const files = await ctx.db
    .select({ name: attachments.originalName, size: attachments.size })
    .from(attachments)
    .where(eq(attachments.releaseId, id))
    .orderBy(asc(attachments.position), asc(attachments.createdAt));
  return preflight(ctx, actor, {
    workspaceId: release.workspaceId,
    brandId: release.brandId,
    holdsAllowance: release.allowanceUsed,
    lists: release.recipientLists,
    versions: versionsOf(release),
    content: release.content + (release.translation?.content ?? ''),
    files,
    sendAt: query.scheduledAt
      ? requiredInstant(query.scheduledAt, query.timeZone ?? release.timeZone)
      : release.status === 'scheduled' || release.status === 'awaiting_approval' || release.status === 'awaiting_client_approval'
        ? release.scheduledAt
        : null,
    filters: selectionFiltersOf(release),
    decider: deciderOf(release.status, actor),
  });
}

/** POST /api/press-releases/preflight: the editor's unsaved payload. */
export async function preflightOfPayload(ctx: Ctx, actor: CurrentUser, input: PreflightInput): Promise<Preflight> {
  const release = input.existingPressReleaseId ? await findRelease(ctx.db, actor, input.existingPressReleaseId) : undefined;
  const refs = input.attachments.filter((a): a is { id: string } => 'id' in a).map((a) => a.id);
  const stored =
    refs.length && release
      ? await ctx.db
          .select({ id: attachments.id, name: attachments.originalName, size: attachments.size })
          .from(attachments)
          .where(and(eq(attachments.releaseId, release.id), inArray(attachments.id, refs)))
      : [];
  const storedById = new Map(stored.map((f) => [f.id, f]));
  if (refs.some((id) => !storedById.has(id))) throw validationFailed([fieldError('attachments', 'ATTACHMENT_NOT_FOUND')]);
  const files = input.attachments.map((a) => ('id' in a ? storedById.get(a.id)! : { name: a.originalName, size: a.size }));
  const sendAt = input.action === 'schedule' && input.scheduledAt ? sendInstantOf(input.scheduledAt, input.timeZone) : null;
  const workspaceId = release?.workspaceId ?? requireAction(actor, 'browse');
  return preflight(ctx, actor, {
    workspaceId,
    brandId: (await brandForRelease(ctx.db, workspaceId, input.brandId, release?.brandId)).id,
    holdsAllowance: release?.allowanceUsed ?? false,
    lists: input.recipientLists,
    versions: versionsOf(input),
    content: input.content + (input.translation?.content ?? ''),
    files,
    sendAt,
    filters: {
      ...selectionFiltersOf({ id: release?.id, topics: input.topics ?? release?.topics, location: release?.location }),
      embargoUntil: input.embargo ? new Date(input.embargo.until) : null,
    },
  });
}

/**
 * Lists and the allowance are the team's: a client seat reads the preflight only of a release waiting for
 * its own approval (counts, never an address, and no allowance), so it approves with eyes open.
 */
async function findRelease(db: Db, actor: CurrentUser, id: ReleaseId) {
  const release = await requireRelease(db, actor, id, 'read');
  const clientDeciding = release.status === 'awaiting_client_approval' && can(actor, 'clientApprove');
  if (!clientDeciding) requireBrowse(actor);
  if (READ_ONLY_STATUSES.includes(release.status)) throw appError('RELEASE_SENT');
  return release;
}

/** The one deciding on a release that waits for them: its approver or its client, not a sender. */
const deciderOf = (status: string, actor: CurrentUser): Subject['decider'] =>
  status === 'awaiting_client_approval' && can(actor, 'clientApprove') ? 'client' : status === 'awaiting_approval' ? 'approver' : undefined;

type Subject = {
  workspaceId: WorkspaceId;
  /** The brand it speaks for: addresses unsubscribed from it only are left out, as dispatch does. */
  brandId: BrandId;
  /** A scheduled release already holds its press release: sending it again spends nothing more. */
  holdsAllowance: boolean;
  lists: string[];
  /** The release's languages, primary first. */
  versions: ReleaseLanguage[];
  /** Every version's content, for the link and image warnings. */
  content: string;
  files: Array<{ name: string; size: number }>;
  sendAt: Date | null;
  /** Topics, dateline and embargo, read against the journalists' preferences (decision 024). */
  filters: SelectionFilters;
  /** Read by the one deciding on it (approving lets it go; a client's seat spends nothing of its own). */
  decider?: 'approver' | 'client';
};

async function preflight({ db, review, now = () => new Date() }: Ctx, actor: CurrentUser, subject: Subject): Promise<Preflight> {
  const listIds = [...new Set(subject.lists)];
  const lists = listIds.length
    ? await db
        .select({ id: userLists.id, name: userLists.name, contacts: sql<number>`(SELECT count(*)::int FROM ${listContacts} lc WHERE lc.list_id = user_lists.id)` })
        .from(userLists)
        .where(and(eq(userLists.workspaceId, subject.workspaceId), inArray(userLists.id, listIds)))
    : [];
  if (lists.length !== listIds.length) throw validationFailed([fieldError('recipientLists', 'UNKNOWN_LIST')]);
  const ordered = listIds.map((id) => lists.find((l) => l.id === id)!);

  const audience = await audienceOf(db, subject.workspaceId, listIds, subject.versions, subject.brandId, subject.filters);
  const approval = subject.decider ? false : needsWorkspaceApproval(actor);
  const allowance = approval || subject.decider === 'client' ? { spends: 0, remainingAfter: null } : await allowanceAfter(db, actor, subject);
  return {
    lists: ordered,
    ...audience,
    attachments: subject.files,
    allowance,
    sendAt: subject.sendAt ? subject.sendAt.toISOString() : null,
    approval,
    review: await needsReview(db, review, actor, subject.workspaceId),
    warnings: [
      ...ordered.filter((l) => l.contacts === 0).map((l): PreflightWarning => ({ code: 'EMPTY_LIST', message: `The list “${l.name}” has no contacts`, params: { name: l.name } })),
      ...(audience.recipients === 0 ? [{ code: 'NO_RECIPIENTS', message: 'Nobody on the chosen lists can receive this press release' } as PreflightWarning] : []),
      ...contentWarnings(subject.content),
      ...languageWarnings(subject.versions, audience.byLanguage, audience.recipients),
      ...calendarWarnings(subject.sendAt ?? now(), audience.byCountry),
    ],
  };
}

async function allowanceAfter(db: Db, actor: CurrentUser, subject: Subject): Promise<Preflight['allowance']> {
  if (isUnmetered(actor)) return { spends: 0, remainingAfter: null };
  const [owner] = await db
    .select({ limit: workspaces.monthlyPressReleaseLimit, used: workspaces.pressReleasesUsedThisMonth })
    .from(workspaces)
    .where(eq(workspaces.id, subject.workspaceId));
  const spends = subject.holdsAllowance ? 0 : 1;
  return { spends, remainingAfter: Math.max(owner.limit - owner.used - spends, 0) };
}

const HREF = /<a\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;
const IMG = /<img\b/i;

/** Links the sanitiser will drop (only http and https go out), and images, which are not sent in the text. */
export function contentWarnings(html: string): PreflightWarning[] {
  const warnings: PreflightWarning[] = [];
  for (const match of html.matchAll(HREF)) {
    const href = (match[1] ?? match[2] ?? match[3] ?? '').trim();
    if (/^https?:\/\/[^/\s]+/i.test(href)) continue;
    warnings.push({ code: 'LINK_NOT_HTTP', message: `This link does not start with http:// or https:// and will be removed: ${href || '(empty)'}`, params: { url: href } });
  }
  if (IMG.test(html)) {
    warnings.push({ code: 'IMAGE_NOT_SENT', message: 'Images in the text are not hosted anywhere and will not be sent; attach them as files instead' });
  }
  return warnings;
}

/** A release in one language sent mostly to readers of the other is worth a second look. */
export function languageWarnings(versions: ReleaseLanguage[], byLanguage: Preflight['byLanguage'], recipients: number): PreflightWarning[] {
  const top = byLanguage[0];
  if (!top || recipients === 0) return [];
  // A release with a version in the readers' language sends them that one.
  if (versions.some((v) => v === top.language.toLowerCase()) || top.count * 2 <= recipients) return [];
  const releaseLanguage = versions[0] === 'arabic' ? 'Arabic' : 'English';
  const percent = Math.round((top.count / recipients) * 100);
  return [
    {
      code: 'LANGUAGE_MISMATCH',
      // Say what they will read, not only that something is off: the one version there is.
      message: `Most recipients (${percent}%) read ${top.language}, but this press release is in ${releaseLanguage} only: they will receive the ${releaseLanguage} text`,
      params: { percent, language: top.language, releaseLanguage },
    },
  ];
}
