import { and, eq, isNull, sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Db } from '../db/client.js';
import { brands, deliveries, globalContacts, inboundReplies, pressReleases, researchItems } from '../db/schema.js';
import { readServerReport } from '../deliverability/reports.js';
import { deliveryOfMessageId } from '../deliverability/reports.service.js';
import { suppressedAmong } from '../suppressions/suppressions.service.js';
import { parseMailbox, plainMailbox } from '../mail/mailbox.js';
import type { Mailer } from '../mail/transport.js';
import { forwardedReplyMessage } from '../mail/templates/reply-forward.js';
import { clientsOfBrand } from '../workspaces/workspaces.service.js';
import { classify, type Classification } from './classify.js';
import { replyAuthenticator, type ReplyAuth } from './inbound-auth.js';
import { deliveryOfReplyAddress, looksLikeReplyAddress } from './reply-address.js';
import { sanitizeReplyHtml } from './reply-html.js';
import { newTextOf } from './reply-text.js';
import { repliesReceived, repliesForwarded } from './reply-metrics.js';

/**
 * Journalists' replies as the inbound listener hands them over (issue 38): matched to their delivery by
 * the reply address, or by In-Reply-To/References naming a delivery's Message-ID (mail to the From or
 * bounce address), classified, stored whole, and a human reply forwarded to the release's media contact
 * (and the brand's clients when the brand asks) through the account mailer — signed like account mail,
 * never to a suppressed address. A "left / new address" reply goes to the operator's research queue; a
 * bounce is handed back to the bounce path.
 */

/** A file of a reply larger than this is not forwarded but linked from the release page. */
export const FORWARD_FILE_LIMIT = 512 * 1024;

export type ReplyIntakeOptions = {
  db: Db;
  mailer: Mailer;
  secret: string;
  replyDomain: string;
  /** MAIL_FROM: the release e-mails' From, to which some clients reply despite Reply-To; forwards are sent from its address. */
  mailFrom: string;
  publicUrl: string;
  dnsResolver?: string;
  now?: () => Date;
  log: { info: (message: string) => void; warn: (message: string) => void };
};

export type ArrivedMessage = {
  raw: Buffer;
  /** Deliveries named by the envelope's recipients (reply addresses, or a bounce address of a message that is no report). */
  deliveryIds: number[];
  /** Sent to the From or feedback address: the delivery is named by In-Reply-To/References, if at all. */
  byMessageId: boolean;
  envelope: { ip: string; helo: string; sender: string };
};

export type ReplyIntake = {
  /** At RCPT: 'reply' for a reply address of a delivery we have, 'refused' for a forged or unknown one, 'other' otherwise. */
  recipient(address: string): Promise<'reply' | 'refused' | 'other'>;
  deliveryOfRecipient(address: string): number | undefined;
  isFromAddress(address: string): boolean;
  /** Stores and acts on the message; answers the deliveries whose bounce it is (for the bounce path). */
  receive(message: ArrivedMessage): Promise<{ bounceOf: number[] }>;
  /** Forwards the human replies whose forward has not gone out yet (a failed attempt, a restart). */
  forwardPending(): Promise<number>;
};

