import type { UserId } from '../src/shared/ids';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { Jimp } from 'jimp';
import { brandLogos, brands } from '../src/server/db/schema';
import { brandLogoPath } from '../src/shared/brands';
import enReleases from '../src/client/i18n/en/releases.json';
import arReleases from '../src/client/i18n/ar/releases.json';
import enBrands from '../src/client/i18n/en/brands.json';
import arBrands from '../src/client/i18n/ar/brands.json';
import { startStack, type Stack } from './harness';
import { createPerson } from './people';
import { fillRelease } from './release-form';

/**
 * Issue 37: with an embargo set, the editor's live preview and the Preview Email dialog show what journalists
 * get — the embargo line in the subject and at the top, the From as sent ("… via Nashr", or "… عبر نشر" for an
 * Arabic release) and the brand's logo; and the brand form takes the brand's Arabic sender name. English
 * and Arabic, on a 1366 px screen and a 390 px phone, with screenshots.
 */

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const SHOTS = process.env.SCREENSHOTS_DIR ?? '/tmp/exact-preview';
mkdirSync(SHOTS, { recursive: true });
const PDF = { name: 'results.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') };
const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];
const LANGUAGES = [
  {
    code: 'en' as const,
    t: enReleases,
    b: enBrands,
    release: 'english',
    title: 'Al Noor Capital posts record profit',
    content: 'Al Noor Capital today reported a record third-quarter profit of AED 500 million, up 40 percent on last year.',
    location: 'Dubai',
    boilerplate: 'Al Noor Capital is an investment company based in Dubai.',
    notice: 'EMBARGOED UNTIL 09:00, 2 March 2032 (Riyadh)',
    from: (address: string) => `Al Noor Capital via Nashr <${address}>`,
  },
  {
    code: 'ar' as const,
    t: arReleases,
    b: arBrands,
    release: 'arabic',
    title: 'النور كابيتال تعلن أرباحًا قياسية',
    content: 'أعلنت النور كابيتال اليوم عن أرباح قياسية في الربع الثالث بلغت خمسمئة مليون درهم بزيادة أربعين في المئة.',
    location: 'دبي',
    boilerplate: 'النور كابيتال شركة استثمار مقرها دبي.',
    notice: 'محظور النشر حتى 09:00، 2 مارس 2032 (الرياض)',
    from: (address: string) => `النور كابيتال عبر نشر <${address}>`,
  },
];

async function logoPng(): Promise<Buffer> {
  const image = new Jimp({ width: 240, height: 80, color: 0x0f4c81ff });
  return image.getBuffer('image/png');
}

/** A Dubai investment house with its Arabic name and logo. */
async function investmentHouse(language: 'en' | 'ar') {
  const owner = await createPerson(stack.db, 'alnoor.test', 'Huda', 'Karim', { language, companyName: 'Al Noor Capital' });
  await stack.db.update(brands).set({ nameAr: 'النور كابيتال' }).where(eq(brands.id, owner.companyBrandId));
  const png = await logoPng();
  const sha256 = createHash('sha256').update(png).digest('hex');
  await stack.db.insert(brandLogos).values({ brandId: owner.companyBrandId, contentType: 'image/png', sha256, content: png });
  return { owner, logoPath: brandLogoPath(owner.companyBrandId, sha256) };
}

async function pageFor(userId: UserId, language: 'en' | 'ar', viewport: { width: number; height: number }) {
  const page = await stack.signedInPage(userId, { viewport, ...(language === 'ar' ? { locale: 'ar-AE' } : {}) });
  if (language === 'ar') await page.context().addInitScript(() => localStorage.setItem('nashr-language', 'ar'));
  return page;
}

/** The envelope row's value (From, Subject…) by its label. */
const envelopeValue = (envelope: Locator, label: string) => envelope.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

const mailFromAddress = () => /<([^>]+)>/.exec(stack.deps.config.mailFrom)?.[1] ?? stack.deps.config.mailFrom;

async function frameHtml(frame: Locator): Promise<string> {
  await expect.poll(async () => (await frame.getAttribute('srcdoc')) ?? '').toContain('</html>');
  return (await frame.getAttribute('srcdoc')) ?? '';
}

