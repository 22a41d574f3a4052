import type { ReleaseId, UserId } from '../../shared/ids.js';
import { and, asc, count, eq, gte, inArray, isNull, isNotNull, min, sql } from 'drizzle-orm';
import type { AccountLanguage, CurrentUser } from '../../shared/auth.js';
import { extractLinks } from '../../shared/email-template.js';
import { versionsOf, type PressRelease } from '../../shared/releases.js';
import {
  REVIEW_TARGET_MINUTES,
  type LinkCheck,
  type ReviewDetail,
  type ReviewFinding,
  type ReviewQueue,
  type ReviewStats,
} from '../../shared/review.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Db } from '../db/client.js';
import { deliveries, pressReleases, releaseReviews, users, workspaceMembers, workspaces } from '../db/schema.js';
import { requireEditor } from '../access/access.js';
import { membershipOf } from '../access/membership.js';
import { contactEmailOf, ownerMembers } from '../access/roles.js';
import { audienceOf, selectionFiltersOf } from '../delivery/dispatch.service.js';
import { renderRelease, senderOf } from '../delivery/release-renderer.js';
import { fromLine } from '../../shared/brands.js';
import { notFound, appError } from '../http/errors.js';
import type { Mailer } from '../mail/transport.js';
import type { RenderedEmail } from '../mail/templates/layout.js';
import { approvedMessage, changesRequestedMessage, rejectedMessage } from '../mail/templates/review.js';
import { contentWarnings, languageWarnings } from '../releases/preflight.service.js';
import { getReleaseForEditor } from '../releases/releases.service.js';
import { applyEvent, type LifecycleEvent } from '../releases/lifecycle.js';
import { sendInBackground } from '../releases/review-alerts.js';
import { checkLinks, type LinkCheckOptions } from './link-check.js';

/**
 * Editorial review (issue 11): the queue editors work, one release as its recipients will get it with
 * automatic findings, the three decisions (each decided exactly once, under a row lock), the mail that
 * tells customers and editors, and the turnaround figures of the admin console.
 */

