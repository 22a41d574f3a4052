import net from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, inboundReplies, users } from '../src/server/db/schema';
import type { ReleaseId } from '../src/shared/ids';
import { startDnsServer } from '../src/server/test/dns-server';
import { startBackgroundWork, type BackgroundWork } from '../src/server/worker';
import { seedListOfJournalists } from './contacts-seed';
import { startStack, type Stack } from './harness';
import { createPerson } from './people';

/**
 * Journalists' replies in the browser (issue 38): a release goes out through the real engine to the SMTP
 * peer; one journalist answers and another's out-of-office comes back, both to the reply address their
 * e-mail names, through the real inbound listener. The release page shows the thread, the automatic reply
 * apart, who replied, and the reply rate, in English and Arabic, on a laptop and a phone.
 */

const SCREENSHOTS = path.resolve('.e2e-artifacts');
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const TITLE = 'Gulf Robotics opens a Dammam plant';
const LAPTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let stack: Stack;
let work: BackgroundWork;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let inboundPort: number;
beforeAll(async () => {
  dns = await startDnsServer({});
  inboundPort = await freePort();
  stack = await startStack({ INBOUND_SMTP_PORT: String(inboundPort), INBOUND_SMTP_HOST: '127.0.0.1', DNS_RESOLVER: dns.address });
  // The worker delivers the release and runs the inbound listener the replies come to.
  work = await startBackgroundWork(stack.deps, quiet);
});
afterAll(async () => {
  await work?.stop();
  await stack?.close();
  dns?.close();
});

/** The journalist's mail server, handing the message to our listener as a relay does. */
const remote = () => nodemailer.createTransport({ host: '127.0.0.1', port: inboundPort, secure: false, ignoreTLS: true, name: 'mx.example.com' });

async function replyTo(email: string, build: (to: string, subject: string, messageId: string) => string) {
  const mail = await stack.smtp.waitForMail((m) => m.envelopeTo.includes(email), 0, 30_000);
  const to = mail.parsed.replyTo!.value[0].address!;
  await remote().sendMail({ envelope: { from: email, to: [to] }, raw: build(to, mail.parsed.subject!, mail.parsed.messageId!) });
}

