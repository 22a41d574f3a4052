import type { UserId } from '../src/shared/ids';
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactInputSchema } from '../src/shared/contacts';
import { insertContactBatch, markContactsChanged } from '../src/server/contacts/contacts.service';
import { dataRequests, globalContacts } from '../src/server/db/schema';
import { hashPassword } from '../src/server/auth/password';
import { insertAccount } from '../src/server/test/accounts';
import { startStack, type Stack } from './harness';
import { preferenceLinkOf } from './journalist-link';

/**
 * A super admin's side of what journalists choose (issue 30): the data-request queue in English, and a
 * journalist's own choices with their consent record, and the embargo accreditation, in Arabic.
 */

const SHOTS = process.env.E2E_SHOTS_DIR;
let stack: Stack;
let rootId: UserId;
let contactId: number;
let token: string;

beforeAll(async () => {
  stack = await startStack();
  const root = await insertAccount(stack.db, {
    email: 'root@nashr.test',
    passwordHash: await hashPassword('password123'),
    companyName: 'Nashr',
    firstName: 'Root',
    lastName: 'Admin',
    verified: true,
    role: 'super_admin',
    userType: 'super_admin',
  });
  rootId = root.id;
  // The journalist is in the media database, as an import puts them there, and received one release.
  const [contact] = await insertContactBatch(stack.db, [
    contactInputSchema.parse({ email: 'huda.saleh@gulfnews.test', firstName: 'Huda', lastName: 'Saleh', organization: 'Gulf News', country: 'UAE' }),
  ]);
  await markContactsChanged(stack.db, [contact.id]);
  contactId = contact.id;
  token = await preferenceLinkOf(stack, contact);
}, 120_000);
afterAll(() => stack?.close());

