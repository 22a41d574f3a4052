import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { brandLogoPath } from '../../shared/brands.js';
import type { PressRelease, ReleaseSender } from '../../shared/releases.js';
import type { BrandId } from '../../shared/ids.js';
import { valuesFromRelease } from '../../client/features/releases/editor-form.js';
import { previewEdition, type PreviewEdition } from '../../client/features/releases/preview-edition.js';
import { brandLogos, brands, globalContacts } from '../db/schema.js';
import { deliverAll } from '../test/deliver-all.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createListWithContacts, PNG_BYTES, releasePayload } from './release-fixtures.js';

/**
 * Issue 37: the previews (the editor's, the Preview Email dialog, the approval panels) are the e-mail that
 * is sent. Each release is previewed as the browser does it (the stored release read back, the editor's
 * values, GET /api/press-releases/sender, the client's previewEdition), then sent as a test to the writer
 * and to journalists through the real engine and SMTP peers: subject, first line, From and logo agree,
 * embargoed or not, in English, in Arabic and with both versions in one e-mail.
 */

const PUBLIC = 'http://localhost:3000';
const LIFT = '2031-03-01T06:00:00.000Z';
const EMBARGO = { until: LIFT, timeZone: 'Asia/Riyadh' };
const EN_DESK = 'desk@gulf-business.test';
const AR_DESK = 'maktab@al-iqtisadiya.test';
const ARABIC = {
  language: 'arabic',
  title: 'النور كابيتال تعلن أرباحًا قياسية',
  subtitle: 'نمو في كل القطاعات',
  content: '<p>أعلنت النور كابيتال اليوم عن أرباح قياسية في الربع الثالث بلغت خمسمئة مليون درهم.</p>',
  location: 'دبي',
  boilerplate: 'النور كابيتال شركة استثمار مقرها دبي.',
};
const ENGLISH = {
  title: 'Al Noor Capital posts record third-quarter profit',
  content: '<p>Al Noor Capital today reported a record profit of AED 500 million for the third quarter.</p>',
  location: 'Dubai',
  boilerplate: 'Al Noor Capital is an investment company based in Dubai.',
};

let t: TestApp;
let brandId: BrandId;
let listId: string;
let logoUrl: string;

const fromOf = (mail: ParsedMail) => {
  const [from] = mail.from!.value;
  return from.name ? `${from.name} <${from.address}>` : from.address!;
};
const firstLine = (text: string | undefined) => (text ?? '').split('\n')[0];

type Case = { release: PressRelease; payload: Record<string, unknown>; previews: Record<'primary' | 'translation', PreviewEdition> };

/** A draft previewed as the browser previews it: the stored release as the editor reads it back, and its brand's From. */
async function draftAndPreview(payload: Record<string, unknown>): Promise<Case> {
  const full = releasePayload({ recipientLists: [listId], brandId, ...payload });
  const saved = await t.request({ method: 'POST', url: '/api/send-press-release', as: 'noor', payload: { ...full, action: 'save_draft' } });
  expect(saved.statusCode, saved.body).toBe(200);
  const release = (await t.request({ method: 'GET', url: `/api/press-releases/${saved.json().pressRelease.id}`, as: 'noor' })).json() as PressRelease;
  const sender = (await t.request({ method: 'GET', url: `/api/press-releases/sender?brandId=${brandId}`, as: 'noor' })).json() as ReleaseSender;
  const values = valuesFromRelease(release);
  const previewOf = (version: 'primary' | 'translation') => previewEdition(values, version, sender, { releaseId: release.id, origin: PUBLIC });
  return { release, payload: full, previews: { primary: previewOf('primary'), translation: previewOf('translation') } };
}

/** The test sends of a draft, one per version, as the writer's inbox receives them. */
async function testSends(release: PressRelease): Promise<ParsedMail[]> {
  const before = t.smtp.messages.length;
  const res = await t.request({ method: 'POST', url: `/api/press-releases/${release.id}/test-send`, as: 'noor' });
  expect(res.statusCode, res.body).toBe(200);
  const versions = release.translation ? 2 : 1;
  return (await t.smtp.waitFor(before + versions)).slice(before).map((m) => m.parsed);
}

