import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { authAttempts, users } from '../src/server/db/schema';
import { hashPassword } from '../src/server/auth/password';
import { insertAccount } from '../src/server/test/accounts';
import type { ReceivedMail } from '../src/server/test/smtp-sink';
import { startStack, type Stack } from './harness';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

/** The first message to `to` whose subject matches (the `skip`-th one when several), waiting for it to arrive. */
async function waitForMail(to: string, subject: RegExp, skip = 0): Promise<ReceivedMail> {
  for (let n = 1; ; n++) {
    await stack.smtp.waitFor(n);
    const found = stack.smtp.messages.filter((m) => m.envelopeTo.includes(to) && subject.test(m.parsed.subject ?? ''));
    if (found.length > skip) return found[skip];
  }
}

function linkIn(mail: ReceivedMail, path: string): string {
  const text = `${mail.parsed.text ?? ''} ${typeof mail.parsed.html === 'string' ? mail.parsed.html : ''}`;
  const match = new RegExp(`https?://[^\\s"'<>]+${path.replace(/[?/]/g, '\\$&')}\\?token=[^\\s"'<>&]+`).exec(text);
  if (!match) throw new Error(`no ${path} link in "${mail.parsed.subject}"`);
  return match[0];
}

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

async function insertVerifiedUser(email: string, password: string, language: 'en' | 'ar' = 'en') {
  await insertAccount(stack.db, {
    email,
    passwordHash: await hashPassword(password),
    companyName: 'Gulf Media Partners',
    firstName: 'Omar',
    lastName: 'Saleh',
    verified: true,
    language,
  });
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email Address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Starts at the landing page's 'Get Started Free' when the landing page exists, else at /auth?mode=signup. */
async function openRegistration(page: Page) {
  await page.goto('/');
  const getStarted = page.getByRole('link', { name: 'Get Started Free' }).first();
  const notFound = page.getByRole('heading', { name: 'Page Not Found' });
  await getStarted.or(notFound).first().waitFor();
  if (await getStarted.isVisible()) await getStarted.click();
  else await page.goto('/auth?mode=signup');
  await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('mode') === 'signup');
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
}