/** What the journalist does from their e-mail's link, through the public API. */
async function asJournalist(method: 'PUT' | 'POST', path: string, body: unknown) {
  const response = await fetch(`${stack.baseUrl}/api/preferences/${token}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

describe('journalists’ data in the super admin console', () => {
  it('lists an erasure request with its due date, erases after confirmation and says what was kept (English)', async () => {
    // Another journalist asks to be erased (the one of the next test keeps her data).
    const [erased] = await insertContactBatch(stack.db, [
      contactInputSchema.parse({ email: 'rana.erase@gulfnews.test', firstName: 'Rana', lastName: 'Haddad', organization: 'Gulf News', country: 'UAE' }),
    ]);
    await markContactsChanged(stack.db, [erased.id]);
    await stack.db.insert(dataRequests).values({ email: 'rana.erase@gulfnews.test', kind: 'erasure', contactId: erased.id, dueAt: new Date(Date.now() + 30 * 86_400_000) });
    // A request for a copy asked 31 days ago: past its month, so it comes first and is marked overdue.
    const asked = new Date(Date.now() - 31 * 86_400_000);
    await stack.db.insert(dataRequests).values({ email: 'late@outlet.test', kind: 'access', createdAt: asked, dueAt: new Date(asked.getTime() + 30 * 86_400_000) });
    const page = await stack.signedInPage(rootId);
    await page.goto('/admin?tab=data-requests');
    const late = page.getByTestId('data-request').first();
    await late.getByText('late@outlet.test').waitFor();
    await late.getByText('Copy of data').waitFor();
    await late.getByText('Overdue').waitFor();
    const row = page.getByTestId('data-request').filter({ hasText: 'rana.erase@gulfnews.test' });
    await row.getByText('Erasure').waitFor();
    await row.getByText('Open').waitFor();
    expect(await row.getByText('Overdue').count()).toBe(0);
    await row.getByText(/^Due /).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/data-requests-en.png`, fullPage: true });

    // The copy to send them, or to keep before erasing: a JSON file of what Nashr holds about them.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Download the data Nashr holds about rana.erase@gulfnews.test' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('nashr-data-rana.erase@gulfnews.test.json');
    const held = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
    expect(held).toMatchObject({ email: 'rana.erase@gulfnews.test', request: { kind: 'erasure' }, contact: { email: 'rana.erase@gulfnews.test' } });

    await row.getByRole('button', { name: 'Mark the request of rana.erase@gulfnews.test done' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark this request done?' });
    await dialog.getByText(/^Erase what Nashr holds about rana\.erase@gulfnews\.test: their contact/).waitFor();
    await dialog.getByRole('button', { name: 'Erase and mark done' }).click();
    const toast = page.getByTestId('toast');
    await toast.getByText('Erased, and the request marked done').waitFor();
    await toast.getByText(/Kept, as the law asks: consent records, delivery records, unsubscribes, the address on the suppression list\./).waitFor();
    await row.getByText('Done', { exact: true }).waitFor();
    await row.getByTestId('erasure-kept').getByText('Kept, as the law asks: consent records, delivery records, unsubscribes, the address on the suppression list.').waitFor();
    expect(await stack.db.select().from(globalContacts).where(eq(globalContacts.id, erased.id))).toEqual([]);
    expect(await row.getByRole('button', { name: /Mark/ }).count()).toBe(0);

    const [request] = await stack.db.select().from(dataRequests).where(eq(dataRequests.email, 'rana.erase@gulfnews.test'));
    expect(request.status).toBe('done');
    expect(request.resolvedAt).not.toBeNull();
  }, 120_000);

  it('shows the journalist’s choices and consent record, and accredits them with a note (Arabic, right to left)', async () => {
    await asJournalist('PUT', '', { languages: ['arabic'], topics: ['Energy'], weeklyCap: 3, acceptsEmbargo: false, unsubscribedFrom: ['Gulf Logistics'] });
    const page = await stack.signedInPage(rootId, { locale: 'ar-SA' });
    await page.goto('/contacts');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('button', { name: 'Huda Saleh', exact: true }).click();
    const detail = page.getByRole('dialog', { name: 'Huda Saleh' });
    const choices = detail.getByTestId('journalist-choices');
    await choices.getByRole('heading', { name: 'اختيارات الصحفي' }).waitFor();
    await choices.getByText('حدّدها الصحفي في صفحة تفضيلاته؛ لا يستبدلها الاستيراد أبداً.').waitFor();
    await choices.getByText('3 في الأسبوع على الأكثر').waitFor();
    await choices.getByText('Gulf Logistics').waitFor();
    if (SHOTS) await choices.screenshot({ path: `${SHOTS}/journalist-choices-section-ar.png` });
    const records = detail.getByTestId('consent-record');
    expect(await records.count()).toBe(1);
    const record = await records.first().textContent();
    expect(record).toContain('الحد الأسبوعي: بلا حد ← 3 في الأسبوع على الأكثر');
    expect(record).toContain('اللغات: العربية والإنجليزية ← العربية');

    const accredited = detail.getByRole('switch', { name: 'معتمد للبيانات المحظورة النشر' });
    expect(await accredited.isChecked()).toBe(false);
    await accredited.check();
    // A note longer than the server allows is refused on its field, in Arabic; nothing is saved.
    await detail.getByLabel('ملاحظة').fill('x'.repeat(501));
    await detail.getByRole('button', { name: 'حفظ الاعتماد' }).click();
    await detail.getByRole('alert').getByText('يجب ألا تتجاوز الملاحظة 500 حرف').waitFor();
    const [unchanged] = await stack.db.select().from(globalContacts).where(eq(globalContacts.id, contactId));
    expect(unchanged.embargoAccredited).toBe(false);

    await detail.getByLabel('ملاحظة').fill('يغطي قطاع الطاقة في الخليج منذ 2015');
    await detail.getByRole('button', { name: 'حفظ الاعتماد' }).click();
    await page.getByTestId('toast').getByText('حُفظ الاعتماد').waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/journalist-choices-ar.png`, fullPage: true });
    const [saved] = await stack.db.select().from(globalContacts).where(eq(globalContacts.id, contactId));
    expect(saved).toMatchObject({ embargoAccredited: true, accreditationNote: 'يغطي قطاع الطاقة في الخليج منذ 2015' });
  }, 120_000);
});