/** The draft sent to the two desks, as each one's inbox receives it. */
async function sendToDesks({ release, payload }: Case): Promise<Record<string, { parsed: ParsedMail; raw: string }>> {
  const res = await t.request({
    method: 'POST',
    url: '/api/send-press-release',
    as: 'noor',
    payload: { ...payload, action: 'send_now', existingPressReleaseId: release.id, attachments: release.attachments.map((a) => ({ id: a.id })) },
  });
  expect(res.statusCode, res.body).toBe(200);
  const messages = await deliverAll(t.db, { publicUrl: PUBLIC, mailFrom: t.deps.config.mailFrom, now: () => new Date() });
  return Object.fromEntries(messages.map((m) => [m.envelopeTo[0], { parsed: m.parsed, raw: m.raw.toString('latin1') }]));
}

function expectSame(preview: PreviewEdition, mail: ParsedMail, subjectPrefix = '') {
  expect(mail.subject).toBe(`${subjectPrefix}${preview.email.subject}`);
  expect(firstLine(mail.text)).toBe(firstLine(preview.email.text));
  expect(fromOf(mail)).toBe(preview.from);
  expect(String(mail.html)).toContain(`src="${logoUrl}"`);
  expect(preview.email.html).toContain(`src="${logoUrl}"`);
}

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.signInAs('noor', { userType: 'active', trusted: true, monthlyPressReleaseLimit: 20, companyName: 'Al Noor Capital' });
  brandId = owner.companyBrandId;
  await t.db.update(brands).set({ nameAr: 'النور كابيتال' }).where(eq(brands.id, brandId));
  const sha256 = createHash('sha256').update(PNG_BYTES).digest('hex');
  await t.db.insert(brandLogos).values({ brandId, contentType: 'image/png', sha256, content: PNG_BYTES });
  logoUrl = `${PUBLIC}${brandLogoPath(brandId, sha256)}`;
  ({ listId } = await createListWithContacts(t.db, owner.workspaceId, 0, [EN_DESK, AR_DESK]));
  await t.db.update(globalContacts).set({ language: 'Arabic' }).where(eq(globalContacts.email, AR_DESK));
  // Both desks take embargoed releases, so an embargoed one reaches them before the lift.
  await t.db.update(globalContacts).set({ embargoAccredited: true }).where(inArray(globalContacts.email, [EN_DESK, AR_DESK]));
}, 60_000);
afterAll(() => t?.close());

