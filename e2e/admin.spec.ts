import type { UserId } from '../src/shared/ids';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/server/auth/password';
import { suppress } from '../src/server/suppressions/suppressions.service';
import { auditLog, users } from '../src/server/db/schema';
import { startStack, type Stack } from './harness';
import { startDnsServer } from '../src/server/test/dns-server';
import { insertAccount, type AccountFields } from '../src/server/test/accounts';

let stack: Stack;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
beforeAll(async () => {
  // The sending-domain checks ask a DNS server of the test's own, where only the SPF policy is published.
  dns = await startDnsServer({ 'nashr.test': [{ type: 'TXT', text: 'v=spf1 mx ~all' }] });
  // Capture mode (no SMTP_URL), so the Outbox has something to show.
  stack = await startStack({ SMTP_URL: '', MAIL_FROM: 'Nashr <releases@nashr.test>', DNS_RESOLVER: dns.address });
});
afterAll(async () => {
  await stack.close();
  await dns.close();
});

async function createUser(firstName: string, lastName: string, fields: AccountFields = {}) {
  return insertAccount(stack.db, {
    email: `${firstName.toLowerCase()}@company.test`,
    passwordHash: await hashPassword('password123'),
    companyName: `${firstName} Media`,
    firstName,
    lastName,
    verified: true,
    ...fields,
  });
}

const signedIn = (userId: UserId, options: Parameters<Stack['signedInPage']>[1] = {}) => stack.signedInPage(userId, options);

