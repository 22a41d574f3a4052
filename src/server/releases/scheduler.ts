import { and, asc, eq, inArray, isNull, lte, notExists, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { pressReleases, workspaces } from '../db/schema.js';
import { queueFollowersAtLift } from '../delivery/dispatch.service.js';
import { queueReleaseToWaiting } from '../delivery/embargo-deliveries.js';
import { applyEvent, finishIfDone, liftEmbargo } from './lifecycle.js';

/** A release's workspace is suspended (by a super admin). */
const suspendedOwner = sql`(select 1 from ${workspaces} w where w.id = ${pressReleases.workspaceId} and w.suspended_at is not null)`;

type Release = typeof pressReleases.$inferSelect;

/**
 * Claims the releases `where` selects one at a time, each in its own transaction, locked FOR UPDATE SKIP LOCKED
 * so that several workers never take one release twice, and a worker that dies mid-way rolls back and leaves
 * it for the next tick. Returns how many it handled.
 */
async function claimEach(db: Db, where: SQL | undefined, orderBy: SQL, handle: (tx: Db, release: Release) => Promise<void>): Promise<number> {
  let handled = 0;
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const [release] = await tx.select().from(pressReleases).where(where).orderBy(orderBy).limit(1).for('update', { skipLocked: true });
      if (!release) return false;
      await handle(tx, release);
      return true;
    });
    if (!claimed) return handled;
    handled += 1;
  }
}

/**
 * Due scheduled releases start sending. A cancel waits for the row lock and then sees that the release is
 * already sending.
 *
 * A suspended workspace's releases are held: left scheduled, untouched. Once it is reactivated, those
 * whose time has passed meanwhile go out at the next tick (late rather than lost).
 */
export function dispatchDueReleases(db: Db, now: Date): Promise<number> {
  const due = and(eq(pressReleases.status, 'scheduled'), lte(pressReleases.scheduledAt, now), notExists(suspendedOwner));
  // Everyone on the lists unsubscribed or bounced since scheduling: the release ends `failed` (lifecycle).
  return claimEach(db, due, asc(pressReleases.scheduledAt), async (tx, release) => {
    await applyEvent({ now: () => now, review: false }, tx, release, 'dispatch', null);
  });
}

/**
 * Embargoes that have lifted: releases that went out under an embargo are published (web version,
 * newsroom, feeds), the journalists who were asked to agree and did not are sent it (decision 027), and
 * their newsroom's followers queued. The state is the row (published_at still null,
 * embargo_until passed), not a timer, so a lift missed while no worker ran (or while the workspace was
 * suspended) is published at the next tick.
 */
export function publishLiftedEmbargoes(db: Db, now: Date): Promise<number> {
  const lifted = and(inArray(pressReleases.status, ['sending', 'sent']), isNull(pressReleases.publishedAt), lte(pressReleases.embargoUntil, now), notExists(suspendedOwner));
  return claimEach(db, lifted, asc(pressReleases.embargoUntil), async (tx, release) => {
    await liftEmbargo(tx, release, now);
    // Journalists who were asked and have not agreed get it now, before the followers (an address both is a journalist).
    await queueReleaseToWaiting(tx, release, now);
    await queueFollowersAtLift(tx, release, now);
  });
}

/** Closes sending releases whose last deliveries were recorded by two engines at the same moment. */
export async function finishSendingReleases(db: Db, now: Date): Promise<void> {
  const sending = await db.select({ id: pressReleases.id }).from(pressReleases).where(eq(pressReleases.status, 'sending'));
  for (const { id } of sending) await finishIfDone(db, id, now);
}

export type Scheduler = { tick(): Promise<number>; start(): void; stop(): Promise<void> };

export function createScheduler(options: {
  db: Db;
  now?: () => Date;
  intervalMs?: number;
  onDispatched?: () => void;
  log?: { error: (obj: object, msg: string) => void };
}): Scheduler {
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  async function tick(): Promise<number> {
    const dispatched = await dispatchDueReleases(options.db, now());
    const published = await publishLiftedEmbargoes(options.db, now());
    await finishSendingReleases(options.db, now());
    if (dispatched || published) options.onDispatched?.();
    return dispatched;
  }

  return {
    tick,
    start() {
      const schedule = () => {
        timer = setTimeout(() => {
          running = tick()
            .catch((error) => options.log?.error({ err: error }, 'scheduler tick failed'))
            .finally(() => timer && schedule());
        }, options.intervalMs ?? 5000);
      };
      schedule();
    },
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
