import type { ReleaseId } from '../../shared/ids.js';
import type { CurrentUser } from '../../shared/auth.js';
import type { Db } from '../db/client.js';
import { renderRelease, senderOf } from '../delivery/release-renderer.js';
import { plainMailbox } from '../mail/mailbox.js';
import { appError } from '../http/errors.js';
import type { Mailer } from '../mail/transport.js';
import { requireRelease } from '../access/access.js';

type Ctx = { db: Db; mailer: Mailer; publicUrl: string; mailFrom: string };

/**
 * "Send a test to me": the release's email (each version's) exactly as journalists get it (template, attachments, the
 * hosted download links), to the signed-in user's own address with the subject marked [TEST]. No
 * delivery row is written and no link is tracked, so it spends nothing and never shows in analytics.
 */
export async function sendTestToSelf(ctx: Ctx, actor: CurrentUser, releaseId: ReleaseId): Promise<{ sentTo: string }> {
  const release = await requireRelease(ctx.db, actor, releaseId, 'write');
  const rendered = await renderRelease(ctx.db, release.id, ctx.publicUrl, 'test');
  try {
    // One test per version: each language's readers get their own email, From included.
    for (const edition of rendered.editions.values()) {
      const sender = senderOf(ctx.mailFrom, edition.senderName ?? rendered.companyName, edition.lang);
      await ctx.mailer.send({
        from: plainMailbox(sender.name, sender.address),
        to: actor.email,
        subject: `[TEST] ${edition.subject}`,
        html: edition.html,
        text: edition.text,
        replyTo: rendered.replyTo,
        attachments: edition.files,
      });
    }
  } catch {
    throw appError('TEST_SEND_FAILED');
  }
  return { sentTo: actor.email };
}