describe('the previews of an embargoed release', () => {
  for (const l of LANGUAGES) {
    for (const v of VIEWPORTS) {
      it(`show the embargo, the From as sent and the logo (${l.code}, ${v.width} px)`, async () => {
        const { owner, logoPath } = await investmentHouse(l.code);
        const page: Page = await pageFor(owner.id, l.code, v);
        await page.goto('/editor');
        if (l.code === 'ar') expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
        await page.locator('#language').selectOption(l.release);
        await fillRelease(page, l.t, {
          title: l.title,
          location: l.location,
          content: l.content,
          boilerplate: l.boilerplate,
          contactName: 'Layla Haddad',
          contactEmail: 'press@alnoor.example',
          contactPhone: '+971 4 555 0100',
        });
        await page.getByLabel(l.t.attachments.choose).setInputFiles(PDF);
        await page.getByText('results.pdf').first().waitFor();
        await page.getByRole('checkbox', { name: l.t.embargo.toggle, exact: true }).check();
        await page.locator('#embargoAt').fill('2032-03-02T09:00');
        await page.locator('#embargoZone').selectOption('Asia/Riyadh');

        // The live preview: From and subject above the e-mail, the embargo at its top, the brand's logo.
        const live = page.locator('section[aria-labelledby="live-preview-title"]');
        const liveEnvelope = live.getByTestId('email-envelope');
        await expect.poll(() => envelopeValue(liveEnvelope, l.t.preview.subject).textContent()).toBe(`${l.notice}: ${l.title}`);
        await expect.poll(() => envelopeValue(liveEnvelope, l.t.preview.from).textContent()).toBe(l.from(mailFromAddress()));
        const liveHtml = await frameHtml(live.getByTestId('email-preview-frame'));
        expect(liveHtml).toContain(`${l.notice}</p>`);
        expect(liveHtml).not.toContain(l.code === 'en' ? 'FOR IMMEDIATE RELEASE' : 'للنشر الفوري');
        expect(liveHtml).toContain(`src="${stack.baseUrl}${logoPath}"`);
        await live.getByTestId('email-preview-frame').scrollIntoViewIfNeeded();
        await live.frameLocator('[data-testid="email-preview-frame"]').getByText(l.notice).waitFor();
        await page.screenshot({ path: path.join(SHOTS, `live-preview-${l.code}-${v.name}.png`), fullPage: false });

        // The Preview Email dialog: the same subject and From, and the files this e-mail carries.
        await page.getByRole('button', { name: l.t.actions.preview }).click();
        const dialog = page.getByRole('dialog', { name: l.t.preview.dialogTitle });
        const envelope = dialog.getByTestId('email-envelope');
        await expect.poll(() => envelopeValue(envelope, l.t.preview.subject).textContent()).toBe(`${l.notice}: ${l.title}`);
        expect(await envelopeValue(envelope, l.t.preview.from).textContent()).toBe(l.from(mailFromAddress()));
        const dialogHtml = await frameHtml(dialog.getByTestId('email-preview-frame'));
        expect(dialogHtml).toContain(`${l.notice}</p>`);
        expect(dialogHtml).toContain('results.pdf');
        await dialog.getByText('results.pdf').waitFor();
        await dialog.frameLocator('[data-testid="email-preview-frame"]').getByText(l.notice).waitFor();
        // Nothing on a phone scrolls sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
        await page.screenshot({ path: path.join(SHOTS, `preview-dialog-${l.code}-${v.name}.png`), fullPage: false });
        await page.context().close();
      }, 120_000);
    }
  }
});

describe('the brand form', () => {
  for (const l of LANGUAGES) {
    for (const v of VIEWPORTS) {
      it(`takes the Arabic sender name, previews both Froms and refuses one that passes for an address (${l.code}, ${v.width} px)`, async () => {
        const { owner } = await investmentHouse(l.code);
        const page = await pageFor(owner.id, l.code, v);
        await page.goto('/settings/brands');
        await page.getByRole('button', { name: new RegExp(`^${l.b.actions.edit} `) }).click();
        const dialog = page.getByRole('dialog', { name: l.b.form.editTitle });
        const arabicSender = dialog.getByLabel(l.b.form.senderNameAr);
        expect(await arabicSender.getAttribute('dir')).toBe('rtl');
        // Empty, Arabic e-mails are signed with the Arabic name.
        await dialog.getByTestId('sender-preview-ar').getByText('النور كابيتال عبر نشر').waitFor();
        await dialog.getByTestId('sender-preview').getByText('Al Noor Capital via Nashr').waitFor();

        await arabicSender.fill('النور <support@bank.example>');
        await dialog.getByRole('button', { name: l.b.form.save }).click();
        const error = page.locator('#brand-senderNameAr-error');
        await error.waitFor();
        expect(await arabicSender.getAttribute('aria-invalid')).toBe('true');
        await page.screenshot({ path: path.join(SHOTS, `brand-form-error-${l.code}-${v.name}.png`), fullPage: false });

        await arabicSender.fill('النور للاستثمار');
        await dialog.getByTestId('sender-preview-ar').getByText('النور للاستثمار عبر نشر').waitFor();
        await arabicSender.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(SHOTS, `brand-form-${l.code}-${v.name}.png`), fullPage: false });
        await dialog.getByRole('button', { name: l.b.form.save }).click();
        await dialog.waitFor({ state: 'hidden' });
        await expect
          .poll(async () => (await stack.db.select({ s: brands.senderNameAr }).from(brands).where(eq(brands.id, owner.companyBrandId)))[0].s)
          .toBe('النور للاستثمار');
        await page.context().close();
      }, 120_000);
    }
  }
});
