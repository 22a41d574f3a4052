import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { deliveries } from '../db/schema.js';
import { findClickTarget } from '../tracking/tracking.service.js';

/**
 * The copy of a message the admin Outbox shows (issue 35): a release e-mail kept in capture mode carries
 * its journalist's tracking (the open pixel, tracked links and downloads, the unsubscribe and preference
 * links, the web version's ?t=). An operator reading it must not count as the journalist's open or click,
 * unsubscribe them, or reach their preference page, so those are replaced here, in what is shown only:
 * the pixel goes, a tracked link points where it leads, a download at the release's file for a super admin,
 * and the journalist's own links at nothing.
 */

const TOKEN = '[A-Za-z0-9_-]{8,200}';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Both parts with every tracked address replaced; a message without any comes back as it was. */
export async function untrackedCopy(db: Db, publicUrl: string, message: { html: string; text: string }): Promise<{ html: string; text: string }> {
  const base = escapeRegExp(publicUrl.replace(/\/+$/, ''));
  const click = new RegExp(`${base}/t/c/(${TOKEN})/(\\d{1,6})`, 'g');
  const download = new RegExp(`${base}/t/d/(${TOKEN})/([0-9a-fA-F-]{36})`, 'g');
  const own = new RegExp(`${base}/(?:u/${TOKEN}|preferences/\\d{1,15}\\.[0-9a-f]{32})(?:\\?[^"'\\s<>]*)?`, 'g');
  const webVersion = new RegExp(`(${base}/r/[^"'\\s<>?]+)\\?(?:[^"'\\s<>]*&(?:amp;)?)?t=${TOKEN}(?:&(?:amp;)?[^"'\\s<>]*)?`, 'g');
  const pixel = new RegExp(`<img\\b[^>]*${base}/t/o/${TOKEN}\\.gif[^>]*>`, 'gi');

  const targets = new Map<string, string>();
  const all = `${message.html}\n${message.text}`;
  for (const [found, token, linkId] of all.matchAll(click)) targets.set(found, (await findClickTarget(db, token, Number(linkId))) ?? '#');
  for (const [found, token, fileId] of all.matchAll(download)) {
    const [delivery] = await db.select({ releaseId: deliveries.releaseId }).from(deliveries).where(eq(deliveries.token, token)).limit(1);
    targets.set(found, delivery ? `${publicUrl}/api/press-releases/${delivery.releaseId}/attachments/${fileId}` : '#');
  }
  const replace = (part: string, html: boolean) =>
    part
      .replace(pixel, '')
      .replace(click, (found) => (html ? escapeHtml(targets.get(found) ?? '#') : (targets.get(found) ?? '#')))
      .replace(download, (found) => targets.get(found) ?? '#')
      .replace(own, '#')
      .replace(webVersion, (_found, page: string) => page);
  return { html: replace(message.html, true), text: replace(message.text, false) };
}
