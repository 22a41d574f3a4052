import { asc, eq } from 'drizzle-orm';
import { TOKEN_PLACEHOLDER, personalise, renderEmail } from '../../shared/email-template.js';
import type { Db } from '../db/client.js';
import { attachmentBlobs, attachments, pressReleases } from '../db/schema.js';
import { attachmentContent, blobOfAttachment } from '../releases/attachment-store.js';
import { sanitizeContent } from '../releases/content-sanitizer.js';
import { buildRawMessage, encodeAttachmentParts, formatAddress, newBoundary, parseMailbox } from './mime.js';

/**
 * A release rendered once for all its recipients: the template with the token placeholder, the
 * sanitised content, and the base64 of every attachment. Per recipient only the token is substituted.
 */
export type RenderedRelease = {
  releaseId: string;
  subject: string;
  html: string;
  text: string;
  replyTo: string | undefined;
  mixedBoundary: string;
  /** The attachments as files, for a message sent through the shared mailer (a test send). */
  files: Array<{ filename: string; contentType: string; content: Buffer }>;
  attachmentParts: Buffer;
};

export type OutgoingMessage = {
  deliveryId: number;
  to: string;
  envelopeFrom: string;
  subject: string;
  html: string;
  text: string;
  replyTo: string | undefined;
  messageId: string;
  headers: Record<string, string>;
  /** The complete MIME message, built on demand (SMTP); capture mode stores the parts instead. */
  raw: () => Buffer;
};

/**
 * `recipients`: tracked links, open pixel, unsubscribe and tracked download links, with the token
 * placeholder. `test` (a test to the sender): the same email with plain links, no tracking, and the
 * downloads pointing at the signed-in attachment address, so nothing of it reaches analytics.
 */
export type RenderMode = 'recipients' | 'test';

export async function renderRelease(db: Db, releaseId: string, publicUrl: string, mode: RenderMode = 'recipients'): Promise<RenderedRelease> {
  const [release] = await db.select().from(pressReleases).where(eq(pressReleases.id, releaseId));
  if (!release) throw new Error(`release ${releaseId} not found`);
  const files = await db
    .select({ id: attachments.id, size: attachments.size, ...attachmentContent })
    .from(attachments)
    .innerJoin(attachmentBlobs, blobOfAttachment)
    .where(eq(attachments.releaseId, releaseId))
    .orderBy(asc(attachments.position), asc(attachments.createdAt));
  const downloadUrl = (fileId: string) =>
    mode === 'test' ? `${publicUrl}/api/press-releases/${releaseId}/attachments/${fileId}` : `${publicUrl}/t/d/${TOKEN_PLACEHOLDER}/${fileId}`;
  const downloads = files.map((f) => ({ name: f.originalName, size: f.size, url: downloadUrl(f.id) }));
  const rendered = renderEmail(
    { ...release, content: sanitizeContent(release.content) },
    mode === 'test'
      ? { downloads }
      : {
          viewInBrowser: release.slug ? `${publicUrl}/r/${release.slug}?t=${TOKEN_PLACEHOLDER}` : null,
          unsubscribe: `${publicUrl}/u/${TOKEN_PLACEHOLDER}`,
          openPixel: `${publicUrl}/t/o/${TOKEN_PLACEHOLDER}.gif`,
          trackLink: (_url, linkId) => `${publicUrl}/t/c/${TOKEN_PLACEHOLDER}/${linkId}`,
          downloads,
        },
  );
  const mixedBoundary = newBoundary();
  const mailFiles = files.map((f) => ({ filename: f.originalName, contentType: f.mimetype, content: f.content }));
  return {
    releaseId,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    replyTo: release.contactEmail ? formatAddress(release.contactName, release.contactEmail) : undefined,
    mixedBoundary,
    files: mailFiles,
    attachmentParts: encodeAttachmentParts(mixedBoundary, mailFiles),
  };
}

/** The recipient's message: a stable Message-ID from the delivery id, so a retry keeps it. */
export function messageFor(
  rendered: RenderedRelease,
  delivery: { id: number; email: string; token: string },
  mailFrom: string,
  publicUrl: string,
  now: Date,
): OutgoingMessage {
  const from = parseMailbox(mailFrom);
  const domain = from.address.split('@')[1] ?? 'localhost';
  const unsubscribeUrl = `${publicUrl}/u/${delivery.token}`;
  const html = personalise(rendered.html, delivery.token);
  const text = personalise(rendered.text, delivery.token);
  const messageId = `<delivery-${delivery.id}.${rendered.releaseId}@${domain}>`;
  const headers = {
    'List-Unsubscribe': `<${unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
  return {
    deliveryId: delivery.id,
    to: delivery.email,
    envelopeFrom: from.address,
    subject: rendered.subject,
    html,
    text,
    replyTo: rendered.replyTo,
    messageId,
    headers,
    raw: () =>
      buildRawMessage({
        from: formatAddress(from.name, from.address),
        to: delivery.email,
        replyTo: rendered.replyTo,
        subject: rendered.subject,
        messageId,
        date: now,
        headers,
        text,
        html,
        mixedBoundary: rendered.mixedBoundary,
        attachmentParts: rendered.attachmentParts,
      }),
  };
}