export type ReviewDeps = {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** MAIL_FROM, whose address every release e-mail comes from (the detail shows each version's From). */
  mailFrom?: string;
  now: () => Date;
  log: { error: (obj: object, msg: string) => void };
};

/** Editors are the `admin` role and super admins (access module). */
export function assertEditor(user: CurrentUser): void {
  requireEditor(user);
}

const MINUTE_MS = 60_000;
/** An editor hears of new work at most this often. */

// ---------------------------------------------------------------- the queue

/**
 * Waiting releases by deadline: a scheduled one by its send time, the others 30 minutes after they were
 * submitted (the promise), so the oldest Send Now and the soonest schedule come first.
 */
export async function reviewQueue(deps: ReviewDeps, page: number, pageSize: number): Promise<ReviewQueue> {
  const deadline = sql`coalesce(${pressReleases.scheduledAt}, ${releaseReviews.submittedAt} + interval '${sql.raw(String(REVIEW_TARGET_MINUTES))} minutes')`;
  const waiting = and(eq(pressReleases.status, 'in_review'), isNull(releaseReviews.decidedAt));
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select({ release: pressReleases, companyName: workspaces.name, ownerEmail: users.email, submittedAt: releaseReviews.submittedAt })
      .from(pressReleases)
      .innerJoin(workspaces, eq(workspaces.id, pressReleases.workspaceId))
      .leftJoin(users, eq(users.id, pressReleases.sentBy))
      .innerJoin(releaseReviews, eq(releaseReviews.releaseId, pressReleases.id))
      .where(waiting)
      .orderBy(asc(deadline), asc(pressReleases.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    deps.db
      .select({ total: count() })
      .from(pressReleases)
      .innerJoin(releaseReviews, eq(releaseReviews.releaseId, pressReleases.id))
      .where(waiting),
  ]);
  const now = deps.now().getTime();
  const items = await Promise.all(
    rows.map(async ({ release, companyName, ownerEmail, submittedAt }) => ({
      id: release.id,
      title: release.title,
      language: release.language,
      companyName,
      ownerEmail: ownerEmail ?? '',
      submittedAt: new Date(submittedAt).toISOString(),
      scheduledAt: release.scheduledAt ? new Date(release.scheduledAt).toISOString() : null,
      timeZone: release.timeZone,
      ...(({ recipients, byVersion }) => ({ recipients, byVersion }))(
        await audienceOf(deps.db, release.workspaceId, release.recipientLists, versionsOf(release), release.brandId, selectionFiltersOf(release)),
      ),
      waitingSeconds: Math.max(0, Math.round((now - new Date(submittedAt).getTime()) / 1000)),
    })),
  );
  return { items, total, page, pageSize };
}

// ---------------------------------------------------------------- one release under review

/**
 * An editor opens a release while it waits in the queue, or one they decided themselves; a draft, a
 * withdrawn and rewritten text or another editor's decision is not theirs to read. Anything else is 404,
 * so an id tells nothing of a release's existence.
 */
async function assertOpenToEditor(db: Db, editor: CurrentUser, id: ReleaseId): Promise<void> {
  const [release] = await db.select({ status: pressReleases.status }).from(pressReleases).where(eq(pressReleases.id, id));
  const reviews = await db
    .select({ decidedAt: releaseReviews.decidedAt, decidedBy: releaseReviews.decidedBy })
    .from(releaseReviews)
    .where(eq(releaseReviews.releaseId, id));
  const waiting = release?.status === 'in_review' && reviews.some((r) => !r.decidedAt);
  if (!waiting && !reviews.some((r) => r.decidedBy === editor.id)) throw notFound();
}

export async function reviewDetail(deps: ReviewDeps, editor: CurrentUser, id: ReleaseId): Promise<ReviewDetail> {
  await assertOpenToEditor(deps.db, editor, id);
  const pressRelease = await getReleaseForEditor(deps, id);
  // Who sent it, else who wrote it, else (both gone) the workspace's contact: never a person looked up by
  // the workspace's id, which is a person's only for accounts older than issue 39.
  const person = pressRelease.sentBy?.id ?? pressRelease.author?.id;
  const [owner] = await deps.db
    .select({ companyName: workspaces.name, email: sql<string | null>`coalesce(${users.email}, ${contactEmailOf(workspaces.id)})` })
    .from(workspaces)
    .leftJoin(users, person ? eq(users.id, person) : sql`false`)
    .where(eq(workspaces.id, pressRelease.workspaceId));
  const audience = await audienceOf(deps.db, pressRelease.workspaceId, pressRelease.recipientLists, versionsOf(pressRelease), pressRelease.brandId, {
    ...selectionFiltersOf(pressRelease),
    embargoUntil: pressRelease.embargo ? new Date(pressRelease.embargo.until) : null,
  });
  // The test rendering: the recipients' template with plain links, so the editor's clicks count nowhere.
  const rendered = await renderRelease(deps.db, id, deps.publicUrl, 'test');
  return {
    pressRelease,
    companyName: owner.companyName,
    ownerEmail: owner.email ?? '',
    html: rendered.html,
    subject: rendered.subject,
    versions: [...rendered.editions].map(([language, edition]) => ({
      language,
      subject: edition.subject,
      html: edition.html,
      from: deps.mailFrom ? fromLine(senderOf(deps.mailFrom, edition.senderName ?? rendered.companyName, edition.lang)) : null,
    })),
    recipients: audience.recipients,
    byCountry: audience.byCountry,
    byLanguage: audience.byLanguage,
    byVersion: audience.byVersion,
    links: linksOf(contentOfEveryVersion(pressRelease)),
    findings: findingsOf(pressRelease, audience),
  };
}

const ANCHOR = /<a\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')[^>]*>([\s\S]*?)<\/a>/gi;
const decodeEntities = (text: string) =>
  text.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'");

/** Every link with the words it stands on, so the editor sees where each one really goes. */
function linksOf(html: string): ReviewDetail['links'] {
  const anchors = [...html.matchAll(ANCHOR)].map((m) => ({
    href: decodeEntities((m[1] ?? m[2] ?? '').trim()),
    text: decodeEntities(m[3].replace(/<[^>]+>/g, '')).trim(),
  }));
  const bare = extractLinks(html).filter((url) => !anchors.some((a) => a.href === url));
  return [...anchors, ...bare.map((href) => ({ href, text: href }))];
}

const contentOfEveryVersion = (release: PressRelease) => release.content + (release.translation?.content ?? '');

/** Fewer words than this is short for a press release (most run 300–800). */
const SHORT_CONTENT_WORDS = 150;
const SPAM_WORDS = /\b(free|winner|guaranteed|act now|urgent|100% free|cash|click here|limited time)\b/i;

function findingsOf(release: PressRelease, audience: Awaited<ReturnType<typeof audienceOf>>): ReviewFinding[] {
  const text = release.content.replace(/<[^>]+>/g, ' ');
  const words = text.split(/\s+/).filter(Boolean).length;
  const findings: ReviewFinding[] = [...contentWarnings(contentOfEveryVersion(release))];
  if (words < SHORT_CONTENT_WORDS) {
    findings.push({ code: 'SHORT_CONTENT', message: `The text has ${words} words, short for a press release`, params: { words } });
  }
  findings.push(...textLanguageFindings(release.content, release.language));
  if (release.translation) findings.push(...textLanguageFindings(release.translation.content, release.translation.language));
  const letters = release.title.replace(/[^A-Za-z]/g, '');
  if (letters.length >= 8 && letters === letters.toUpperCase()) {
    findings.push({ code: 'SUBJECT_CAPITALS', message: 'The subject is written in capitals' });
  }
  if (SPAM_WORDS.test(release.title) || /[!?]{2,}|\${2,}/.test(release.title)) {
    findings.push({ code: 'SUBJECT_SPAMMY', message: 'The subject reads like spam (words or punctuation filters look for)' });
  }
  findings.push(...languageWarnings(versionsOf(release), audience.byLanguage, audience.recipients));
  return findings;
}

/** A version whose text is mostly in the other script than its language says. */
function textLanguageFindings(html: string, language: string): ReviewFinding[] {
  const text = html.replace(/<[^>]+>/g, ' ');
  const arabicLetters = (text.match(/[\u0600-\u06ff]/g) ?? []).length;
  const latinLetters = (text.match(/[A-Za-z]/g) ?? []).length;
  const written = arabicLetters > latinLetters ? 'arabic' : 'english';
  if (arabicLetters + latinLetters === 0 || written === language) return [];
  return [
    {
      code: 'TEXT_LANGUAGE',
      message: `The text is mostly in ${written === 'arabic' ? 'Arabic' : 'English'}, but the release is marked ${language === 'arabic' ? 'Arabic' : 'English'}`,
      params: { written, language },
    },
  ];
}

/** GET /api/review/{id}/links: whether each link of the release answers (asked apart: it can take seconds). */
export async function checkReleaseLinks(deps: ReviewDeps, editor: CurrentUser, id: ReleaseId, options: LinkCheckOptions): Promise<{ links: LinkCheck[] }> {
  await assertOpenToEditor(deps.db, editor, id);
  const release = await getReleaseForEditor(deps, id);
  return { links: await checkLinks(linksOf(contentOfEveryVersion(release)), options) };
}

// ---------------------------------------------------------------- decisions

/** A release an editor already decided: a second decision is told so (any other status: not in review). */
const DECIDED_STATUSES = ['scheduled', 'sending', 'sent', 'failed', 'changes_requested', 'rejected'];

const DECISION_EVENTS = { approved: 'review_approve', changes_requested: 'request_changes', rejected: 'reject' } as const satisfies Record<Decision['kind'], LifecycleEvent>;

type Decision = { kind: 'approved' } | { kind: 'changes_requested'; comment: string } | { kind: 'rejected'; reason: string };

type Decided = {
  /** Who is told of the decision: the person who sent it (or wrote it). */
  toldId: UserId | null;
  title: string;
  releaseId: ReleaseId;
  recipients: number;
  startedAt: Date | null;
  scheduledAt: Date | null;
  scheduleHadPassed: boolean;
};

/**
 * One decision on a waiting release. The row lock makes two editors deciding at once take turns: the
 * second finds it decided and gets 409, so a release is dispatched once. The allowance stays taken on
 * approval and while changes are made; a rejection gives it back.
 */
export async function decide(deps: ReviewDeps, editor: CurrentUser, id: ReleaseId, decision: Decision): Promise<PressRelease> {
  const now = deps.now();
  const decided = await deps.db.transaction(async (tx): Promise<Decided> => {
    const [row] = await tx.select().from(pressReleases).where(eq(pressReleases.id, id)).for('update');
    if (!row) throw notFound();
    // Otherwise an editor's own workspace's release would skip review: approved by one of its own people.
    if (await membershipOf(tx, row.workspaceId, editor.id)) throw appError('REVIEW_OWN_RELEASE');
    if (DECIDED_STATUSES.includes(row.status)) throw appError('REVIEW_ALREADY_DECIDED', { status: row.status });
    const comment = decision.kind === 'changes_requested' ? decision.comment : decision.kind === 'rejected' ? decision.reason : null;
    // The review gate is behind it: what follows (the schedule, the send) does not ask for review again.
    const moved = await applyEvent({ now: deps.now, review: false }, tx, row, DECISION_EVENTS[decision.kind], editor, { comment, role: 'editor' });
    const startedNow = moved.status === 'sending' || moved.status === 'failed';
    const result: Decided = {
      toldId: row.sentBy ?? row.authorId,
      title: row.title,
      releaseId: row.id,
      recipients: moved.recipients,
      startedAt: moved.startedAt,
      scheduledAt: row.scheduledAt,
      scheduleHadPassed: startedNow && row.scheduledAt !== null,
    };
    await tx
      .update(releaseReviews)
      .set({ decidedAt: now, decidedBy: editor.id, decidedByEmail: editor.email, decision: decision.kind, comment })
      .where(and(eq(releaseReviews.releaseId, id), isNull(releaseReviews.decidedAt)));
    await recordAudit(tx, { id: editor.id, email: editor.email }, `review.${decision.kind}`, id, { title: row.title, ...(comment ? { comment } : {}) });
    return result;
  });
  tellCustomer(deps, decided, decision);
  return getReleaseForEditor(deps, id);
}

function tellCustomer(deps: ReviewDeps, decided: Decided, decision: Decision): void {
  const link = (path: string) => new URL(path, deps.publicUrl).href;
  const compose = (firstName: string, language: AccountLanguage): RenderedEmail => {
    const base = { firstName, language, title: decided.title };
    if (decision.kind === 'approved') return approvedMessage({ ...base, ...decided, link: link(`/analytics/${decided.releaseId}`) });
    if (decision.kind === 'changes_requested') return changesRequestedMessage({ ...base, comment: decision.comment, link: link(`/editor/${decided.releaseId}`) });
    return rejectedMessage({ ...base, reason: decision.reason, link: link('/press-releases') });
  };
  if (decided.toldId) sendInBackground(deps, decided.toldId, compose);
}

// ---------------------------------------------------------------- turnaround

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];

