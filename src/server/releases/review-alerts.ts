import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import { asAccountLanguage, type AccountLanguage } from '../../shared/auth.js';
import type { Db } from '../db/client.js';
import { pressReleases, users } from '../db/schema.js';
import type { Mailer } from '../mail/transport.js';
import type { RenderedEmail } from '../mail/templates/layout.js';
import { reviewQueueAlertMessage } from '../mail/templates/review.js';
import { BOOTSTRAP_NAME } from '../bootstrap.js';
import { editorUsers } from '../access/roles.js';
import type { UserId } from '../../shared/ids.js';

/**
 * Mail about Nashr's review of a release: the editors' alert when one enters the queue (sent where the
 * release arrives there) and the customer's news of a decision (review.service.ts composes it). Here,
 * beside the lifecycle, so the releases feature never imports the review feature back.
 */

export type ReviewMailDeps = {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
  log: { error: (obj: object, msg: string) => void };
};

const ALERT_EVERY_MS = 5 * 60_000;

/** Mail leaves after the answer: a slow relay must not hold a decision; failures are logged. */
/** The name mail greets someone by: none for the bootstrap's placeholder ("Hello Super," reads as a slip). */
const greetingName = (person: { firstName: string; lastName: string }) =>
  person.firstName === BOOTSTRAP_NAME.firstName && person.lastName === BOOTSTRAP_NAME.lastName ? '' : person.firstName;

export function sendInBackground(deps: ReviewMailDeps, userId: UserId, compose: (firstName: string, language: AccountLanguage) => RenderedEmail): void {
  void (async () => {
    const [person] = await deps.db
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, language: users.language })
      .from(users)
      .where(eq(users.id, userId));
    if (person) await deps.mailer.send({ to: person.email, ...compose(greetingName(person), asAccountLanguage(person.language)) });
  })().catch((error: unknown) => deps.log.error({ err: error, userId }, 'review email could not be sent'));
}

/**
 * A release entered the queue: every editor not told in the last few minutes is told now. The UPDATE
 * claims the editors to tell, so two submissions at once do not both mail the same editor.
 */
export async function alertEditors(deps: ReviewMailDeps): Promise<void> {
  const now = deps.now();
  const due = await deps.db
    .update(users)
    .set({ reviewAlertedAt: now })
    .where(
      and(
        editorUsers,
        or(isNull(users.reviewAlertedAt), lt(users.reviewAlertedAt, new Date(now.getTime() - ALERT_EVERY_MS))),
      ),
    )
    .returning({ id: users.id });
  if (!due.length) return;
  const [{ waiting }] = await deps.db.select({ waiting: count() }).from(pressReleases).where(eq(pressReleases.status, 'in_review'));
  const link = new URL('/admin/review', deps.publicUrl).href;
  for (const editor of due) sendInBackground(deps, editor.id, (firstName, language) => reviewQueueAlertMessage({ firstName, language, waiting, link }));
}

