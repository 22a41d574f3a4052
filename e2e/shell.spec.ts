import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from './harness';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

describe('app shell', () => {
  it('shows the 404 page for an unknown path', async () => {
    const page = await stack.newPage();
    await page.goto('/no/such/page');
    // The first paint waits for the page's texts, fetched after the load event.
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await expect(page.getByText('No route matches /no/such/page').isVisible()).resolves.toBe(true);
  });

  it('keeps the cookie-consent choice across visits', async () => {
    const page = await stack.newPage({ consent: false });
    await page.goto('/no-page');
    const banner = page.getByRole('dialog', { name: 'We Value Your Privacy' });
    await banner.waitFor();
    await page.getByRole('button', { name: 'Cookie Details' }).click();
    await expect(page.getByRole('button', { name: 'Hide Details' }).isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Decline Optional' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('declined');
    await page.reload();
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    expect(await banner.count()).toBe(0);
  });

  it('shows the error screen when a page cannot load, and Reload Page recovers', async () => {
    const page = await stack.newPage();
    // A page of the app (the public pages are static copies with no app code to miss).
    await page.goto('/missing');
    const homeLink = page.getByRole('link', { name: 'Go to the home page' });
    await homeLink.waitFor();
    // The next page's code cannot be fetched: a dropped connection, or a deploy that replaced the files.
    await page.route('**/assets/**', (route) => route.abort());
    await homeLink.click();
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await expect(page.getByRole('button', { name: 'Try Again' }).isVisible()).resolves.toBe(true);
    await page.unroute('**/assets/**');
    await page.getByRole('button', { name: 'Reload Page' }).click();
    await page.getByRole('heading', { level: 1, name: /7,000\+ media contacts/ }).waitFor();
  });

  it('renders right-to-left in Arabic', async () => {
    const page = await stack.newPage({ locale: 'ar' });
    await page.goto('/missing');
    await page.getByRole('heading', { name: 'الصفحة غير موجودة' }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    // The path of the developer hint stays readable (not mirrored into "missing/") inside the Arabic sentence.
    expect(await page.getByText('/missing', { exact: true }).evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
  });
});
