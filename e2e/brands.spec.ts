import type { BrandId, WorkspaceId } from '../src/shared/ids';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { brands, workspaceInvitations } from '../src/server/db/schema';
import { pngImage } from '../src/server/test/images';
import { startStack, type Stack } from './harness';
import { createPerson as createPersonIn, type Person, type PersonOptions } from './people';

/**
 * Brands end to end (issue 28): an owner creates a brand with a logo and sees it listed with it; an image
 * that is not one is refused under the logo (English); an owner invites a client limited to one brand
 * (Arabic, right to left, on a phone); a client seat sees only its navigation, and the workspace's own
 * pages answer with the 403 page.
 */

let stack: Stack;
let counter = 0;
const SCREENSHOTS = path.resolve('.e2e-artifacts');
beforeAll(async () => {
  stack = await startStack();
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
});
afterAll(() => stack?.close());

const createPerson = (firstName: string, options: PersonOptions = {}): Promise<Person> =>
  createPersonIn(stack.db, 'brands.test', firstName, 'Tester', options);

/** A brand of the workspace, as the Brands page would have made it. */
async function insertBrand(workspaceId: WorkspaceId, name: string, nameAr = ''): Promise<BrandId> {
  const [brand] = await stack.db
    .insert(brands)
    .values({ workspaceId, name, nameAr })
    .returning({ id: brands.id });
  return brand.id;
}

const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });

