import type { ReleaseId } from '../../shared/ids.js';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { expect } from 'vitest';
import { deliveries } from '../db/schema.js';
import { createListWithContacts, releasePayload } from '../releases/release-fixtures.js';
import { createDeliveryEngine } from '../delivery/delivery-engine.js';
import { smtpDeliveryTransport } from '../delivery/delivery-transport.js';
import { bounceAddress } from '../deliverability/verp.js';
import { startInboundSmtp } from '../deliverability/inbound-smtp.js';
import { replyAddress } from '../replies/reply-address.js';
import type { AccountFields } from './accounts.js';
import type { TestApp } from './test-app.js';
import { finishIfDone } from '../releases/lifecycle.js';

export type SentReleaseOptions = {
  /** The cookie jar (and first name) of the trusted customer who sends it. */
  as: string;
  emails: string[];
  /** The SMTP server the engine delivers to (a sink), and the VERP bounce addresses' secret and domain. */
  smtpUrl: string;
  bounce: { secret: string; domain: string };
  account?: AccountFields;
  release?: Record<string, unknown>;
  /** Journalists' Reply-To: their delivery's reply address at this domain (signed with the bounce secret), as the worker sends. */
  replyDomain?: string;
};

/** A trusted customer's release to `emails`, sent through the real engine over SMTP, with its delivery rows by address. */
export async function sentReleaseOverSmtp(t: TestApp, options: SentReleaseOptions) {
  const { as, emails, bounce } = options;
  const user = await t.signInAs(as, { userType: 'active', monthlyPressReleaseLimit: 10, trusted: true, ...options.account });
  const list = await createListWithContacts(t.db, user.workspaceId, emails.length, emails);
  const payload = releasePayload({ recipientLists: [list.listId], ...options.release });
  const res = await t.request({ method: 'POST', url: '/api/send-press-release', as, payload });
  expect(res.statusCode, res.body).toBe(200);
  const transport = smtpDeliveryTransport(options.smtpUrl, 2);
  const engine = createDeliveryEngine({ onReleaseDrained: finishIfDone,
    db: t.db,
    transport,
    publicUrl: 'http://localhost:3000',
    mailFrom: 'Nashr <releases@nashr.test>',
    bounceAddress: (id) => bounceAddress(id, bounce.secret, bounce.domain),
    replyAddress: options.replyDomain ? (id) => replyAddress(id, bounce.secret, options.replyDomain!) : undefined,
  });
  await engine.drain();
  await transport.close();
  const releaseId = res.json().pressRelease.id as ReleaseId;
  const rows = await t.db.select().from(deliveries).where(eq(deliveries.releaseId, releaseId));
  return { as, user, releaseId, byEmail: new Map(rows.map((r) => [r.email, r])) };
}

/**
 * The inbound listener for reports, and a remote mail server that sends them to it as a relay would (null
 * envelope sender), so tests pass a report through the same path as production.
 */
export async function startReportPath(db: TestApp['db'], bounce: { secret: string; domain: string }, log: { info: () => void; warn: (m: string) => void }) {
  const inbound = await startInboundSmtp({ db, port: 0, host: '127.0.0.1', bounceDomain: bounce.domain, secret: bounce.secret, log });
  const remote = nodemailer.createTransport({ host: '127.0.0.1', port: inbound.port, secure: false, ignoreTLS: true });
  return {
    inbound,
    report: (to: string, raw: string) => remote.sendMail({ envelope: { from: '', to: [to] }, raw }),
    async close() {
      remote.close();
      await inbound.close();
    },
  };
}
