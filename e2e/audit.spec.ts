import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/server/auth/password';
import { recordAudit } from '../src/server/audit/audit.service';
import type { PlatformAuditAction } from '../src/shared/admin';
import { recordActivity } from '../src/server/workspaces/workspaces.service';
import { pressReleases } from '../src/server/db/schema';
import { insertAccount, type AccountFields } from '../src/server/test/accounts';
import { startStack, type Stack } from './harness';
import { seriousViolations } from './axe';

/** The console's audit log in words (issue 29), in English and in Arabic, with its filters and CSV link. */

/** A sentence as a person reads it: the page isolates each name in its own direction with invisible marks. */
const said = (text: string) => new RegExp(text.split('').map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\u2068\u2069]*'));

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ SMTP_URL: '' });
});
afterAll(() => stack.close());

async function createUser(firstName: string, lastName: string, fields: AccountFields = {}) {
  return insertAccount(stack.db, {
    email: `${firstName.toLowerCase()}@company.test`,
    passwordHash: await hashPassword('password123'),
    firstName,
    lastName,
    verified: true,
    ...fields,
  });
}

describe('the audit log in words', () => {
  it('says who did what to whom in the reader language, filters it and links the CSV of what it finds', async () => {
    const root = await createUser('Omar', 'Haddad', { role: 'super_admin', userType: 'super_admin', companyName: 'Nashr' });
    const layla = await createUser('Layla', 'Saeed', { companyName: 'Gulf Horizon', userType: 'active' });
    const [release] = await stack.db
      .insert(pressReleases)
      .values({ workspaceId: layla.workspaceId, brandId: layla.companyBrandId, authorId: layla.id, title: 'Marina Vista opens', content: '<p>Opening.</p>', status: 'sent', sentAt: new Date() })
      .returning();
    const omar = { id: root.id, email: root.email };
    // A full page of entries, each with its kind's chip: every chip must be readable (axe, WCAG AA contrast).
    for (let i = 0; i < 16; i++) await recordAudit(stack.db, omar, 'user.trusted', `customer${i}@company.test`);
    await recordActivity(stack.db, layla.workspaceId, layla, 'release.sent', { title: release.title });
    await recordAudit(stack.db, omar, 'review.approved', release.id, { title: release.title });
    await recordAudit(stack.db, omar, 'workspace.granted', layla.workspaceId, { workspaceName: 'Gulf Horizon', releases: 2, reason: 'Launch week' });
    // An entry of a kind this version has no words for (written by a later one): still a sentence, never its key.
    await recordAudit(stack.db, omar, 'something.new' as PlatformAuditAction, null, {});
    await recordActivity(stack.db, layla.workspaceId, layla, 'billing_profile.updated', { name: 'Gulf Horizon LLC' });
    await recordAudit(stack.db, omar, 'payment.refunded', 'Gulf Horizon', { workspaceName: 'Gulf Horizon', releases: 1 }, layla.workspaceId);

    const page = await stack.signedInPage(root.id);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Audit log' }).click();
    await page.getByText(said('Omar Haddad approved “Marina Vista opens” for Gulf Horizon')).waitFor();
    await page.getByText(said('Layla Saeed sent “Marina Vista opens” for Gulf Horizon')).waitFor();
    await page.getByText(said('Omar Haddad granted 2 releases to Gulf Horizon: Launch week')).waitFor();
    await page.getByText(said('Omar Haddad made a change of the kind “Other”')).waitFor();
    await page.getByText(said('Layla Saeed changed the billing details of Gulf Horizon to Gulf Horizon LLC')).waitFor();
    await page.getByText(said('Omar Haddad refunded 1 release to Gulf Horizon')).waitFor();
    const log = page.getByRole('list', { name: 'Audit log' });
    expect(await log.getByText(/[a-z_]+[.:][a-z_]+\.[a-z_]+|something\.new|billing_profile/).count()).toBe(0);
    expect(await log.getByText('Payments and refunds', { exact: true }).count()).toBeGreaterThanOrEqual(2);
    expect(await log.getByRole('listitem').count()).toBe(20);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/audit-en.png', fullPage: true });

    await page.getByLabel('Kind').selectOption({ label: 'Editorial review' });
    await page.getByText(said('Layla Saeed sent “Marina Vista opens” for Gulf Horizon')).waitFor({ state: 'detached' });
    await page.getByText(said('Omar Haddad approved “Marina Vista opens” for Gulf Horizon')).waitFor();
    const csv = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
    expect(csv).toBe('/api/admin/audit.csv?kind=review.&lang=en');
    await page.getByLabel('Kind').selectOption({ label: 'Every kind' });
    await page.getByRole('searchbox', { name: 'Who' }).fill('layla');
    await page.getByText(said('Omar Haddad approved “Marina Vista opens” for Gulf Horizon')).waitFor({ state: 'detached' });
    await page.getByText(said('Layla Saeed sent “Marina Vista opens” for Gulf Horizon')).waitFor();
    await page.getByRole('searchbox', { name: 'Who' }).fill('nobody at all');
    await page.getByText('No entry matches these filters').waitFor();

    const arabic = await stack.signedInPage(root.id, { locale: 'ar' });
    await arabic.goto('/admin');
    await arabic.getByRole('tab', { name: 'سجل التدقيق' }).click();
    await arabic.getByText(said('وافق Omar Haddad على «Marina Vista opens» لـGulf Horizon')).waitFor();
    await arabic.getByText(said('منح Omar Haddad مساحة العمل Gulf Horizon بيانين صحفيين: Launch week')).waitFor();
    await arabic.getByText(said('ردّ Omar Haddad إلى Gulf Horizon ثمن بيان صحفي واحد')).waitFor();
    await arabic.getByText(said('غيّر Layla Saeed بيانات الفوترة في Gulf Horizon إلى Gulf Horizon LLC')).waitFor();
    expect(await seriousViolations(arabic)).toEqual([]);
    expect(await arabic.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await arabic.getByRole('link', { name: 'تنزيل CSV' }).getAttribute('href')).toBe('/api/admin/audit.csv?lang=ar');
    await arabic.screenshot({ path: '/tmp/audit-ar.png', fullPage: true });
    const phone = await stack.signedInPage(root.id, { locale: 'ar', viewport: { width: 390, height: 844 } });
    await phone.goto('/admin');
    await phone.getByRole('tab', { name: 'سجل التدقيق' }).click();
    await phone.getByText(said('وافق Omar Haddad على «Marina Vista opens» لـGulf Horizon')).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await phone.screenshot({ path: '/tmp/audit-ar-phone.png', fullPage: true });
  });
});