/**
 * The last `days` days of decisions: median and 90th percentile from submission to decision, and the
 * share of approvals whose first message was accepted within 30 minutes of approval (or of the send
 * time a scheduled release was approved for).
 */
export async function reviewStats(deps: ReviewDeps, days = 30): Promise<ReviewStats> {
  const since = new Date(deps.now().getTime() - days * 86_400_000);
  const decided = await deps.db
    .select({
      submittedAt: releaseReviews.submittedAt,
      decidedAt: releaseReviews.decidedAt,
      decision: releaseReviews.decision,
      scheduledAt: pressReleases.scheduledAt,
      firstAccepted: min(deliveries.sentAt),
    })
    .from(releaseReviews)
    .innerJoin(pressReleases, eq(pressReleases.id, releaseReviews.releaseId))
    .leftJoin(deliveries, and(eq(deliveries.releaseId, releaseReviews.releaseId), isNotNull(deliveries.sentAt)))
    .where(and(gte(releaseReviews.decidedAt, since), inArray(releaseReviews.decision, ['approved', 'changes_requested', 'rejected'])))
    .groupBy(releaseReviews.id, pressReleases.id);
  const seconds = decided
    .map((r) => (new Date(r.decidedAt!).getTime() - new Date(r.submittedAt).getTime()) / 1000)
    .sort((a, b) => a - b);
  const startOf = (r: (typeof decided)[number]) => Math.max(new Date(r.decidedAt!).getTime(), r.scheduledAt ? new Date(r.scheduledAt).getTime() : 0);
  // An approval counts once its first message has gone, or once its 30 minutes are over without one (a miss);
  // one still inside its window (or approved for a send time to come) has not had its chance yet.
  const settled = (r: (typeof decided)[number]) => Boolean(r.firstAccepted) || startOf(r) + REVIEW_TARGET_MINUTES * MINUTE_MS <= deps.now().getTime();
  const approvals = decided.filter((r) => r.decision === 'approved' && startOf(r) <= deps.now().getTime() && settled(r));
  const started = approvals.filter((r) => r.firstAccepted && new Date(r.firstAccepted).getTime() - startOf(r) <= REVIEW_TARGET_MINUTES * MINUTE_MS);
  return {
    days,
    decided: decided.length,
    medianSeconds: seconds.length ? Math.round(percentile(seconds, 0.5)) : null,
    p90Seconds: seconds.length ? Math.round(percentile(seconds, 0.9)) : null,
    approvals: approvals.length,
    startedWithinTarget: approvals.length ? started.length / approvals.length : null,
  };
}

// ---------------------------------------------------------------- trusted customers

/** PUT /api/admin/users/{id}/trusted: the releases of the workspaces the person owns skip review. */
export async function setTrusted(db: Db, admin: CurrentUser, userId: UserId, trusted: boolean): Promise<{ id: string; trusted: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId));
    if (!row) throw appError('USER_NOT_FOUND');
    const owned = tx
      .select({ id: workspaceMembers.workspaceId })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.userId, userId), ownerMembers));
    await tx.update(workspaces).set({ trusted, updatedAt: new Date() }).where(inArray(workspaces.id, owned));
    await recordAudit(tx, { id: admin.id, email: admin.email }, trusted ? 'user.trusted' : 'user.untrusted', row.email);
    return { id: row.id, trusted };
  });
}