describe('the exact preview of a release', () => {
  it.each([
    ['embargoed', EMBARGO, 'EMBARGOED UNTIL 09:00, 1 March 2031 (Riyadh)'],
    ['not embargoed', null, 'FOR IMMEDIATE RELEASE'],
  ])('in English, %s, is the e-mail the test send and the journalists get', async (_case, embargo, top) => {
    const drafted = await draftAndPreview({ ...ENGLISH, embargo });
    const { release, previews } = drafted;
    const preview = previews.primary;
    expect(firstLine(preview.email.text)).toBe(top);
    expect(preview.email.subject).toBe(embargo ? `${top}: ${ENGLISH.title}` : ENGLISH.title);
    expect(preview.from).toBe('Al Noor Capital via Nashr <releases@localhost>');

    const [test] = await testSends(release);
    expectSame(preview, test, '[TEST] ');
    // The test send is the preview itself, every line of it.
    expect(test.html).toBe(preview.email.html);

    const received = await sendToDesks(drafted);
    // Both desks read the one English version.
    expectSame(preview, received[EN_DESK].parsed);
    expectSame(preview, received[AR_DESK].parsed);
  }, 60_000);

  it.each([
    ['embargoed', EMBARGO, 'محظور النشر حتى 09:00، 1 مارس 2031 (الرياض)'],
    ['not embargoed', null, 'للنشر الفوري'],
  ])('in Arabic, %s, is the e-mail sent, from "{the brand’s Arabic name} عبر نشر"', async (_case, embargo, top) => {
    const drafted = await draftAndPreview({ ...ARABIC, translation: null, embargo });
    const { release, previews } = drafted;
    const preview = previews.primary;
    expect(firstLine(preview.email.text)).toBe(top);
    expect(preview.email.subject).toBe(embargo ? `${top}: ${ARABIC.title}` : ARABIC.title);
    expect(preview.from).toBe('النور كابيتال عبر نشر <releases@localhost>');
    expect(preview.email.html).toContain('alt="النور كابيتال"');

    const [test] = await testSends(release);
    expectSame(preview, test, '[TEST] ');
    expect(test.html).toBe(preview.email.html);

    const received = await sendToDesks(drafted);
    expectSame(preview, received[AR_DESK].parsed);
    // The header carries the Arabic as encoded words: nothing but ASCII in a header line.
    const fromHeader = /^From: (.*)$/m.exec(received[AR_DESK].raw)![1];
    expect(fromHeader).toMatch(/^=\?UTF-8\?[BQ]\?/i);
    expect(fromHeader).toMatch(/^[\x20-\x7e]+$/);
  }, 60_000);

  it('with both versions in one e-mail and an embargo, previews each reader’s e-mail in their language, From included', async () => {
    const drafted = await draftAndPreview({ ...ENGLISH, translation: ARABIC, bilingualEmail: true, embargo: EMBARGO });
    const { release, previews } = drafted;
    expect(previews.primary.from).toBe('Al Noor Capital via Nashr <releases@localhost>');
    expect(previews.translation.from).toBe('النور كابيتال عبر نشر <releases@localhost>');
    // One e-mail with both versions: each carries the embargo at the top of its own version.
    expect(previews.primary.email.text).toContain('محظور النشر حتى 09:00، 1 مارس 2031 (الرياض)');
    expect(previews.translation.email.text).toContain('EMBARGOED UNTIL 09:00, 1 March 2031 (Riyadh)');

    const tests = await testSends(release);
    expect(tests.map((m) => m.subject)).toEqual([`[TEST] ${previews.primary.email.subject}`, `[TEST] ${previews.translation.email.subject}`]);
    expectSame(previews.primary, tests[0], '[TEST] ');
    expectSame(previews.translation, tests[1], '[TEST] ');

    const received = await sendToDesks(drafted);
    expectSame(previews.primary, received[EN_DESK].parsed);
    expectSame(previews.translation, received[AR_DESK].parsed);
  }, 60_000);

  it('signs an Arabic e-mail with the brand’s Arabic sender name once it has one, and the English one as before', async () => {
    const patched = await t.request({ method: 'PATCH', url: `/api/brands/${brandId}`, as: 'noor', payload: { senderNameAr: 'النور للاستثمار' } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().brand.senderNameAr).toBe('النور للاستثمار');
    const sender = (await t.request({ method: 'GET', url: `/api/press-releases/sender?brandId=${brandId}`, as: 'noor' })).json() as ReleaseSender;
    expect(sender.fromByLanguage).toEqual({
      english: 'Al Noor Capital via Nashr <releases@localhost>',
      arabic: 'النور للاستثمار عبر نشر <releases@localhost>',
    });
    expect(sender.brand).toEqual({ name: 'Al Noor Capital', nameAr: 'النور كابيتال', logoUrl });

    const { release, previews } = await draftAndPreview({ ...ARABIC, translation: null, embargo: null });
    const [test] = await testSends(release);
    expect(fromOf(test)).toBe('النور للاستثمار عبر نشر <releases@localhost>');
    expectSame(previews.primary, test, '[TEST] ');
    await t.request({ method: 'PATCH', url: `/api/brands/${brandId}`, as: 'noor', payload: { senderNameAr: '' } });
  }, 60_000);

  it('refuses an Arabic sender name that could pass for an address or reorder the inbox line, on its field', async () => {
    for (const value of ['النور <support@bank.example>', 'النور\u202Eكابيتال', 'النور\r\nBcc: victim@example.test']) {
      const res = await t.request({ method: 'PATCH', url: `/api/brands/${brandId}`, as: 'noor', payload: { senderNameAr: value } });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toContainEqual(
        expect.objectContaining({ path: 'senderNameAr', message: 'A sender name cannot contain @, angle brackets, quotes, line breaks or direction marks' }),
      );
    }
    const [row] = await t.db.select({ senderNameAr: brands.senderNameAr }).from(brands).where(eq(brands.id, brandId));
    expect(row.senderNameAr).toBe('');
  });

  it('answers a sender asked for a brand id that is not one with a field error, not a failure', async () => {
    for (const bad of ['not-a-brand', '1 OR 1=1', 'ffffffff-ffff-ffff-ffff']) {
      const res = await t.request({ method: 'GET', url: `/api/press-releases/sender?brandId=${encodeURIComponent(bad)}`, as: 'noor' });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toContainEqual(expect.objectContaining({ path: 'brandId', message: 'Unknown brand' }));
    }
  });
});
