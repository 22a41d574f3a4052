import type { ReleaseId, WorkspaceId } from '../src/shared/ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { and, eq } from 'drizzle-orm';
import { deliveries, globalContacts, journalistPreferences, listContacts } from '../src/server/db/schema';
import { deliverAll } from '../src/server/test/deliver-all';
import en from '../src/client/i18n/en/releases.json';
import ar from '../src/client/i18n/ar/releases.json';
import { startStack, type Stack } from './harness';
import { createPerson } from './people';
import { seedListOfJournalists } from './contacts-seed';
import { fillRelease } from './release-form';

/**
 * An embargo a journalist can agree to (issue 37), in English and in Arabic, at 1366 px and 390 px: the editor
 * says who gets it now, who is asked and who gets it at the lift; the Send dialog counts the three; the
 * notice's link opens the terms in the journalist's language (right to left in Arabic) and agreeing sends
 * them the release at once.
 */

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const SHOTS = process.env.SCREENSHOTS_DIR ?? '/tmp/embargo-agreement';
const CONTENT = 'Al Noor Capital today reported its results for the third quarter, with lending up across the Kingdom and a new branch in Jeddah.';
const WIDE = { width: 1366, height: 900 };
const PDF = { name: 'results.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') };
const PHONE = { width: 390, height: 844 };

/** Three journalists: the first accepts embargoes, the two others do not (they read `language`). */
async function journalistsFor(workspaceId: WorkspaceId, name: string, language: string) {
  const listId = await seedListOfJournalists(stack, workspaceId, name, 3, [language]);
  const members = await stack.db.select({ id: listContacts.globalContactId }).from(listContacts).where(eq(listContacts.listId, listId));
  const ids = members.map((m) => m.id).sort((a, b) => a - b);
  await stack.db.insert(journalistPreferences).values({ contactId: ids[0], acceptsEmbargo: true });
  const asked = await stack.db.select().from(globalContacts).where(eq(globalContacts.id, ids[1]));
  return { listId, asked: asked[0] };
}

const cases = [
  { language: 'en' as const, texts: en, contactLanguage: 'English', agreeButton: 'Agree to hold it until then', agreed: 'The press release is on its way to you', dir: 'ltr' },
  { language: 'ar' as const, texts: ar, contactLanguage: 'Arabic', agreeButton: 'أوافق على الالتزام بالحظر حتى ذلك الحين', agreed: 'البيان الصحفي في طريقه إليك', dir: 'rtl' },
];