describe('replies on the release page', () => {
  it('shows the thread, the automatic reply apart, who replied and the reply rate, in English and Arabic', async () => {
    const owner = await createPerson(stack.db, 'gulfrobotics.test', 'Layla', 'Haddad', { companyName: 'Gulf Robotics' });
    const listId = await seedListOfJournalists(stack, owner.workspaceId, 'Industry desk', 2);
    const page = await stack.signedInPage(owner.id, { viewport: LAPTOP });
    const res = await page.request.post(`${stack.baseUrl}/api/send-press-release`, {
      headers: { origin: stack.baseUrl },
      data: {
        action: 'send_now',
        language: 'english',
        title: TITLE,
        releaseDate: '2026-11-25',
        location: 'Dammam, Saudi Arabia',
        content: '<p>Gulf Robotics opens a plant in Dammam that will build industrial robots for the region from next year.</p>',
        boilerplate: 'Gulf Robotics builds robots for Gulf industry.',
        contactName: 'Layla Haddad',
        contactEmail: 'press@gulfrobotics.test',
        contactPhone: '+966 13 555 0100',
        recipientLists: [listId],
        attachments: [{ originalName: 'facts.pdf', base64Content: PDF.toString('base64') }],
      },
    });
    expect([200, 202], await res.text()).toContain(res.status());
    const releaseId = ((await res.json()) as { pressRelease: { id: ReleaseId } }).pressRelease.id;
    await expect
      .poll(async () => (await stack.db.select().from(deliveries).where(eq(deliveries.releaseId, releaseId))).filter((d) => d.status === 'sent').length, { timeout: 30_000 })
      .toBe(2);
    const [writer, away] = (await stack.db.select().from(deliveries).where(eq(deliveries.releaseId, releaseId))).sort((a, b) => a.id - b.id);

    await replyTo(writer.email, (to, subject, messageId) =>
      [`From: Reporter 0 <${writer.email}>`, `To: ${to}`, `Subject: Re: ${subject}`, `In-Reply-To: ${messageId}`, `Message-ID: <r1.${Date.now()}@example.com>`, '', 'Could your CEO speak to us on Thursday about the plant?', '', `On Tue, 25 Nov 2026, Layla Haddad <${to}> wrote:`, '> Gulf Robotics opens a plant in Dammam', ''].join('\r\n'),
    );
    await replyTo(away.email, (to, subject, messageId) =>
      [`From: Reporter 1 <${away.email}>`, `To: ${to}`, `Subject: Automatic reply: ${subject}`, 'Auto-Submitted: auto-replied', `In-Reply-To: ${messageId}`, `Message-ID: <a1.${Date.now()}@example.com>`, '', 'I am out of the office until 14 December 2026 with limited access to e-mail.', ''].join('\r\n'),
    );
    await expect.poll(async () => (await stack.db.select().from(inboundReplies).where(eq(inboundReplies.releaseId, releaseId))).map((r) => r.kind).sort(), { timeout: 15_000 }).toEqual(['auto_reply', 'reply']);

    for (const { locale, lang, figures, automatic, yes } of [
      { locale: 'en-US', lang: 'en', figures: '1 journalist replied · 50% of delivered', automatic: 'Automatic reply until', yes: 'Yes' },
      { locale: 'ar', lang: 'ar', figures: 'ردّ صحفي واحد · 50% من الرسائل المسلَّمة', automatic: 'رد تلقائي حتى', yes: 'نعم' },
    ]) {
      for (const [size, viewport] of [['1366', LAPTOP], ['390', PHONE]] as const) {
        const reader = await stack.signedInPage(owner.id, { locale, viewport });
        await reader.goto(`/analytics/${releaseId}`);
        const section = reader.getByTestId('release-replies');
        await expect.poll(() => section.textContent(), { timeout: 20_000 }).toContain(figures);
        const threads = section.getByTestId('reply-thread');
        await expect.poll(() => threads.count(), { timeout: 20_000 }).toBe(2);
        expect(await section.getByTestId('reply').textContent()).toContain('Could your CEO speak to us on Thursday');
        // The quoted original stays out of the new text; the out-of-office is told apart, never a reply.
        expect(await section.getByTestId('reply').textContent()).not.toContain('opens a plant in Dammam');
        expect(await section.getByTestId('automatic-reply').textContent()).toContain(automatic);
        expect(await section.getByTestId('reply').count()).toBe(1);
        // Who replied, in the table on a laptop and in the cards on a phone.
        const recipients = reader.getByTestId(size === '1366' ? 'recipients-table' : 'recipients-cards');
        await expect.poll(() => recipients.getByTestId('recipient-replied').count(), { timeout: 20_000 }).toBe(1);
        expect(await recipients.getByTestId('recipient-replied').textContent()).toBe(yes);
        expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await section.scrollIntoViewIfNeeded();
        await reader.screenshot({ path: path.join(SCREENSHOTS, `replies-${lang}-${size}.png`), fullPage: true });
        await reader.context().close();
      }
    }

    // The same figure on /analytics.
    await page.goto('/analytics');
    await page.getByTestId('release-reply-rate').getByText('50% replied').waitFor();
  });

  it("puts a journalist who left in the operator's research queue, where marking them left asks first, in English and Arabic", async () => {
    const operator = await createPerson(stack.db, 'nashr.test', 'Noor', 'Operator');
    await stack.db.update(users).set({ role: 'super_admin' }).where(eq(users.id, operator.id));
    const [writer] = await stack.db.select().from(deliveries).where(eq(deliveries.status, 'sent')).orderBy(deliveries.id).limit(1);
    await replyTo(writer.email, (to, subject, messageId) =>
      [`From: Desk <${writer.email}>`, `To: ${to}`, `Subject: Re: ${subject}`, `In-Reply-To: ${messageId}`, `Message-ID: <l1.${Date.now()}@example.com>`, '', 'Reporter 0 is no longer with the paper. Please write to reporter.zero@newdesk.example for her.', ''].join('\r\n'),
    );
    for (const { locale, lang, tab, signal, markLeft, ask } of [
      { locale: 'en-US', lang: 'en', tab: 'Research queue', signal: 'New address', markLeft: 'Mark left', ask: 'Mark this journalist as left?' },
      { locale: 'ar', lang: 'ar', tab: 'قائمة المراجعة', signal: 'عنوان جديد', markLeft: 'وسمه كمغادر', ask: 'وسم هذا الصحفي كمغادر؟' },
    ]) {
      for (const [size, viewport] of [['1366', LAPTOP], ['390', PHONE]] as const) {
        const console = await stack.signedInPage(operator.id, { locale, viewport });
        await console.goto('/admin?tab=research');
        await console.getByRole('tab', { name: tab }).waitFor();
        const item = console.getByTestId('research-item').first();
        await item.getByText(signal, { exact: true }).waitFor();
        expect(await item.getByTestId('research-evidence').textContent()).toContain('no longer with the paper');
        await item.getByRole('button', { name: markLeft }).click();
        await console.getByRole('dialog', { name: ask }).waitFor();
        expect(await console.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await console.screenshot({ path: path.join(SCREENSHOTS, `research-queue-${lang}-${size}.png`), fullPage: true });
        await console.context().close();
      }
    }
  });
});