describe('super admin console', () => {
  let root: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    root = await createUser('Root', 'Admin', { role: 'super_admin', userType: 'super_admin' });
  });

  it('shows the five stats and changes a user’s role after confirmation', async () => {
    const layla = await createUser('Layla', 'Haddad');
    const page = await signedIn(root.id);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Super Admin Dashboard' }).waitFor();
    for (const label of ['Total Users', 'Active Users', 'Customer workspaces', 'Total Releases', 'Sent Releases']) {
      await page.getByRole('heading', { name: label }).waitFor();
    }
    await page.getByTestId('stat-totalUsers').getByText('2').waitFor();
    await page.getByRole('heading', { name: 'Recent Users' }).waitFor();
    await page.getByRole('link', { name: 'Admin' }).waitFor();
    expect(await page.getByRole('link', { name: 'Subscription' }).count()).toBe(0);
    // Nashr has no trials: no tile counts them.
    expect(await page.getByText('Trial Users').count()).toBe(0);

    await page.getByRole('combobox', { name: 'Role for Layla Haddad' }).selectOption('admin');
    const dialog = page.getByRole('dialog', { name: 'Change role?' });
    await dialog.waitFor();
    await expect(dialog.getByText("Change Layla Haddad's role from User to Admin?").isVisible()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await page.getByTestId('toast').getByText('User role updated successfully').waitFor();
    await expect(page.getByRole('combobox', { name: 'Role for Layla Haddad' }).inputValue()).resolves.toBe('admin');

    const [row] = await stack.db.select().from(users).where(eq(users.id, layla.id));
    expect(row.role).toBe('admin');
    const entries = await stack.db.select().from(auditLog).where(eq(auditLog.target, layla.email));
    expect(entries.map((e) => e.action)).toEqual(['user.role_changed']);

    await page.getByRole('tab', { name: 'Audit log' }).click();
    // Each name is set apart by invisible direction marks.
    await page.getByText(/Root Admin\W*changed the role of\W*Layla Haddad\W*from\W*User\W*to\W*Admin/).waitFor();
  });

  it('lands a super admin who signs in on the console, not on a customer dashboard', async () => {
    const rami = await createUser('Rami', 'Khoury', { role: 'super_admin', userType: 'super_admin', language: 'ar' });
    for (const { locale, width, heading, email } of [
      { locale: 'en-US', width: 1366, heading: 'Super Admin Dashboard', email: root.email },
      { locale: 'ar', width: 390, heading: 'لوحة تحكم المشرف العام', email: rami.email },
    ]) {
      const page = await stack.newPage({ locale, viewport: { width, height: 844 } });
      await page.goto('/auth');
      await page.locator('#signin-email').fill(email);
      await page.locator('#signin-password').fill('password123');
      await page.locator('#signin-password').press('Enter');
      await page.waitForURL('**/admin');
      await page.getByRole('heading', { name: heading }).waitFor();
      expect(await page.getByText(/your first press release|بيانك الصحفي الأول/).count()).toBe(0);
      await page.screenshot({ path: `/tmp/admin-landing-${locale}-${width}.png`, fullPage: true });
    }
  });

  it('sends a person a password reset after asking, audited, in English and Arabic', async () => {
    const sara = await createUser('Sara', 'Nasser', { language: 'ar' });
    const page = await signedIn(root.id, { viewport: { width: 1366, height: 900 } });
    await page.goto('/admin');
    await page.getByRole('searchbox', { name: 'Search users' }).fill('sara@');
    await page.getByRole('button', { name: 'Send password reset to Sara Nasser' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a password reset?' });
    await dialog.getByText(/Sara Nasser gets an e-mail at .*sara@company\.test/).waitFor();
    // Asked first: cancelling sends nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await stack.db.select().from(auditLog).where(eq(auditLog.action, 'user.password_reset_sent'))).toHaveLength(0);
    await page.getByRole('button', { name: 'Send password reset to Sara Nasser' }).click();
    await page.getByRole('dialog', { name: 'Send a password reset?' }).getByRole('button', { name: 'Send the e-mail' }).click();
    await page.getByTestId('toast').getByText('A password reset e-mail is on its way to sara@company.test').waitFor();
    const [entry] = await stack.db.select().from(auditLog).where(eq(auditLog.action, 'user.password_reset_sent'));
    expect(entry.target).toBe(sara.email);
    await page.getByRole('tab', { name: 'Audit log' }).click();
    await page.getByText(/Root Admin\W*sent\W*Sara Nasser\W*a password reset e-mail/).waitFor();
    await page.screenshot({ path: '/tmp/admin-reset-en-1366.png', fullPage: true });

    const arabic = await signedIn(root.id, { locale: 'ar', viewport: { width: 390, height: 844 } });
    await arabic.goto('/admin');
    await arabic.getByRole('button', { name: 'إرسال إعادة تعيين كلمة المرور إلى Sara Nasser' }).click();
    await arabic.getByRole('dialog', { name: 'إرسال رسالة لإعادة تعيين كلمة المرور؟' }).waitFor();
    await arabic.screenshot({ path: '/tmp/admin-reset-ar-390.png', fullPage: true });
    expect(await arabic.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  it('leaves the role alone when the confirmation is cancelled', async () => {
    const omar = await createUser('Omar', 'Saleh');
    const page = await signedIn(root.id);
    await page.goto('/admin');
    await page.getByRole('combobox', { name: 'Role for Omar Saleh' }).selectOption('super_admin');
    const dialog = page.getByRole('dialog', { name: 'Change role?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(page.getByRole('combobox', { name: 'Role for Omar Saleh' }).inputValue()).resolves.toBe('user');
    const [row] = await stack.db.select().from(users).where(eq(users.id, omar.id));
    expect(row.role).toBe('user');
  });

  it('shows a captured message safely and lifts a suppression after confirmation', async () => {
    await stack.deps.mailer.send({
      to: 'editor@example.com',
      subject: 'Captured launch announcement',
      html: '<h1>Launch day</h1><script>document.title = "owned"</script>',
      text: 'Launch day',
    });
    await suppress(stack.db, 'gone@example.com', 'unsubscribed');
    const page = await signedIn(root.id);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Outbox' }).click();
    await page.getByRole('button', { name: 'View message: Captured launch announcement' }).click();
    const frame = page.frameLocator('iframe[title="Message content"]');
    await frame.getByRole('heading', { name: 'Launch day' }).waitFor();
    expect(await page.locator('iframe[title="Message content"]').getAttribute('sandbox')).toBe('');
    expect(await page.title()).not.toBe('owned');
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Suppressions' }).click();
    await page.getByRole('button', { name: 'Lift suppression of gone@example.com' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lift this suppression?' });
    await dialog.getByRole('button', { name: 'Lift' }).click();
    await page.getByTestId('toast').getByText('Suppression lifted').waitFor();
    await page.getByText('No suppressed addresses').waitFor();
  });

  it('lists workspaces with their members and roles, found by a member’s address, in English and Arabic', async () => {
    const owner = await createUser('Hala', 'Nasser', { companyName: 'Levant Wire PR', monthlyPressReleaseLimit: 5, pressReleasesUsedThisMonth: 2 });
    await createUser('Karim', 'Saleh', { memberOf: { workspaceId: owner.workspaceId, role: 'writer' } });
    const page = await signedIn(root.id);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Workspaces' }).click();
    await page.getByRole('searchbox', { name: 'Search workspaces' }).fill('karim@company.test');
    const row = page.getByRole('listitem', { name: 'Levant Wire PR' });
    await row.getByText('Press releases: 2 of 5 used').waitFor();
    const members = row.getByRole('list', { name: 'Members' });
    await members.getByText('hala@company.test').waitFor();
    expect(await members.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(/Hala Nasser.*hala@company\.test.*Owner/s),
      expect.stringMatching(/Karim Saleh.*karim@company\.test.*Writer/s),
    ]);

    const arabic = await signedIn(root.id, { locale: 'ar' });
    await arabic.goto('/admin');
    await arabic.getByRole('tab', { name: 'مساحات العمل' }).click();
    await arabic.getByRole('searchbox', { name: 'البحث في مساحات العمل' }).fill('karim@company.test');
    const arabicRow = arabic.getByRole('listitem', { name: 'Levant Wire PR' });
    await arabicRow.getByText('كاتب').waitFor();
    await arabicRow.getByText('مالك').waitFor();
  });

  it('shows the 403 page and no Admin entry to anyone else', async () => {
    const customer = await createUser('Customer', 'Plain');
    const page = await signedIn(customer.id);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Access denied' }).waitFor();
    await expect(page.getByText('403').isVisible()).resolves.toBe(true);
    // The navigation loads on its own once the user is known: wait for it, then look for Admin in it.
    await page.getByRole('link', { name: 'Subscription' }).waitFor();
    expect(await page.getByRole('link', { name: 'Admin' }).count()).toBe(0);
  });

  it('shows the sending domain records checked against DNS and the bounce and complaint rates', async () => {
    const page = await signedIn(root.id);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Deliverability' }).click();
    const records = page.getByRole('list', { name: 'DNS records' });
    await records.getByText('DKIM key (signs every message)').waitFor();
    expect(await records.getByRole('listitem').count()).toBe(4);
    // Only the SPF policy is published in this DNS.
    expect(await records.getByText('Published', { exact: true }).count()).toBe(1);
    expect(await records.getByText('Not found', { exact: true }).count()).toBe(3);
    await records.getByText('nashr._domainkey.nashr.test').waitFor();
    // SPF is asked of the bounce domain (here MAIL_FROM's own), where receivers check it.
    await records.getByText(/^SPF policy of the bounce domain/).waitFor();
    // Publishing the DMARC record and checking again turns it green.
    dns.records['_dmarc.nashr.test'] = [{ type: 'TXT', text: 'v=DMARC1; p=none' }];
    await page.getByRole('button', { name: 'Check again' }).click();
    await expect.poll(() => records.getByText('Published', { exact: true }).count()).toBe(2);
    await page.getByRole('heading', { name: 'All customers' }).waitFor();
    await page.getByText('No messages sent in this period').waitFor();
  });

  it('renders the console in Arabic, right to left, on a 360 px phone without sideways scrolling', async () => {
    await createUser('Nadia', 'Khoury', { companyName: 'Levant Broadcasting Corporation International' });
    const page = await signedIn(root.id, { locale: 'ar', viewport: { width: 360, height: 800 } });
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'لوحة تحكم المشرف العام' }).waitFor();
    await page.getByRole('heading', { name: 'إدارة المستخدمين' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('combobox', { name: 'دور Nadia Khoury' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole('searchbox', { name: 'البحث في المستخدمين' }).fill('levant broadcasting');
    await page.getByText('مستخدم واحد').waitFor();
    expect(await page.getByTestId('admin-user-row').count()).toBe(1);

    // The deliverability section too: the DNS names stay left to right inside the Arabic page.
    await page.getByRole('tab', { name: 'قابلية التسليم' }).click();
    const records = page.getByRole('list', { name: 'سجلات DNS' });
    await records.getByText('مفتاح DKIM (يوقّع كل رسالة)').waitFor();
    expect(await records.getByText('nashr._domainkey.nashr.test').getAttribute('dir')).toBe('ltr');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
