import type { ReleaseId, WorkspaceId } from '../src/shared/ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eq, inArray } from 'drizzle-orm';
import { globalContacts, journalistPreferences, listContacts, pressReleases } from '../src/server/db/schema';
import { instantOf } from '../src/shared/time-zones';
import en from '../src/client/i18n/en/releases.json';
import ar from '../src/client/i18n/ar/releases.json';
import { startStack, type Stack } from './harness';
import { createPerson } from './people';
import { seedListOfJournalists } from './contacts-seed';
import { fillRelease } from './release-form';

/**
 * A Dubai agency schedules 09:00 Riyadh time with an embargo lifting in Dubai's zone (issue 30), in English and
 * in Arabic: what the editor sends is stored as the right instants with their zones, and the times are shown
 * with the zones' names.
 */

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const PDF = { name: 'launch-facts.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') };
const CONTENT = 'Nashr today opened its new office in Riyadh to serve newsrooms across the Gulf, with local editors and same-day distribution.';
const SHOTS = process.env.SCREENSHOTS_DIR ?? '/tmp/embargo-zones';

/** The first Tuesday at least ten days ahead: a working day in Riyadh and Dubai, far enough to be in the future. */
function aTuesdayAhead(): string {
  const day = new Date(Date.now() + 10 * 86_400_000);
  while (day.getUTCDay() !== 2) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** Three journalists: in Saudi Arabia and the UAE accepting embargoes, one in Egypt who does not. */
async function journalistsFor(workspaceId: WorkspaceId, name: string) {
  const listId = await seedListOfJournalists(stack, workspaceId, name, 3);
  const members = await stack.db.select({ id: listContacts.globalContactId }).from(listContacts).where(eq(listContacts.listId, listId));
  const ids = members.map((m) => m.id).sort((a, b) => a - b);
  const countries = ['Saudi Arabia', 'UAE', 'Egypt'];
  for (const [i, id] of ids.entries()) await stack.db.update(globalContacts).set({ country: countries[i] }).where(eq(globalContacts.id, id));
  await stack.db.insert(journalistPreferences).values(ids.slice(0, 2).map((contactId) => ({ contactId, acceptsEmbargo: true })));
  return listId;
}

const cases = [
  { language: 'en' as const, texts: en, topic: 'Technology', saudi: 'Saudi Arabia', riyadh: 'Riyadh', dubai: 'Abu Dhabi / Dubai' },
  { language: 'ar' as const, texts: ar, topic: 'تكنولوجيا', saudi: 'السعودية', riyadh: 'الرياض', dubai: 'أبوظبي / دبي' },
];

describe('scheduling with an embargo in another time zone', () => {
  for (const c of cases) {
    it(`stores 09:00 Riyadh and an embargo in Dubai's zone as instants, and shows them with the zones' names (${c.language})`, async () => {
      const t = c.texts;
      const owner = await createPerson(stack.db, 'agency.test', 'Huda', 'Karim', { language: c.language, companyName: `Gulf Agency ${c.language}` });
      const listName = c.language === 'en' ? 'Gulf Tech Desk' : 'مكتب التقنية الخليجي';
      await journalistsFor(owner.workspaceId, listName);
      const page = await stack.signedInPage(owner.id, c.language === 'ar' ? { locale: 'ar-AE' } : {});
      if (c.language === 'ar') await page.context().addInitScript(() => localStorage.setItem('nashr-language', 'ar'));
      await page.goto('/editor');
      if (c.language === 'ar') expect(await page.locator('html').getAttribute('dir')).toBe('rtl');

      await page.getByLabel(listName).check();
      await fill(page, t, c.language === 'en' ? 'Nashr opens its Riyadh office' : 'نشر تفتتح مكتبها في الرياض');
      await page.getByLabel(t.attachments.choose).setInputFiles(PDF);
      await page.getByText('launch-facts.pdf').first().waitFor();
      await page.getByTestId('topics-field').getByLabel(c.topic).check();

      const day = aTuesdayAhead();
      await page.getByRole('checkbox', { name: t.embargo.toggle, exact: true }).check();
      await page.locator('#embargoAt').fill(`${day}T12:00`);
      await page.locator('#embargoZone').selectOption('Asia/Dubai');
      const preview = page.getByTestId('embargo-preview');
      await expect.poll(() => preview.textContent()).toContain('12:00');
      expect(await preview.textContent()).toContain(c.dubai);

      await page.locator('#scheduledAt').fill(`${day}T09:00`);
      await page.locator('#scheduleZone').selectOption('Asia/Riyadh');
      await expect.poll(() => page.getByTestId('schedule-zone').textContent()).toContain(c.riyadh);
      await page.getByRole('button', { name: t.actions.schedule, exact: true }).click();

      const dialog = page.getByRole('dialog', { name: t.presend.titleSchedule });
      await dialog.getByTestId('presend-summary').waitFor();
      expect(await dialog.getByTestId('presend-embargo').textContent()).toContain(c.dubai);
      await page.screenshot({ path: `${SHOTS}/presend-${c.language}.png`, fullPage: true });
      await dialog.getByRole('button', { name: new RegExp(`^${t.actions.schedule}`) }).last().click();
      await page.waitForURL(/\/analytics\/[0-9a-f-]{36}$/);
      const id = page.url().split('/').pop()! as ReleaseId;

      // Stored as the instants those wall clocks name, with the zones they were entered in.
      const sendAt = instantOf(day, '09:00', 'Asia/Riyadh')!;
      const liftAt = instantOf(day, '12:00', 'Asia/Dubai')!;
      expect(sendAt.toISOString()).toBe(`${day}T06:00:00.000Z`);
      const answer = await (await page.request.get(`/api/press-releases/${id}`)).json();
      const release = answer.pressRelease ?? answer;
      expect(release).toMatchObject({
        status: 'scheduled',
        scheduledAt: sendAt.toISOString(),
        timeZone: 'Asia/Riyadh',
        embargo: { until: liftAt.toISOString(), timeZone: 'Asia/Dubai' },
        topics: ['Technology'],
      });
      const [stored] = await stack.db.select().from(pressReleases).where(inArray(pressReleases.id, [id]));
      expect(stored.scheduledAt?.toISOString()).toBe(`${day}T06:00:00.000Z`);
      expect(stored.embargoUntil?.toISOString()).toBe(`${day}T08:00:00.000Z`);

      // The release page: the send time as entered in Riyadh (the browser here runs in another zone) and the embargo.
      const next = page.getByTestId('next-step');
      await next.waitFor();
      await expect.poll(() => next.textContent()).toContain('09:00');
      expect(await next.textContent()).toContain(c.riyadh);
      expect(await page.getByTestId('embargo-note').textContent()).toContain(c.dubai);
      await page.screenshot({ path: `${SHOTS}/release-${c.language}.png`, fullPage: true });

      await page.goto('/press-releases');
      const row = page.getByRole('listitem').filter({ hasText: c.language === 'en' ? 'Nashr opens its Riyadh office' : 'نشر تفتتح مكتبها في الرياض' });
      await row.getByTestId('embargo-note').waitFor();
      expect(await row.textContent()).toContain(c.riyadh);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SHOTS}/list-phone-${c.language}.png`, fullPage: true });
    });
  }
});

function fill(page: Page, t: typeof en, title: string) {
  return fillRelease(page, t, {
    title,
    location: 'Riyadh',
    content: CONTENT,
    boilerplate: 'Nashr distributes press releases to media across the Middle East and North Africa.',
    contactName: 'Huda Karim',
    contactEmail: 'huda@agency.test',
    contactPhone: '+971 4 555 0101',
  });
}
