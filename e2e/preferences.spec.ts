import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentRecords, globalContacts, journalistPreferences } from '../src/server/db/schema';
import { startStack, type Stack } from './harness';
import { preferenceLinkOf } from './journalist-link';

/**
 * A journalist changes their preferences from the link of a release e-mail (issue 30): in English on a
 * desktop, and in Arabic, right to left, on a phone; a tampered link shows the 404 page.
 */

let stack: Stack;
let counter = 0;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

/** A journalist who received one release from "Gulf Logistics": the link their e-mail carries. */
async function journalistLink() {
  const n = ++counter;
  const [contact] = await stack.db.insert(globalContacts).values({ email: `reporter${n}@gulfnews.test`, firstName: 'Huda', lastName: 'Saleh' }).returning();
  return { contact, token: await preferenceLinkOf(stack, contact) };
}

describe('the preference page', () => {
  it('lets a journalist choose Arabic only, two topics, a weekly cap and embargoes, refusing a cap of 51 (English)', async () => {
    const { contact, token } = await journalistLink();
    const page = await stack.newPage();
    await page.goto(`/preferences/${token}`);
    await page.getByTestId('preferences').waitFor();
    expect(await page.getByText('r•••••@•••••.test', { exact: false }).count()).toBeGreaterThan(0);
    await page.getByLabel('Arabic only').check();
    await page.getByLabel('Energy').check();
    await page.getByLabel('Finance').check();
    await page.getByLabel('A weekly limit').check();
    await page.getByTestId('weekly-cap').fill('51');
    await page.getByTestId('save-preferences').click();
    await page.getByText('A weekly limit is a whole number from 1 to 50').waitFor();
    await page.getByTestId('weekly-cap').fill('3');
    await page.getByLabel(/Send me releases under embargo/).check();
    await page.getByTestId('save-preferences').click();
    await page.getByText('Your preferences are saved.').waitFor();
    const [saved] = await stack.db.select().from(journalistPreferences).where(eq(journalistPreferences.contactId, contact.id));
    expect(saved).toMatchObject({ languages: ['arabic'], weeklyCap: 3, acceptsEmbargo: true });
    expect([...saved.topics].sort()).toEqual(['Energy', 'Finance']);
    expect(await stack.db.select().from(consentRecords).where(eq(consentRecords.contactId, contact.id))).toHaveLength(1);

    await page.getByTestId('ask-erasure').click();
    await page.getByTestId('request-erasure').waitFor();
  }, 120_000);

  it('unsubscribes from one company in Arabic, right to left, on a phone; a tampered link is the 404 page', async () => {
    const { contact, token } = await journalistLink();
    const page = await stack.newPage({ locale: 'ar-SA', viewport: { width: 390, height: 844 } });
    await page.goto(`/preferences/${token}`);
    await page.getByTestId('preferences').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByText('ما يصلك عبر نشر').waitFor();
    await page.getByLabel('Gulf Logistics').check();
    await page.getByTestId('save-preferences').click();
    await page.getByText('تم حفظ تفضيلاتك.').waitFor();
    // Nothing overflows the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // Topics and countries are chips, several a line: far shorter than one checkbox a line.
    for (const group of ['topic-chips', 'country-chips']) {
      const { chips, lines } = await page.getByTestId(group).evaluate((el) => {
        const tops = [...el.querySelectorAll('label')].map((label) => Math.round(label.getBoundingClientRect().top));
        return { chips: tops.length, lines: new Set(tops).size };
      });
      expect(chips).toBeGreaterThan(10);
      expect(lines).toBeLessThanOrEqual(Math.ceil(chips / 2));
    }
    const records = await stack.db.select().from(consentRecords).where(eq(consentRecords.contactId, contact.id));
    expect(records.map((r) => r.changes)).toEqual([{ unsubscribedFrom: { from: [], to: ['Gulf Logistics'] } }]);

    await page.goto(`/preferences/${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`);
    await page.getByTestId('preferences-invalid').waitFor();
    await page.getByText('هذا الرابط لا يعمل').waitFor();
  }, 120_000);
});
