import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, trackingEvents } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { sentReleaseOverSmtp } from '../test/sent-release.js';

/**
 * The admin Outbox shows a release e-mail without its journalist's tracking (issue 35): before, an operator
 * opening it loaded the open pixel (the journalist's open) and its links were the journalist's (clicks, the
 * unsubscribe, the preference page with their data). The message is the one the engine sent, kept as capture
 * mode keeps it.
 */

let t: TestApp;
let sent: Awaited<ReturnType<typeof sentReleaseOverSmtp>>;
let messageId: number;
beforeAll(async () => {
  t = await createTestApp({ REVIEW: 'off' });
  await t.signInAs('root', { role: 'super_admin' });
  const from = t.smtp.messages.length;
  sent = await sentReleaseOverSmtp(t, { as: 'sender', emails: ['layla.reader@levant-post.test'], smtpUrl: t.smtp.url, bounce: { secret: 'a-test-secret-of-some-length', domain: 'bounces.nashr.test' } });
  const mail = await t.smtp.waitForMail((m) => m.envelopeTo.includes('layla.reader@levant-post.test'), from);
  const [row] = await t.db
    .insert(mailOutbox)
    .values({ toAddress: 'layla.reader@levant-post.test', fromAddress: 'releases@nashr.test', subject: String(mail.parsed.subject), html: String(mail.parsed.html), text: mail.parsed.text ?? '' })
    .returning({ id: mailOutbox.id });
  messageId = row.id;
}, 60_000);
afterAll(() => t.close());

describe('a release e-mail in the admin Outbox', () => {
  it('is shown without the pixel, with links where they lead and none of the journalist’s own', async () => {
    const token = sent.byEmail.get('layla.reader@levant-post.test')!.token;
    const [kept] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, messageId));
    expect(kept.html).toContain(`/t/o/${token}.gif`);
    expect(kept.html).toContain(`/t/c/${token}/`);

    const res = await t.request({ method: 'GET', url: `/api/admin/outbox/${messageId}`, as: 'root' });
    expect(res.statusCode, res.body).toBe(200);
    const { html, text } = res.json() as { html: string; text: string };
    for (const part of [html, text]) {
      expect(part).not.toContain(token);
      expect(part).not.toMatch(/\/t\/[ocd]\//);
      expect(part).not.toContain('/preferences/');
      expect(part).not.toMatch(/\/u\/[A-Za-z0-9_-]/);
    }
    // The release's link leads where it leads; its file is the release's own, for a super admin.
    expect(html).toContain('href="https://gulf-robotics.example.com/news?id=1&amp;ref=pr"');
    expect(text).toContain('https://gulf-robotics.example.com/news?id=1&ref=pr');
    expect(html).toContain(`/api/press-releases/${sent.releaseId}/attachments/`);
    expect(await t.db.select().from(trackingEvents).where(eq(trackingEvents.releaseId, sent.releaseId))).toEqual([]);
  });

  it('leaves a message without tracking as it was', async () => {
    const [row] = await t.db
      .insert(mailOutbox)
      .values({ toAddress: 'a@b.test', fromAddress: 'n@nashr.test', subject: 'Verify', html: '<p><a href="http://localhost:3000/verify?token=abc">Verify</a></p>', text: 'Verify: http://localhost:3000/verify?token=abc' })
      .returning({ id: mailOutbox.id });
    const res = await t.request({ method: 'GET', url: `/api/admin/outbox/${row.id}`, as: 'root' });
    expect(res.json()).toMatchObject({ html: '<p><a href="http://localhost:3000/verify?token=abc">Verify</a></p>', text: 'Verify: http://localhost:3000/verify?token=abc' });
  });
});