describe('brands', () => {
  it('an owner creates a brand with a logo, sees it listed, and a false image is refused (English)', async () => {
    const owner = await createPerson('Layla', { companyName: 'Gulf Bridge PR' });
    const page = await stack.signedInPage(owner.id);
    const cspRefusals: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspRefusals.push(message.text());
    });
    await page.goto('/settings');
    await page
      .getByRole('main')
      .getByRole('link', { name: /Brands/ })
      .click();
    await page.getByRole('heading', { name: 'Brands', level: 1 }).waitFor();
    // The workspace's own brand is there from the start.
    await page.getByTestId('brand-card').filter({ hasText: 'Gulf Bridge PR' }).waitFor();

    await page.getByRole('button', { name: 'New brand' }).click();
    const dialog = page.getByRole('dialog', { name: 'New brand' });
    // The name is required, said on its field.
    await dialog.getByRole('button', { name: 'Create brand' }).click();
    await dialog.getByText('Enter the brand name').waitFor();
    await dialog.getByLabel('Brand name').fill('Najd Foods');
    await dialog.getByLabel('Arabic name').fill('نجد للأغذية');
    expect(await dialog.getByLabel('Arabic name').getAttribute('dir')).toBe('rtl');
    await dialog.getByTestId('sender-preview').getByText('Najd Foods via Nashr').waitFor();
    await dialog.getByLabel('Sender name', { exact: true }).fill('Najd Foods Company');
    await dialog.getByTestId('sender-preview').getByText('Najd Foods Company via Nashr').waitFor();
    await dialog.getByLabel('Newsroom address').fill(`najd-foods-${counter}`);
    await dialog.getByLabel('Boilerplate (English)').fill('Najd Foods makes dates and bread in Riyadh.');
    await dialog.getByLabel('Boilerplate (Arabic)').fill('تصنع نجد للأغذية التمور والخبز في الرياض.');
    await dialog.getByLabel('Media contact email').fill('press@najd.example');
    await dialog.getByRole('switch', { name: 'Client approval required' }).check();
    // Over 1 MB is refused before anything is sent.
    const logoInput = dialog.getByLabel('Logo', { exact: true });
    await logoInput.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(1024 * 1024 + 1),
    });
    await dialog.getByText('The logo is larger than 1 MB: choose a smaller image.').waitFor();
    await logoInput.setInputFiles({ name: 'najd.png', mimeType: 'image/png', buffer: await pngImage(48, 24) });
    await expect.poll(() => dialog.getByText('The logo is larger than 1 MB').count()).toBe(0);
    // The chosen file is previewed before it is uploaded: drawn, and not refused by the page's CSP.
    const preview = dialog.getByTestId('brand-logo');
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48);
    expect(cspRefusals).toEqual([]);
    await dialog.getByRole('button', { name: 'Create brand' }).click();
    await toast(page, /Brand .Najd Foods. created/).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // Listed with its logo (an image the browser could draw), names and newsroom address.
    const card = page.getByTestId('brand-card').filter({ hasText: 'Najd Foods' });
    await card.getByText('نجد للأغذية').waitFor();
    await card.getByText('Client approval').waitFor();
    await card.getByText('No releases sent yet').waitFor();
    const logo = card.getByRole('img', { name: 'Najd Foods' });
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(48);
    // The brand's own newsroom settings, taken offline from its card (asked first).
    await card.getByRole('button', { name: /^Newsroom / }).click();
    const newsroom = card.getByTestId('newsroom-settings');
    await newsroom.getByRole('link', { name: new RegExp(`/newsroom/najd-foods-${counter}`) }).waitFor();
    await newsroom.getByRole('button', { name: 'Take offline' }).click();
    await page
      .getByRole('dialog', { name: 'Take your newsroom offline?' })
      .getByRole('button', { name: 'Take offline' })
      .click();
    await newsroom
      .getByText('Your newsroom is offline: no page, no feed, nothing sent to followers.')
      .waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'brands-en-desktop.png'), fullPage: true });

    // A text file named .png: its bytes are read before anything is sent (the server's own rule), and it is
    // refused under the logo; so is an SVG whose animation would rewrite a link, and one larger than allowed.
    await card.getByRole('button', { name: /^Edit / }).click();
    const edit = page.getByRole('dialog', { name: 'Edit brand' });
    expect(await edit.getByLabel('Brand name').inputValue()).toBe('Najd Foods');
    const editLogo = edit.getByLabel('Logo', { exact: true });
    await editLogo.setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is not an image at all\n'),
    });
    await edit.getByRole('alert').getByText('Choose a PNG, JPEG or SVG image.').waitFor();
    await editLogo.setInputFiles({
      name: 'sneaky.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><use href="#a"><set attributeName="href" to="https://evil.test/x.svg#a"/></use></svg>',
      ),
    });
    await edit.getByRole('alert').getByText(/^This SVG cannot be a logo/).waitFor();
    await editLogo.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: await pngImage(5000, 2) });
    await edit
      .getByRole('alert')
      .getByText('The logo is larger than 4096 × 4096 pixels: choose a smaller image.')
      .waitFor();
    await edit.getByRole('button', { name: 'Cancel' }).click();
    // The earlier logo stays.
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
    await card.getByRole('link', { name: /^Report / }).waitFor();
  });

  it('an owner invites a client limited to one brand (Arabic, phone)', async () => {
    const owner = await createPerson('Yousef', { companyName: 'Levant Agency', language: 'ar' });
    const brandId = await insertBrand(owner.workspaceId, 'Cedar Bank', 'بنك الأرز');
    const address = `client${++counter}@brands.test`;
    const page = await stack.signedInPage(owner.id, { locale: 'ar', viewport: { width: 390, height: 844 } });

    await page.goto('/settings/brands');
    await page.getByRole('heading', { name: 'العلامات التجارية', level: 1 }).waitFor();
    const card = page.getByTestId('brand-card').filter({ hasText: 'Cedar Bank' });
    await card.waitFor();
    // The Arabic name leads on an Arabic page, the English one below it.
    await expect(card.getByRole('heading', { name: 'بنك الأرز' }).isVisible()).resolves.toBe(true);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'brands-ar-phone.png'), fullPage: true });

    await page.goto('/settings/team');
    await page.getByLabel('البريد الإلكتروني', { exact: true }).fill(address);
    await page.getByLabel('الدور', { exact: true }).selectOption('client');
    const checklist = page.getByTestId('brand-checklist');
    // A client needs at least one brand, said on the brands' field.
    await page.getByRole('button', { name: 'إرسال الدعوة' }).click();
    await checklist.getByText('اختر علامة تجارية واحدة على الأقل للعميل').waitFor();
    await checklist.getByRole('checkbox', { name: 'Cedar Bank' }).check();
    await page.getByRole('button', { name: 'إرسال الدعوة' }).click();
    await toast(page, 'أُرسلت الدعوة').waitFor();
    const pending = page
      .getByTestId('pending-invitations')
      .getByTestId('invitation-row')
      .filter({ hasText: address });
    await pending.getByText('عميل').waitFor();
    await pending.getByTestId('client-brands').getByText('Cedar Bank').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'team-ar-phone.png'), fullPage: true });

    const [invitation] = await stack.db
      .select()
      .from(workspaceInvitations)
      .where(eq(workspaceInvitations.email, address));
    expect(invitation.role).toBe('client');
    expect(invitation.brandIds).toEqual([brandId]);
  });

  it("a client seat sees only its brands' navigation; the workspace's own pages answer 403 (English)", async () => {
    const owner = await createPerson('Hala', { companyName: 'Dubai Voices' });
    const brandId = await insertBrand(owner.workspaceId, 'Oasis Hotels');
    await insertBrand(owner.workspaceId, 'Hidden Brand');
    const client = await createPerson('Omar', {
      memberOf: { workspaceId: owner.workspaceId, role: 'client', brandIds: [brandId] },
    });
    const page = await stack.signedInPage(client.id);

    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Brands' }).waitFor();
    const links = await nav.getByRole('link').allTextContents();
    expect(links).toEqual(['Dashboard', 'Press Releases', 'Analytics', 'Brands']);

    for (const hidden of ['/my-lists', '/contacts-new', '/subscription', '/settings/team']) {
      await page.goto(hidden);
      await page.getByRole('heading', { name: 'Access denied' }).waitFor();
      await page.getByText('Your role in this workspace does not include this page.').waitFor();
    }

    // Its brands, read only: no new brand, no editing; the report and the newsroom are there.
    await page.goto('/settings/brands');
    const card = page.getByTestId('brand-card').filter({ hasText: 'Oasis Hotels' });
    await card.waitFor();
    expect(await page.getByTestId('brand-card').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'New brand' }).count()).toBe(0);
    expect(await card.getByRole('button', { name: /^Edit / }).count()).toBe(0);
    expect(await card.getByRole('link', { name: /^Report / }).getAttribute('href')).toBe(
      `/brands/${brandId}/report`,
    );
    await card.getByRole('button', { name: /^Newsroom / }).click();
    await card.getByTestId('newsroom-settings').getByText('Your newsroom is online.').waitFor();
    expect(await card.getByRole('button', { name: 'Take offline' }).count()).toBe(0);

    // Settings offers the brands, not the team.
    await page.goto('/settings');
    await page
      .getByRole('main')
      .getByRole('link', { name: /Brands/ })
      .waitFor();
    expect(await page.getByRole('main').getByRole('link', { name: /^Team/ }).count()).toBe(0);
  });

  it("a brand's report leads back where it was opened from and downloads in the reader's zone and language, by the brand's name", async () => {
    const owner = await createPerson('Sara', { companyName: 'Najd Relations' });
    const brandId = await insertBrand(owner.workspaceId, 'Al Noor Capital', 'النور كابيتال');
    for (const { locale, width, reportName, back, csv, lang } of [
      { locale: 'en-US', width: 1366, reportName: /^Report of\W*Al Noor Capital/, back: 'Brands', csv: 'Download CSV', lang: 'en' },
      { locale: 'ar', width: 390, reportName: /^تقرير/, back: 'العلامات التجارية', csv: 'تنزيل CSV', lang: 'ar' },
    ]) {
      const page = await stack.signedInPage(owner.id, { locale, timezoneId: 'Asia/Riyadh', viewport: { width, height: 844 } });
      await page.goto('/settings/brands');
      await page.getByTestId('brand-card').filter({ hasText: 'Al Noor Capital' }).getByRole('link', { name: reportName }).click();
      await page.getByTestId('brand-report').waitFor();
      const href = await page.getByRole('link', { name: csv }).getAttribute('href');
      expect(href).toContain(`/api/brands/${brandId}/report.csv?`);
      expect(new URL(href!, stack.baseUrl).searchParams.get('tz')).toBe('Asia/Riyadh');
      expect(new URL(href!, stack.baseUrl).searchParams.get('lang')).toBe(lang);
      const answer = await page.request.get(href!);
      expect(answer.status()).toBe(200);
      const disposition = answer.headers()['content-disposition'];
      expect(disposition).not.toContain(brandId);
      expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)![1])).toMatch(
        lang === 'ar' ? /^nashr-brand-report-النور-كابيتال-\d{4}-/ : /^nashr-brand-report-Al-Noor-Capital-\d{4}-/,
      );
      expect((await answer.text()).split('\r\n')[0]).toContain('(Asia/Riyadh)');
      await page.screenshot({ path: `/tmp/brand-report-${lang}-${width}.png`, fullPage: true });
      await page.getByRole('link', { name: back, exact: true }).first().click();
      await page.waitForURL('**/settings/brands');
    }

    // Opened from the press releases' brand filter, it goes back there, and says so.
    const page = await stack.signedInPage(owner.id);
    await page.goto(`/press-releases?brand=${brandId}`);
    await page.getByRole('link', { name: 'Brand report' }).click();
    await page.getByTestId('brand-report').waitFor();
    await page.getByRole('link', { name: 'Press releases', exact: true }).click();
    await page.waitForURL(`**/press-releases?brand=${brandId}`);
  });
});