describe('an embargo journalists can agree to', () => {
  for (const c of cases) {
    it(`says where the audience comes from, counts it before the send, and a journalist agrees from the notice (${c.language})`, async () => {
      const t = c.texts;
      const owner = await createPerson(stack.db, 'noor.test', 'Huda', 'Karim', { language: c.language, companyName: `Al Noor Capital ${c.language}` });
      const listName = c.language === 'en' ? 'Saudi banking desk' : 'مكتب المصارف السعودية';
      const { asked } = await journalistsFor(owner.workspaceId, listName, c.contactLanguage);
      const page = await stack.signedInPage(owner.id, { viewport: WIDE, ...(c.language === 'ar' ? { locale: 'ar-AE' } : {}) });
      if (c.language === 'ar') await page.context().addInitScript(() => localStorage.setItem('nashr-language', 'ar'));
      await page.goto('/editor');

      await page.getByLabel(listName).check();
      await fill(page, t, c.language === 'en' ? 'Al Noor Capital reports record profit' : 'النور كابيتال تعلن أرباحًا قياسية');
      await page.getByLabel(t.attachments.choose).setInputFiles(PDF);
      await page.getByText('results.pdf').first().waitFor();
      await page.getByRole('checkbox', { name: t.embargo.toggle, exact: true }).check();
      const audience = page.getByTestId('embargo-audience');
      // Before the lift is known the section explains where the audience comes from.
      expect(await audience.textContent()).toContain(t.embargo.audience.how);
      await page.locator('#embargoAt').fill(`${new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10)}T09:00`);
      await page.locator('#embargoZone').selectOption('Asia/Riyadh');
      // Then it counts: one accepts embargoes, two are asked and wait for the lift unless they agree.
      await page.getByTestId('embargo-audience-counts').waitFor();
      await expectCounts(page, 'embargo-audience-counts', t);
      await audience.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/editor-${c.language}-1366.png` });
      await page.setViewportSize(PHONE);
      await audience.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/editor-${c.language}-390.png` });
      await expectNoSidewaysScroll(page);
      await page.setViewportSize(WIDE);

      await page.getByRole('button', { name: t.actions.sendNow, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t.presend.titleSend });
      await dialog.getByTestId('presend-embargo-audience').waitFor();
      await expectCounts(page, 'presend-embargo-audience', t);
      // Nobody is left out here, and no exclusion is said twice.
      expect(await dialog.getByTestId('presend-left-out').count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/presend-${c.language}-1366.png` });
      await page.setViewportSize(PHONE);
      await page.screenshot({ path: `${SHOTS}/presend-${c.language}-390.png`, fullPage: true });
      await page.setViewportSize(WIDE);
      // Three journalists on the list: the send is for all of them, now or later.
      await dialog.getByRole('button', { name: new RegExp(`3`) }).last().click();
      await page.waitForURL(/\/analytics\/[0-9a-f-]{36}$/);
      const releaseId = page.url().split('/').pop()! as ReleaseId;

      const messages = await deliverAll(stack.db, { publicUrl: stack.baseUrl, mailFrom: stack.deps.config.mailFrom, now: () => new Date() });
      const notice = messages.find((m) => m.envelopeTo[0] === asked.email)!;
      const link = /http:\/\/[^\s]+\/embargo\/\d+\.[0-9a-f]{32}/.exec(notice.parsed.text ?? '')![0];

      for (const viewport of [WIDE, PHONE]) {
        const reader = await stack.newPage({ viewport, ...(c.language === 'ar' ? { locale: 'ar-SA' } : {}) });
        await reader.goto(link);
        expect(await reader.locator('html').getAttribute('dir')).toBe(c.dir);
        await reader.getByRole('button', { name: c.agreeButton }).waitFor();
        await reader.screenshot({ path: `${SHOTS}/notice-page-${c.language}-${viewport.width}.png`, fullPage: true });
        await expectNoSidewaysScroll(reader);
        if (viewport === PHONE) {
          await reader.getByRole('button', { name: c.agreeButton }).click();
          await reader.getByRole('status').waitFor();
          expect(await reader.getByRole('status').textContent()).toContain(c.agreed);
          await reader.screenshot({ path: `${SHOTS}/agreed-${c.language}-390.png`, fullPage: true });
        }
      }
      const sent = await stack.db.select().from(deliveries).where(and(eq(deliveries.releaseId, releaseId), eq(deliveries.email, asked.email)));
      expect(sent.map((d) => d.audience).sort()).toEqual(['embargo_notice', 'list']);
    });
  }
});

/** One gets it now, two are asked, two wait for the lift: the words of those counts in the page's language. */
async function expectCounts(page: Page, testId: string, t: typeof en) {
  const words = t.embargo.audience;
  expect(await page.getByTestId(`${testId}-now`).textContent()).toBe(words.now_one.replace('{{n}}', '1'));
  expect(await page.getByTestId(`${testId}-asked`).textContent()).toBe(words.asked_two.replace('{{n}}', '2'));
  expect(await page.getByTestId(`${testId}-at-lift`).textContent()).toBe(words.atLift_two.replace('{{n}}', '2'));
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
}

function fill(page: Page, t: typeof en, title: string) {
  return fillRelease(page, t, {
    title,
    location: 'Riyadh',
    content: CONTENT,
    boilerplate: 'Al Noor Capital is a Saudi investment bank.',
    contactName: 'Huda Karim',
    contactEmail: 'huda@noor.test',
    contactPhone: '+966 11 555 0101',
  });
}
