import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceInvitations, workspaces } from '../src/server/db/schema';
import { sha256 } from '../src/server/http/tokens';
import { startStack, type Stack } from './harness';
import { createPerson } from './people';

/**
 * A suspended workspace as its members meet it (issue 29): the page that says why and whom to contact,
 * in English and in Arabic, and the sign-in form that keeps the reason on screen.
 */

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ SUPPORT_EMAIL: 'help@nashr.test' });
});
afterAll(() => stack?.close());

const REASON = 'Payment dispute under review';

async function suspendedPerson(language: 'en' | 'ar') {
  const person = await createPerson(stack.db, 'suspended.test', language === 'ar' ? 'Layla' : 'Omar', 'Saeed', { language });
  await stack.db.update(workspaces).set({ suspendedAt: new Date(), suspendedReason: REASON }).where(eq(workspaces.id, person.workspaceId));
  return person;
}

describe('a suspended workspace', () => {
  it('shows its members why and whom to contact instead of its pages (English)', async () => {
    const person = await suspendedPerson('en');
    const page = await stack.signedInPage(person.id);
    await page.goto('/press-releases');
    await expect.poll(() => page.getByRole('heading', { name: 'This workspace is suspended' }).count()).toBe(1);
    expect(await page.getByText(REASON).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'help@nashr.test' }).getAttribute('href')).toBe('mailto:help@nashr.test');
    expect(await page.getByText('Nothing has been deleted.', { exact: false }).count()).toBe(1);
  });

  it('reads right to left in Arabic, with the reason in its own direction', async () => {
    const person = await suspendedPerson('ar');
    const page = await stack.signedInPage(person.id, { locale: 'ar-AE' });
    await page.goto('/dashboard');
    await expect.poll(() => page.getByRole('heading', { name: 'هذه المساحة معلّقة' }).count()).toBe(1);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.getByText(REASON).getAttribute('dir')).toBe('auto');
    expect(await page.getByText('لم يُحذف شيء', { exact: false }).count()).toBe(1);
    // The menu above stays, to switch workspace or sign out.
    await expect.poll(() => page.getByRole('navigation').count()).toBeGreaterThan(0);
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/suspended-ar.png`, fullPage: true });
  });

  it('keeps the reason on the sign-in form when every workspace of the person is suspended', async () => {
    const person = await suspendedPerson('en');
    const page = await stack.newPage();
    await page.goto('/auth');
    await page.getByLabel('Email Address', { exact: true }).fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill('password123');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'Your workspace is suspended' });
    await expect.poll(() => notice.count()).toBe(1);
    expect(await notice.textContent()).toContain(`This workspace is suspended: ${REASON}. Contact help@nashr.test to reactivate it.`);
    expect(page.url()).toContain('/auth');
  });

  it("tells an invitee that the workspace is suspended instead of offering to join it (Arabic)", async () => {
    const owner = await suspendedPerson('ar');
    const token = `suspended-invitation-${owner.workspaceId}`;
    await stack.db.insert(workspaceInvitations).values({
      workspaceId: owner.workspaceId,
      email: `invitee-${owner.workspaceId}@example.test`,
      role: 'writer',
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const page = await stack.newPage({ locale: 'ar-AE' });
    await page.goto(`/invitation?token=${token}`);
    const card = page.getByTestId('invitation-unusable');
    await card.getByRole('heading', { name: 'مساحة العمل هذه معلّقة حاليًا' }).waitFor();
    expect(await page.getByRole('button').filter({ hasText: 'إنشاء' }).count()).toBe(0);
    expect(await page.getByTestId('invitation').count()).toBe(0);
  });
});