export function createReplyIntake(options: ReplyIntakeOptions): ReplyIntake {
  const { db, secret, replyDomain, log } = options;
  const now = options.now ?? (() => new Date());
  const fromAddress = parseMailbox(options.mailFrom).address.toLowerCase();
  const authenticate = replyAuthenticator({ dnsResolver: options.dnsResolver, mta: replyDomain });

  const deliveryOfRecipient = (address: string) => deliveryOfReplyAddress(address, secret, replyDomain);

  async function recipient(address: string): Promise<'reply' | 'refused' | 'other'> {
    if (!looksLikeReplyAddress(address, replyDomain)) return 'other';
    const id = deliveryOfRecipient(address);
    if (id === undefined) return 'refused';
    const [row] = await db.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.id, id));
    return row ? 'reply' : 'refused';
  }

  async function deliveriesNamedIn(parsed: ParsedMail): Promise<number[]> {
    const references = [parsed.inReplyTo, ...(Array.isArray(parsed.references) ? parsed.references : [parsed.references])]
      .filter((id): id is string => !!id)
      .flatMap((ids) => ids.split(/\s+/).filter(Boolean));
    const found = new Set<number>();
    for (const id of references.slice(0, 20)) {
      const delivery = await deliveryOfMessageId(db, id);
      if (delivery !== undefined) found.add(delivery);
    }
    return [...found];
  }

  async function receive(message: ArrivedMessage): Promise<{ bounceOf: number[] }> {
    const parsed = await simpleParser(message.raw, { skipImageLinks: true });
    const matchedBy = message.deliveryIds.length ? 'reply_address' : 'message_id';
    const ids = message.deliveryIds.length ? [...new Set(message.deliveryIds)] : message.byMessageId ? await deliveriesNamedIn(parsed) : [];
    const sender = parsed.from?.value[0];
    const from = (sender?.address ?? message.envelope.sender ?? '').toLowerCase();
    if (!ids.length) {
      log.warn(`Inbound message from ${from || 'an unknown sender'} names no delivery of ours; not kept`);
      return { bounceOf: [] };
    }
    const report = await readServerReport(message.raw);
    const receivedAt = now();
    const { classification, newText } = classifyParsed(parsed, report.type !== 'unknown', receivedAt);
    const auth: ReplyAuth =
      classification.kind === 'bounce' ? { spf: 'none', dmarc: 'none', failed: false } : await authenticate(message.raw, message.envelope);
    const files = parsed.attachments.filter((a) => a.contentDisposition !== 'inline' || !a.related);
    const attachments = files.map((a) => ({
      filename: a.filename ?? 'attachment',
      contentType: a.contentType,
      size: a.size,
      forwarded: a.size <= FORWARD_FILE_LIMIT,
    }));
    const stored: number[] = [];
    for (const deliveryId of ids) {
      const [delivery] = await db.select({ releaseId: deliveries.releaseId, contactId: deliveries.contactId, email: deliveries.email }).from(deliveries).where(eq(deliveries.id, deliveryId));
      if (!delivery) continue;
      const [row] = await db
        .insert(inboundReplies)
        .values({
          deliveryId,
          releaseId: delivery.releaseId,
          kind: classification.kind,
          matchedBy,
          fromAddress: from,
          fromName: sender?.name ?? '',
          subject: (parsed.subject ?? '').slice(0, 500),
          text: newText.slice(0, 20_000),
          html: parsed.html ? sanitizeReplyHtml(parsed.html).slice(0, 200_000) : null,
          raw: message.raw,
          messageId: parsed.messageId?.slice(0, 300) ?? null,
          returnDate: classification.returnDate ?? null,
          newAddress: classification.newAddress ?? null,
          spf: auth.spf,
          dmarc: auth.dmarc,
          authFailed: auth.failed,
          attachments,
          receivedAt,
        })
        .onConflictDoNothing()
        .returning({ id: inboundReplies.id });
      repliesReceived.inc({ kind: classification.kind });
      if (!row) {
        log.info(`Reply to delivery ${deliveryId} already kept (same Message-ID)`);
        continue;
      }
      stored.push(row.id);
      log.info(`Inbound ${classification.kind} for delivery ${deliveryId} (SPF ${auth.spf}, DMARC ${auth.dmarc})`);
      if (classification.kind === 'left') await queueForResearch(db, delivery, row.id, deliveryId, classification, newText);
    }
    if (classification.kind === 'bounce') return { bounceOf: ids };
    if (classification.kind === 'reply') for (const id of stored) await forward(id, parsed);
    return { bounceOf: [] };
  }

  /** The reply's forward to the media contact (and clients), once; a failure leaves it for forwardPending. */
  async function forward(replyId: number, parsed?: ParsedMail): Promise<void> {
    try {
      const [reply] = await db
        .select({
          id: inboundReplies.id,
          releaseId: inboundReplies.releaseId,
          fromAddress: inboundReplies.fromAddress,
          fromName: inboundReplies.fromName,
          subject: inboundReplies.subject,
          text: inboundReplies.text,
          html: inboundReplies.html,
          raw: inboundReplies.raw,
          authFailed: inboundReplies.authFailed,
          forwardedAt: inboundReplies.forwardedAt,
          firstName: globalContacts.firstName,
          lastName: globalContacts.lastName,
          outlet: globalContacts.organization,
          title: pressReleases.title,
          language: pressReleases.language,
          contactEmail: pressReleases.contactEmail,
          workspaceId: pressReleases.workspaceId,
          brandId: pressReleases.brandId,
          toClients: brands.forwardRepliesToClients,
        })
        .from(inboundReplies)
        .innerJoin(deliveries, eq(deliveries.id, inboundReplies.deliveryId))
        .leftJoin(globalContacts, eq(globalContacts.id, deliveries.contactId))
        .innerJoin(pressReleases, eq(pressReleases.id, inboundReplies.releaseId))
        .innerJoin(brands, eq(brands.id, pressReleases.brandId))
        .where(eq(inboundReplies.id, replyId));
      if (!reply || reply.forwardedAt) return;
      const clients = reply.toClients ? (await clientsOfBrand(db, reply.workspaceId, reply.brandId)).map((c) => c.email) : [];
      const wanted = [...new Set([reply.contactEmail, ...clients].map((a) => a.trim().toLowerCase()).filter(Boolean))];
      const suppressed = await suppressedAmong(db, wanted);
      const recipients = wanted.filter((address) => !suppressed.has(address) && address !== reply.fromAddress);
      const mail = parsed ?? (await simpleParser(reply.raw, { skipImageLinks: true }));
      const files = mail.attachments.filter((a) => a.contentDisposition !== 'inline' || !a.related);
      const journalist = [reply.firstName, reply.lastName].filter(Boolean).join(' ') || reply.fromName || reply.fromAddress;
      const releasePage = `${options.publicUrl}/analytics/${reply.releaseId}?tab=replies`;
      const message = forwardedReplyMessage({
        language: reply.language === 'arabic' ? 'ar' : 'en',
        journalist,
        outlet: reply.outlet ?? '',
        releaseTitle: reply.title,
        subject: reply.subject || reply.title,
        text: mail.text ?? reply.text,
        html: reply.html,
        linkedFiles: files.filter((f) => f.size > FORWARD_FILE_LIMIT).map((f) => f.filename ?? 'attachment'),
        releasePage,
        authFailed: reply.authFailed,
      });
      for (const to of recipients) {
        await options.mailer.send({
          to,
          from: plainMailbox(`${journalist} via Nashr`, fromAddress),
          replyTo: plainMailbox(journalist, reply.fromAddress),
          subject: message.subject,
          html: message.html,
          text: message.text,
          attachments: files
            .filter((f) => f.size <= FORWARD_FILE_LIMIT)
            .map((f) => ({ filename: f.filename ?? 'attachment', content: f.content, contentType: f.contentType })),
        });
        repliesForwarded.inc();
      }
      await db.update(inboundReplies).set({ forwardedAt: now(), forwardedTo: recipients }).where(and(eq(inboundReplies.id, replyId), isNull(inboundReplies.forwardedAt)));
    } catch (error) {
      log.warn(`Reply ${replyId} not forwarded yet: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async function forwardPending(): Promise<number> {
    const since = new Date(now().getTime() - 24 * 3_600_000);
    const pending = await db
      .select({ id: inboundReplies.id })
      .from(inboundReplies)
      .where(and(eq(inboundReplies.kind, 'reply'), isNull(inboundReplies.forwardedAt), sql`${inboundReplies.receivedAt} > ${since.toISOString()}::timestamptz`))
      .limit(50);
    for (const { id } of pending) await forward(id);
    return pending.length;
  }

  return {
    recipient,
    deliveryOfRecipient,
    isFromAddress: (address) => address.trim().toLowerCase() === fromAddress,
    receive,
    forwardPending,
  };
}

/** What a parsed message is, and the new text it says it in. */
export function classifyParsed(parsed: ParsedMail, isReport: boolean, receivedAt: Date): { classification: Classification; newText: string } {
  const text = parsed.text ?? '';
  const newText = newTextOf(text);
  const from = (parsed.from?.value[0]?.address ?? '').toLowerCase();
  return { classification: classify({ headers: headersOf(parsed), subject: parsed.subject ?? '', newText, text, from, isReport, receivedAt }), newText };
}

/** The header fields by lower-case name, each the first value as text. */
function headersOf(parsed: ParsedMail): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const line of parsed.headerLines) {
    const name = line.key.toLowerCase();
    if (out[name] === undefined) out[name] = line.line.slice(line.line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim();
  }
  return out;
}

/** The contact of a delivery, if it still exists (deliveries keep the id of a contact later deleted). */
const contactStillThere = (contactId: number | null) => sql`(SELECT id FROM ${globalContacts} WHERE id = ${contactId ?? null}::int)`;

/** A "left / new address" reply: the contact goes to the operator's research queue (once while it is open). */
async function queueForResearch(
  db: Db,
  delivery: { contactId: number | null; email: string },
  replyId: number,
  deliveryId: number,
  classification: Classification,
  evidence: string,
): Promise<void> {
  await db
    .insert(researchItems)
    .values({
      contactId: contactStillThere(delivery.contactId),
      email: delivery.email.toLowerCase(),
      signal: classification.newAddress ? 'new_address' : 'left',
      evidence: evidence.slice(0, 2000),
      newAddress: classification.newAddress ?? null,
      deliveryId,
      replyId,
    })
    .onConflictDoNothing();
}
