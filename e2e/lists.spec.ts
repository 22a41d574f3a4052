import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startStack, type Stack } from './harness';
import { sampleContacts, seedContacts, seedList, signIn } from './contacts-seed';

let stack: Stack;
const contacts = sampleContacts(25);
beforeAll(async () => {
  stack = await startStack({ DEMO_DATA: 'off' });
  await seedContacts(stack, contacts);
});
afterAll(() => stack?.close());

const toast = (page: Page) => page.getByTestId('toast');

async function openMyLists(page: Page) {
  page.setDefaultTimeout(30_000);
  await page.goto('/my-lists');
  await page.getByRole('heading', { name: 'My Lists', level: 1 }).waitFor();
}

describe('My Lists', { timeout: 180_000 }, () => {
  it('starts empty, creates a list with validation, edits and deletes it', async () => {
    const page = await stack.newPage();
    await signIn(stack, page);
    await openMyLists(page);
    await page.getByText('No lists yet').waitFor();

    await page.getByRole('main').getByRole('button', { name: 'Create List' }).last().click();
    const create = page.getByRole('dialog', { name: 'Create New List' });
    await create.getByRole('button', { name: 'Create List' }).click();
    await create.getByText('List name is required').waitFor();
    await create.getByLabel('List name').fill('Saudi tech reporters');
    await create.getByLabel('Description (optional)').fill('For the Riyadh launch');
    await create.getByRole('button', { name: 'Create List' }).click();
    await toast(page).getByText('List created successfully').waitFor();
    const card = page.getByRole('article', { name: 'Saudi tech reporters' });
    await card.getByText('No contacts').waitFor();
    await card.getByText('For the Riyadh launch').waitFor();

    await card.getByRole('button', { name: 'Edit Saudi tech reporters' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit List' });
    expect(await edit.getByLabel('List name').inputValue()).toBe('Saudi tech reporters');
    await edit.getByLabel('List name').fill('KSA technology desk');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page).getByText('List updated successfully').waitFor();
    const renamed = page.getByRole('article', { name: 'KSA technology desk' });
    await renamed.waitFor();

    await renamed.getByRole('button', { name: 'Delete KSA technology desk' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete List' });
    await confirm.getByText('The contacts stay in the Journalists Database').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page).getByText('List deleted successfully').waitFor();
    await page.getByText('No lists yet').waitFor();
  });

  it('views a list 20 contacts a page, opens a contact and removes one', async () => {
    const page = await stack.newPage();
    const user = await signIn(stack, page, { userType: 'active' });
    await seedList(
      stack,
      user.workspaceId,
      'Regional editors',
      contacts.map((c) => c.email),
      'Every editor we know',
    );
    await openMyLists(page);
    const card = page.getByRole('article', { name: 'Regional editors' });
    await card.getByText('25 contacts').waitFor();

    await card.getByRole('button', { name: 'View' }).click();
    const view = page.getByRole('dialog', { name: 'Regional editors' });
    await view.getByText('Showing 1-20 of 25 contacts').waitFor();
    expect(await view.getByTestId('list-contact-row').count()).toBe(20);
    const pager = view.getByRole('navigation', { name: 'Pagination' });
    expect(await pager.getByRole('button', { name: /^\d+$/ }).allTextContents()).toEqual(['1', '2']);
    await pager.getByRole('button', { name: '2', exact: true }).click();
    await view.getByText('Showing 21-25 of 25 contacts').waitFor();
    expect(await view.getByTestId('list-contact-row').count()).toBe(5);

    // A customer with a package sees the full address in the contact's details.
    const row = view.getByTestId('list-contact-row').filter({ hasText: 'Journalist03 Tester' });
    await row.getByRole('button', { name: /^Journalist03 Tester/ }).click();
    const detail = page.getByRole('dialog', { name: 'Journalist03 Tester' });
    expect(await detail.getByTestId('detail-email').textContent()).toBe('journalist03@example.com');
    await detail.getByRole('button', { name: 'Close' }).click();
    await detail.waitFor({ state: 'detached' });

    await row.getByRole('button', { name: 'Remove Journalist03 Tester from the list' }).click();
    await page
      .getByRole('dialog', { name: 'Remove contact from list?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await toast(page).getByText('Contact removed from list').waitFor();
    await view.getByText('Showing 21-24 of 24 contacts').waitFor();
    await page.keyboard.press('Escape');
    await card.getByText('24 contacts').waitFor();
  });

  it('shows an empty list with a way to add contacts, and masks emails for a trial user', async () => {
    const page = await stack.newPage();
    const user = await signIn(stack, page);
    await seedList(stack, user.workspaceId, 'Empty for now', []);
    await seedList(stack, user.workspaceId, 'Two editors', [contacts[1].email, contacts[2].email]);
    await openMyLists(page);

    await page.getByRole('article', { name: 'Two editors' }).getByRole('button', { name: 'View' }).click();
    const two = page.getByRole('dialog', { name: 'Two editors' });
    await two.getByText('Showing 1-2 of 2 contacts').waitFor();
    const emails = await two.getByTestId('list-contact-row').allTextContents();
    expect(emails.join(' ')).not.toContain('@example.com');
    expect(emails.join(' ')).toContain('•••••');
    await page.keyboard.press('Escape');
    await two.waitFor({ state: 'detached' });

    await page.getByRole('article', { name: 'Empty for now' }).getByRole('button', { name: 'View' }).click();
    const empty = page.getByRole('dialog', { name: 'Empty for now' });
    await empty.getByText('No contacts in this list yet').waitFor();
    await empty.getByRole('link', { name: 'Add Contacts' }).click();
    await page.waitForURL('**/contacts-new');
    await page.getByRole('heading', { name: 'Journalists Database' }).waitFor();
  });

  it('reads right-to-left in Arabic', async () => {
    const page = await stack.newPage({ locale: 'ar', viewport: { width: 375, height: 800 } });
    page.setDefaultTimeout(30_000);
    const user = await signIn(stack, page);
    await seedList(stack, user.workspaceId, 'قائمة الخليج', [contacts[0].email]);
    await page.goto('/my-lists');
    await page.getByRole('heading', { name: 'قوائمي', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const card = page.getByRole('article', { name: 'قائمة الخليج' });
    await card.getByText('جهة اتصال واحدة').waitFor();

    // Countries and media types are stored in English and shown in the page's language.
    await card.getByRole('button', { name: 'عرض' }).click();
    const view = page.getByRole('dialog', { name: 'قائمة الخليج' });
    const row = view.getByTestId('list-contact-row');
    await row.getByText('الإمارات', { exact: false }).waitFor();
    await row.getByRole('button', { name: /^أحمد المنصوري/ }).click();
    const detail = page.getByRole('dialog', { name: 'أحمد المنصوري' });
    await detail.getByText('المعلومات المهنية').waitFor();
    await detail.getByText('صحيفة').waitFor();
    await detail.getByText('اشترك لعرض عناوين البريد الإلكتروني').waitFor();
    expect(await detail.getByTestId('detail-email').textContent()).toContain('•••••');
  });
});