describe('account screens', () => {
  it('registers, verifies by the emailed link, signs in, edits the profile, changes the password and signs out', async () => {
    const page = await stack.newPage();
    const email = 'layla.haddad@haddad-pr.test';
    await openRegistration(page);

    await page.getByLabel('First Name').fill('Layla');
    await page.getByLabel('Last Name').fill('Haddad');
    await page.getByLabel('Company Name').fill('Haddad PR');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('first-pass1');
    await page.getByLabel('Confirm Password').fill('first-pass1');
    await page.getByRole('button', { name: 'Create Account' }).click();

    // Registration keeps the visitor on sign-in, with the address filled in and a message to check the inbox.
    await toast(page, 'Registration successful!').waitFor();
    // Someone who just registered is not welcomed back.
    await page.getByRole('heading', { name: 'Sign in to your new account' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Welcome back' }).count()).toBe(0);
    expect(await page.getByText(`We sent a verification link to ${email}.`).isVisible()).toBe(true);
    expect(await page.getByLabel('Email Address', { exact: true }).inputValue()).toBe(email);

    // Signing in before verifying is refused with the SPEC §8 toast, and the resend panel opens for that address.
    await page.getByLabel('Password', { exact: true }).fill('first-pass1');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await toast(page, 'Email verification required').waitFor();
    expect(await toast(page, 'Please check your email and click the verification link before signing in.').isVisible()).toBe(true);
    const resendEmail = page.locator('#resend-email');
    expect(await resendEmail.inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Send verification email', exact: true }).click();
    await toast(page, 'Verification email sent!').waitFor();
    const resent = await waitForMail(email, /verify/i, 1);

    await page.goto(linkIn(resent, '/api/auth/verify'));
    await page.waitForURL('**/auth?verified=1');
    await page.getByText('Your email address is verified. You can sign in now.').waitFor();
    await page.getByRole('heading', { name: 'Sign in to your new account' }).waitFor();

    // The first sign-in ever is a welcome; the next ones (below) a welcome back.
    await signIn(page, email, 'first-pass1');
    await toast(page, 'Welcome to Nashr!').waitFor();
    expect(await toast(page, 'Welcome back!').count()).toBe(0);
    await page.waitForURL('**/dashboard');

    // A signed-in visitor who opens /auth goes on to the dashboard.
    await page.goto('/auth');
    await page.waitForURL('**/dashboard');

    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    // The role in the workspace they registered (its owner), not the platform's "User".
    expect(await page.getByTestId('account-role').textContent()).toBe('Owner');
    expect(await page.getByLabel('Company').inputValue()).toBe('Haddad PR');
    await page.getByLabel('Company').fill('');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await page.getByText('Company name is required').waitFor();
    await page.getByLabel('Company').fill('Haddad Communications');
    await page.getByLabel('Last Name').fill('Haddad-Nasser');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await toast(page, 'Profile Updated').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    expect(await page.getByLabel('Company').inputValue()).toBe('Haddad Communications');
    expect(await page.getByLabel('Last Name').inputValue()).toBe('Haddad-Nasser');

    // A new email asks for the current password and applies only once the link sent to it is opened.
    const newEmail = 'layla@haddad-comms.test';
    expect(await page.getByLabel('Current Password').count()).toBe(0);
    await page.getByLabel('Email Address').fill(newEmail);
    await page.getByRole('button', { name: 'Update Profile' }).click();
    expect(await page.locator('#profile-currentPassword-error').textContent()).toBe(
      'Enter your current password to change your email',
    );
    await page.getByLabel('Current Password').fill('first-pass1');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await toast(page, 'Check your new inbox').waitFor();
    await page.getByText(`open the link we sent to ${newEmail}. Until then, your account uses ${email}.`).waitFor();
    expect(await page.getByLabel('Email Address').inputValue()).toBe(email);
    const notice = await waitForMail(email, /about to change/);
    expect(notice.parsed.text).toContain(newEmail);
    await page.goto(linkIn(await waitForMail(newEmail, /Confirm your new/), '/api/auth/confirm-email'));
    await page.waitForURL('**/profile?email=confirmed');
    await page.getByText(`Your email address is now ${newEmail}.`).waitFor();
    expect(await page.getByLabel('Email Address').inputValue()).toBe(newEmail);

    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Account Settings' }).waitFor();
    await page.getByRole('heading', { name: 'Security' }).waitFor();
    await page.getByLabel('Current Password').fill('not-my-password');
    await page.getByLabel('New Password', { exact: true }).fill('second-pass2');
    await page.getByLabel('Confirm New Password').fill('second-pass2');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await toast(page, 'Password Update Failed').waitFor();
    // The server's refusal lands on the current-password field.
    expect(await page.locator('#password-currentPassword-error').textContent()).toBe('Current password is incorrect');

    await page.getByLabel('Current Password').fill('first-pass1');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await toast(page, 'Password Updated').waitFor();
    expect(await page.getByLabel('Current Password').inputValue()).toBe('');
    expect(await page.getByLabel('New Password', { exact: true }).inputValue()).toBe('');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL('**/auth');

    // The old password no longer works; the new one does.
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await signIn(page, newEmail, 'first-pass1');
    await toast(page, 'Login failed').waitFor();
    expect(await toast(page, 'Invalid credentials').isVisible()).toBe(true);
    expect(page.url()).toMatch(/\/auth$/);
    await signIn(page, newEmail, 'second-pass2');
    await toast(page, 'Welcome back!').waitFor();
    await page.waitForURL('**/dashboard');
    // A whole customer journey with about ten password hashes: give it room on a busy machine.
  }, 120_000);

  it('lists every registration error live, refuses a common password, and treats a taken address like a new one', async () => {
    await insertVerifiedUser('taken@gulf-media.test', 'password123');
    const page = await stack.newPage();
    await page.goto('/auth?mode=signup');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    const list = page.getByTestId('registration-errors');
    expect(await list.count()).toBe(0);

    await page.getByLabel('First Name').fill('Sami');
    await list.waitFor();
    expect(await list.getByText('Please fix the following errors:').isVisible()).toBe(true);
    expect(await list.locator('li').allTextContents()).toEqual([
      'Last name is required',
      'Company name is required',
      'Please enter a valid email address',
      'Password must be at least 6 characters',
      'Please confirm your password',
    ]);

    await page.getByLabel('Last Name').fill('Aziz');
    await page.getByLabel('Company Name').fill('Aziz Media');
    await page.getByLabel('Email Address').fill('taken@gulf-media');
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByLabel('Confirm Password').fill('54321');
    expect(await list.locator('li').allTextContents()).toEqual([
      'Please enter a valid email address',
      'Password must be at least 6 characters',
      "Passwords don't match",
    ]);

    await page.getByLabel('Email Address').fill('TAKEN@gulf-media.test');
    await page.getByLabel('Password', { exact: true }).fill('123456');
    await page.getByLabel('Confirm Password').fill('123456');
    await list.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, 'Registration failed').waitFor();
    const common = 'This password is too common. Choose one that is harder to guess.';
    expect(await page.locator('#signup-password-error').textContent()).toBe(common);

    // Whoever types a taken address learns nothing from the answer; the owner is told by email.
    await page.getByLabel('Password', { exact: true }).fill('q7#mLx-2');
    await page.getByLabel('Confirm Password').fill('q7#mLx-2');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, 'Registration successful!').waitFor();
    await page.getByText('We sent a verification link to taken@gulf-media.test.').waitFor();
    await waitForMail('taken@gulf-media.test', /already have a Nashr account/);
  });

  it('resets a forgotten password through the emailed link, once', async () => {
    const email = 'omar.saleh@gulf-media.test';
    await insertVerifiedUser(email, 'old-password1');
    // One browser is still signed in when the link is followed in it.
    const page = await stack.newPage();
    await page.goto('/auth');
    await signIn(page, email, 'old-password1');
    await page.waitForURL('**/dashboard');

    const requester = await stack.newPage();
    await requester.goto('/auth');
    await requester.getByLabel('Email Address', { exact: true }).fill(email);
    await requester.getByRole('button', { name: 'Forgot password?' }).click();
    await requester.getByRole('heading', { name: 'Reset your password' }).waitFor();
    expect(await requester.getByLabel('Email Address').inputValue()).toBe(email);
    await requester.getByRole('button', { name: 'Send reset link' }).click();
    const confirmation = 'If an account exists for this address, we have sent it a link to choose a new password.';
    await requester.getByText(confirmation).waitFor();

    // An unknown address gets exactly the same answer.
    const other = await stack.newPage();
    await other.goto('/auth?mode=forgot');
    await other.getByLabel('Email Address').fill('nobody@gulf-media.test');
    await other.getByRole('button', { name: 'Send reset link' }).click();
    await other.getByText(confirmation).waitFor();

    const link = linkIn(await waitForMail(email, /password/i), '/auth/reset');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm New Password').fill('different');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByText("Passwords don't match").waitFor();
    await page.getByLabel('New Password', { exact: true }).fill('new-password2');
    await page.getByLabel('Confirm New Password').fill('new-password2');
    await page.getByRole('button', { name: 'Set new password' }).click();
    // The reset signed every session out, this browser's too: it stays on sign-in with the news.
    await page.waitForURL('**/auth?reset=success');
    await page.getByText('Your password has been changed. Sign in with your new password.').waitFor();
    await signIn(page, email, 'old-password1');
    await toast(page, 'Login failed').waitFor();

    await signIn(page, email, 'new-password2');
    await page.waitForURL('**/dashboard');

    // The link works once.
    const again = await stack.newPage();
    await again.goto(link);
    await again.getByLabel('New Password', { exact: true }).fill('third-password3');
    await again.getByLabel('Confirm New Password').fill('third-password3');
    await again.getByRole('button', { name: 'Set new password' }).click();
    await again.getByText('This reset link is invalid or has expired').waitFor();
    expect(await again.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/auth?mode=forgot');

    // A link without a token says so at once.
    await again.goto('/auth/reset');
    await again.getByText('This reset link is invalid or has expired').waitFor();
  }, 120_000);

  it('offers a locked account a sign-in link by email, which signs in once', async () => {
    const email = 'locked.out@gulf-media.test';
    await insertVerifiedUser(email, 'right-password1');
    // Twenty failed sign-ins for this account from this browser's address (however the server sees it).
    const clients = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];
    await stack.db.insert(authAttempts).values(
      clients.flatMap((ip) => Array.from({ length: 20 }, () => ({ kind: 'login_failure' as const, key: `pair:${email}|${ip}`, createdAt: new Date() }))),
    );
    const page = await stack.newPage();
    await page.goto('/auth');
    await signIn(page, email, 'right-password1');
    await page.getByText('Signing in with a password is paused').waitFor();
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.getByText('Check your inbox').waitFor();

    const link = linkIn(await waitForMail(email, /sign-in link/i), '/auth/sign-in-link');
    const other = await stack.newPage();
    await other.goto(link);
    await other.getByRole('heading', { name: 'Sign in to Nashr' }).waitFor();
    await other.getByRole('button', { name: 'Sign In', exact: true }).click();
    await other.waitForURL('**/dashboard');

    const again = await stack.newPage();
    await again.goto(link);
    await again.getByRole('button', { name: 'Sign In', exact: true }).click();
    await again.getByText('This sign-in link is invalid or has expired').waitFor();
  }, 120_000);

  it('shows the invalid-link banner and the resend panel for a bad verification link', async () => {
    const page = await stack.newPage();
    await page.goto('/api/auth/verify?token=not-a-real-token');
    await page.waitForURL('**/auth?verified=invalid');
    await page.getByText('Verification link invalid').waitFor();
    expect(await page.getByRole('button', { name: 'Resend verification email' }).getAttribute('aria-expanded')).toBe('true');
    await page.locator('#resend-email').fill('not-an-address');
    await page.getByRole('button', { name: 'Send verification email', exact: true }).click();
    await page.locator('#resend-email-error').getByText('Please enter a valid email address').waitFor();
  });

  it('sends a signed-out visitor from a protected page to /auth with a toast', async () => {
    const page = await stack.newPage();
    await page.goto('/settings');
    await toast(page, 'Authentication Required').waitFor();
    expect(await toast(page, 'Please log in to access this page').isVisible()).toBe(true);
    await page.waitForURL('**/auth');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
  });

  it('keeps the language picked on the landing page (its static copy) at sign-in too', async () => {
    const email = `picked-landing-${Date.now()}@company.test`;
    await insertVerifiedUser(email, 'password123', 'en');
    const page = await stack.newPage({ locale: 'en-US' });
    await page.goto('/');
    await page.getByTestId('public-header').getByTestId('language-switch').click();
    await page.waitForURL((url) => url.search === '?lang=ar');
    await page.getByTestId('public-header').getByRole('link', { name: 'تسجيل الدخول' }).click();
    await page.waitForURL('**/auth');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ar');
    await page.locator('#signin-email').fill(email);
    await page.locator('#signin-password').fill('password123');
    await page.locator('#signin-password').press('Enter');
    await page.waitForURL('**/dashboard');
    await expect.poll(async () => (await stack.db.select({ language: users.language }).from(users).where(eq(users.email, email)))[0].language).toBe('ar');
  });

  it('keeps the language picked before signing in: the site stays in it and the account takes it', async () => {
    const email = `picked-${Date.now()}@company.test`;
    await insertVerifiedUser(email, 'password123', 'en');
    const page = await stack.newPage({ locale: 'en-US', viewport: { width: 390, height: 844 } });
    await page.goto('/auth');
    await page.getByTestId('language-switch').first().click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ar');
    await page.locator('#signin-email').fill(email);
    await page.locator('#signin-password').fill('password123');
    await page.locator('#signin-password').press('Enter');
    await page.waitForURL('**/dashboard');
    await page.getByRole('main').waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    await page.screenshot({ path: '/tmp/auth-picked-ar-390.png', fullPage: true });
    const [stored] = await stack.db.select({ language: users.language }).from(users).where(eq(users.email, email));
    expect(stored.language).toBe('ar');

    // Signing in again elsewhere, with nothing picked, keeps the account's (now Arabic) language.
    const other = await stack.newPage({ locale: 'en-US' });
    await other.goto('/auth');
    await signIn(other, email, 'password123');
    await other.waitForURL('**/dashboard');
    await expect.poll(() => other.evaluate(() => document.documentElement.lang), { timeout: 20_000 }).toBe('ar');
  });

  it('shows the account screens right-to-left in Arabic', async () => {
    const page = await stack.newPage({ locale: 'ar' });
    await page.goto('/auth');
    await page.getByRole('heading', { name: 'مرحبًا بعودتك' }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    expect(await page.getByLabel('البريد الإلكتروني').isVisible()).toBe(true);
    expect(await page.getByLabel('كلمة المرور', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'أنشئ حسابًا' }).click();
    await page.getByRole('heading', { name: 'أنشئ حسابك' }).waitFor();
    await page.getByLabel('الاسم الأول').fill('ليلى');
    const list = page.getByTestId('registration-errors');
    await list.getByText('يرجى تصحيح الأخطاء التالية:').waitFor();
    expect(await list.locator('li').first().textContent()).toBe('اسم العائلة مطلوب');

    // The auth page's own top bar switches the language back.
    await page.getByTestId('language-switch').click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
  });

  it('explains an email change in Arabic', async () => {
    // An Arabic account: signing in switches the site to the account's own language.
    await insertVerifiedUser('huda@gulf-media.test', 'huda-pass-44', 'ar');
    const page = await stack.newPage({ locale: 'ar' });
    await page.goto('/auth');
    await page.getByLabel('البريد الإلكتروني').fill('huda@gulf-media.test');
    await page.getByLabel('كلمة المرور', { exact: true }).fill('huda-pass-44');
    await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await page.goto('/profile');
    await page.getByLabel('البريد الإلكتروني').fill('huda@new-desk.test');
    await page.getByLabel('كلمة المرور الحالية').fill('huda-pass-44');
    await page.getByRole('button', { name: /تحديث/ }).click();
    const pending = page.getByTestId('email-change-notice');
    await pending.getByText('بانتظار التأكيد: افتح الرابط الذي أرسلناه إلى huda@new-desk.test', { exact: false }).waitFor();
    await page.goto('/profile?email=taken');
    await page.getByText('أصبح هذا العنوان تابعًا لحساب آخر، لذلك لم يتغير بريدك الإلكتروني.').waitFor();
  });

  it('writes the account’s emails in the language it registered in, then in the one it switches to', async () => {
    const email = 'rania@khaleej-pr.test';
    const page = await stack.newPage({ locale: 'ar' });
    await page.goto('/auth?mode=signup');
    await page.getByRole('heading', { name: 'أنشئ حسابك' }).waitFor();
    await page.getByLabel('الاسم الأول').fill('رانيا');
    await page.getByLabel('اسم العائلة').fill('الخطيب');
    await page.getByLabel('اسم الشركة').fill('الخليج للعلاقات العامة');
    await page.getByLabel('البريد الإلكتروني').fill(email);
    await page.getByLabel('كلمة المرور', { exact: true }).fill('rania-pass-7');
    await page.getByLabel('تأكيد كلمة المرور').fill('rania-pass-7');
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await toast(page, 'تم التسجيل بنجاح!').waitFor();

    const verification = await waitForMail(email, /تأكيد بريدك الإلكتروني/);
    expect(verification.parsed.html).toContain('<html lang="ar" dir="rtl">');
    // Mail to an address nobody has proven yet greets without the account's name (it could be anyone's text).
    expect(verification.parsed.text).toContain('مرحبًا،');
    await page.goto(linkIn(verification, '/api/auth/verify'));
    await page.waitForURL('**/auth?verified=1');
    await page.getByLabel('البريد الإلكتروني').fill(email);
    await page.getByLabel('كلمة المرور', { exact: true }).fill('rania-pass-7');
    await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
    await page.waitForURL('**/dashboard');

    // Switching the site to English while signed in switches the account's emails with it.
    const saved = page.waitForResponse((res) => res.url().endsWith('/api/auth/language') && res.request().method() === 'PUT');
    await page.getByTestId('language-switch').first().click();
    expect((await saved).status()).toBe(200);
    // The English texts load on demand: the page turns left to right once they are in.
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
    await page.request.post('/api/auth/forgot-password', { data: { email } });
    const reset = await waitForMail(email, /Reset your Nashr password/);
    expect(reset.parsed.html).toContain('<html lang="en" dir="ltr">');
  });
});
