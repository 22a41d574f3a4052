import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startStack, type Stack } from './harness';
import { seriousViolations } from './axe';
import { eq } from 'drizzle-orm';
import { brands, coverageItems, outletFeeds, pressReleases, workspaces } from '../src/server/db/schema';
import { sampleContacts, seedContacts, seedList, signIn } from './contacts-seed';

/**
 * Every main page in English and Arabic, checked with axe-core: no serious or critical violation
 * (contrast, names, roles, labels). Also: user-written text keeps its own direction inside the other
 * language's layout (bidi isolation), and dialogs hand focus back to the control that opened them.
 */


let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
  await seedContacts(stack, sampleContacts(12));
});
afterAll(() => stack.close());

/** Opens `path` in `language` and waits until its main heading and data have arrived. */
async function openSettled(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  // Spinners stand for data still on its way; axe should see the page as the user finally does.
  await page.locator('[role="status"][aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
}

const PUBLIC_PAGES = ['/', '/auth', '/privacy-policy', '/terms-of-service', '/contact'];
const APP_PAGES = ['/dashboard', '/contacts', '/my-lists', '/press-releases', '/editor', '/analytics', '/subscription', '/profile', '/settings', '/settings/brands', '/admin', '/admin/review'];

async function draftRelease(page: Page, title: string) {
  const res = await page.request.post(`${stack.baseUrl}/api/send-press-release`, {
    headers: { origin: stack.baseUrl },
    data: {
      action: 'save_draft',
      title,
      content: '<p>Gulf Logistics opens a new regional hub in Dubai South, serving the whole region.</p>',
      contactName: 'Layla Hassan',
      contactEmail: 'layla@gulf.example',
      contactPhone: '+971 4 555 0100',
    },
  });
  expect(res.status()).toBeLessThan(300);
  return ((await res.json()) as { pressRelease: { id: string } }).pressRelease.id;
}

describe('accessibility (axe-core)', () => {
  for (const locale of ['en-US', 'ar-AE']) {
    it(`finds no serious or critical violation on the public pages (${locale})`, async () => {
      const page = await stack.newPage({ locale });
      const found: string[] = [];
      for (const path of PUBLIC_PAGES) {
        await openSettled(page, path);
        found.push(...(await seriousViolations(page)).map((v) => `${path}: ${v}`));
      }
      expect(found).toEqual([]);
    });

    it(`finds no serious or critical violation on the app's pages (${locale})`, async () => {
      const page = await stack.newPage({ locale });
      const admin = await signIn(stack, page, { role: 'super_admin' });
      await seedList(stack, admin.workspaceId, 'Gulf Business Editors', ['ahmed.almansouri@example.com']);
      const releaseId = await draftRelease(page, 'Gulf Logistics opens a regional hub');
      const found: string[] = [];
      for (const path of [...APP_PAGES, `/editor/${releaseId}`]) {
        await openSettled(page, path);
        found.push(...(await seriousViolations(page)).map((v) => `${path}: ${v}`));
      }
      expect(found).toEqual([]);
    });

    it(`finds no serious or critical violation in a release's coverage and the outlet feeds (${locale})`, async () => {
      const page = await stack.newPage({ locale });
      const admin = await signIn(stack, page, { role: 'super_admin' });
      const [release] = await stack.db
        .insert(pressReleases)
        .values({ workspaceId: admin.workspaceId, brandId: admin.companyBrandId, authorId: admin.id, title: 'Gulf Logistics opens a hub', content: '<p>A hub.</p>', status: 'sent', sentAt: new Date(Date.now() - 3_600_000) })
        .returning();
      await stack.db.insert(coverageItems).values({
        releaseId: release.id,
        url: 'https://ledger.example/hub',
        outlet: 'The Gulf Ledger',
        country: 'UAE',
        language: 'english',
        title: 'Gulf Logistics opens a hub',
        publishedAt: new Date(),
        kind: 'verbatim',
        excerpt: 'A hub.',
        source: 'feed',
      });
      await stack.db
        .insert(outletFeeds)
        .values({ url: `https://ledger.example/rss-${locale}.xml`, host: 'ledger.example', outlet: 'The Gulf Ledger', country: 'UAE', language: 'english', lastStatus: 'error', lastError: 'answered 500' })
        .onConflictDoNothing();
      await openSettled(page, `/analytics/${release.id}`);
      await page.locator('#coverage').getByRole('link', { name: 'Gulf Logistics opens a hub' }).waitFor();
      const found = (await seriousViolations(page)).map((v) => `release page: ${v}`);
      // The same page while an editor reviews it (what happens next, Withdraw), the newsroom and the web version.
      const [waiting] = await stack.db
        .insert(pressReleases)
        .values({ workspaceId: admin.workspaceId, brandId: admin.companyBrandId, authorId: admin.id, title: 'Gulf Logistics opens a second hub', content: '<p>A hub.</p>', status: 'in_review' })
        .returning();
      await openSettled(page, `/analytics/${waiting.id}`);
      await page.getByTestId('next-step').waitFor();
      found.push(...(await seriousViolations(page)).map((v) => `release in review: ${v}`));
      const code = locale.slice(0, 2);
      await stack.db.update(workspaces).set({ name: 'Gulf Logistics' }).where(eq(workspaces.id, admin.workspaceId));
      // The newsroom is the workspace's own brand's (same id).
      await stack.db.update(brands).set({ newsroomSlug: `gulf-logistics-${code}`, name: 'Gulf Logistics' }).where(eq(brands.id, admin.companyBrandId));
      await stack.db.update(pressReleases).set({ slug: `gulf-logistics-opens-a-hub-${code}` }).where(eq(pressReleases.id, release.id));
      for (const path of [`/newsroom/gulf-logistics-${code}?lang=${code}`, `/r/gulf-logistics-opens-a-hub-${code}`]) {
        await page.goto(path, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        found.push(...(await seriousViolations(page)).map((v) => `${path}: ${v}`));
      }
      await openSettled(page, '/admin');
      await page.getByRole('tab', { name: locale === 'ar-AE' ? 'خلاصات الوسائل' : 'Outlet feeds' }).click();
      await page.getByTestId('feed-row').first().waitFor();
      found.push(...(await seriousViolations(page)).map((v) => `outlet feeds: ${v}`));
      expect(found).toEqual([]);
    });
  }
});

/** The computed writing direction of the first element matching `locator`. */
const directionOf = (locator: ReturnType<Page['locator']>) => locator.first().evaluate((el) => getComputedStyle(el).direction);

describe('user-written text keeps its own direction', () => {
  it('a Latin title and list name stay left-to-right in the Arabic interface', async () => {
    const page = await stack.newPage({ locale: 'ar-AE' });
    const user = await signIn(stack, page, { userType: 'active' });
    await seedList(stack, user.workspaceId, 'Gulf Tech Editors 2026!', []);
    await draftRelease(page, 'Launch of Falcon 2.0!');
    await page.goto('/my-lists');
    const listName = page.getByRole('heading', { name: 'Gulf Tech Editors 2026!' });
    await listName.waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await directionOf(listName)).toBe('ltr');
    await page.goto('/press-releases');
    const title = page.getByRole('link', { name: 'Launch of Falcon 2.0!' });
    await title.waitFor();
    expect(await directionOf(title)).toBe('ltr');
  });

  it('an Arabic title and list name stay right-to-left in the English interface', async () => {
    const page = await stack.newPage({ locale: 'en-US' });
    const user = await signIn(stack, page, { userType: 'active' });
    await seedList(stack, user.workspaceId, 'محررو الاقتصاد في الخليج', []);
    await draftRelease(page, 'إطلاق منصة نشر الجديدة');
    await page.goto('/my-lists');
    const listName = page.getByRole('heading', { name: 'محررو الاقتصاد في الخليج' });
    await listName.waitFor();
    expect(await directionOf(listName)).toBe('rtl');
    // The dialog that asks before deleting names the list in its own direction, inside an English sentence.
    await page.getByRole('button', { name: 'Delete محررو الاقتصاد في الخليج' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.evaluate((el) => el.textContent?.includes('\u2068محررو الاقتصاد في الخليج\u2069'))).toBe(true);
    await page.keyboard.press('Escape');
    await page.goto('/press-releases');
    const title = page.getByRole('link', { name: 'إطلاق منصة نشر الجديدة' });
    await title.waitFor();
    expect(await directionOf(title)).toBe('rtl');
  });
});

describe('dialogs give focus back', () => {
  /** The accessible-ish name of the focused element: its aria-label or its text. */
  const focusedName = (page: Page) =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '';
    });

  for (const locale of ['en-US', 'ar-AE']) {
    it(`to the control that opened them, closed by Escape or Cancel (${locale})`, async () => {
      const page = await stack.newPage({ locale });
      const user = await signIn(stack, page, { userType: 'active' });
      await seedList(stack, user.workspaceId, 'Levant Editors', []);
      await page.goto('/my-lists');
      const del = page.getByRole('button', { name: locale === 'ar-AE' ? 'حذف Levant Editors' : 'Delete Levant Editors' });
      await del.click();
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      // Focus comes back as the dialog unmounts, a moment after it leaves the page on a busy machine.
      await expect.poll(() => focusedName(page), { timeout: 5000 }).toBe(await del.getAttribute('aria-label'));

      const edit = page.getByRole('button', { name: locale === 'ar-AE' ? 'تعديل Levant Editors' : 'Edit Levant Editors' });
      await edit.click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: locale === 'ar-AE' ? 'إلغاء' : 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => focusedName(page), { timeout: 5000 }).toBe(await edit.getAttribute('aria-label'));
    });
  }
});
