import type { BrandId, UserId, WorkspaceId } from '../../shared/ids.js';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressObject } from 'mailparser';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { startSmtpSink, type ReceivedMail } from '../test/smtp-sink.js';
import { createDeliveryEngine } from '../delivery/delivery-engine.js';
import { smtpDeliveryTransport } from '../delivery/delivery-transport.js';
import { contactFields, insertContacts } from '../contacts/contacts-fixtures.js';
import { brands, deliveries, pressReleases } from '../db/schema.js';
import { PDF_BYTES, pdfAttachment, releasePayload } from './release-fixtures.js';
import { finishIfDone } from './lifecycle.js';

/**
 * One release in English and Arabic (issue 13): each journalist gets the version in their contact
 * language (the primary one when the release has none in it), or both in one email; the company speaks
 * through Nashr and replies reach its media contact. Sent through the real engine to a real SMTP peer.
 */

const ARABIC = {
  language: 'arabic',
  title: 'روبوتات الخليج تفتتح مصنعًا جديدًا',
  subtitle: 'خطوة مهمة للمنطقة',
  content:
    '<p>أعلنت روبوتات الخليج اليوم عن افتتاح مصنع جديد في دبي يوفر ثلاثمئة وظيفة. <a href="https://gulf-robotics.example.com/ar">اقرأ المزيد</a></p>',
  location: 'دبي، الإمارات',
  boilerplate: 'تصنع روبوتات الخليج الروبوتات الصناعية للشرق الأوسط منذ عام 2010.',
};

let t: TestApp;
let owner: { id: UserId; email: string; workspaceId: WorkspaceId; companyBrandId: BrandId };
let listId: string;

beforeAll(async () => {
  t = await createTestApp({ MAIL_FROM: 'Nashr <releases@nashr.test>' });
  await insertContacts(t.db, [
    contactFields({ email: 'reem@arabic-desk.test', firstName: 'Reem', lastName: 'Saleh', language: 'Arabic' }),
    contactFields({ email: 'john@english-desk.test', firstName: 'John', lastName: 'Smith', language: 'English' }),
    contactFields({ email: 'nolang@desk.test', firstName: 'Nadia', lastName: 'Haddad' }), // no language
  ]);
  owner = await t.signInAs('pr', { monthlyPressReleaseLimit: 20, trusted: true, userType: 'active', companyName: 'Gulf Robotics' });
  await t.signInAs('chief', { role: 'super_admin' });
  const ids = (await t.request({ method: 'GET', url: '/api/global-contacts?search=desk', as: 'chief' })).json().items.map((c: { id: number }) => c.id);
  expect(ids).toHaveLength(3);
  const list = await t.request({ method: 'POST', url: '/api/user-lists', as: 'pr', payload: { name: 'Both desks' } });
  listId = list.json().id;
  await t.request({ method: 'POST', url: `/api/user-lists/${listId}/contacts/bulk`, as: 'pr', payload: { globalContactIds: ids } });
});
afterAll(() => t.close());

/** Sends a release and runs the delivery engine against a fresh SMTP peer: the messages, by recipient. */
async function sendAndReceive(payload: Record<string, unknown>, as = 'pr') {
  const res = await t.request({ method: 'POST', url: '/api/send-press-release', as, payload: releasePayload({ recipientLists: [listId], ...payload }) });
  expect(res.statusCode).toBe(200);
  const sink = await startSmtpSink();
  const transport = smtpDeliveryTransport(sink.url, 2);
  await createDeliveryEngine({ onReleaseDrained: finishIfDone, db: t.db, transport, publicUrl: 'http://localhost:3000', mailFrom: t.deps.config.mailFrom }).drain();
  await transport.close();
  await sink.close();
  const byRecipient = new Map<string, ReceivedMail>(sink.messages.map((m) => [m.envelopeTo[0], m]));
  return { release: res.json().pressRelease, byRecipient };
}

const fromOf = (mail: ReceivedMail) => (mail.parsed.from as AddressObject).value;

describe('a release in two languages', () => {
  it('sends each journalist the version in their language, and the primary one to a contact without one', async () => {
    const { release, byRecipient } = await sendAndReceive({ translation: ARABIC });
    expect(release.translation).toMatchObject({ language: 'arabic', title: ARABIC.title });
    expect(byRecipient.size).toBe(3);
    const arabic = byRecipient.get('reem@arabic-desk.test')!.parsed;
    expect(arabic.subject).toBe(ARABIC.title);
    expect(arabic.html).toContain('dir="rtl"');
    expect(arabic.html).toContain('للنشر الفوري');
    expect(arabic.html).not.toContain('Gulf Robotics today announced');
    const english = byRecipient.get('john@english-desk.test')!.parsed;
    expect(english.subject).toBe('Gulf Robotics opens a new plant');
    expect(english.html).toContain('dir="ltr"');
    expect(english.html).not.toContain('روبوتات الخليج');
    expect(byRecipient.get('nolang@desk.test')!.parsed.subject).toBe('Gulf Robotics opens a new plant');
    // The tracked link of each version leads to that version's URL.
    const linkOf = (html: string) => /href="http:\/\/localhost:3000(\/t\/c\/[^"]+)"/.exec(html)![1];
    const arabicClick = await t.request({ method: 'GET', url: linkOf(arabic.html as string) });
    expect(arabicClick.headers.location).toBe('https://gulf-robotics.example.com/ar');
    const englishClick = await t.request({ method: 'GET', url: linkOf(english.html as string) });
    expect(englishClick.headers.location).toBe('https://gulf-robotics.example.com/news?id=1&ref=pr');
    const versions = await t.db.select({ email: deliveries.email, language: deliveries.language }).from(deliveries).where(eq(deliveries.releaseId, release.id));
    expect(Object.fromEntries(versions.map((v) => [v.email, v.language]))).toEqual({
      'reem@arabic-desk.test': 'arabic',
      'john@english-desk.test': 'english',
      'nolang@desk.test': 'english',
    });
  });

  it('sends both versions in one email, the reader’s language first, when asked', async () => {
    const { byRecipient } = await sendAndReceive({ translation: ARABIC, bilingualEmail: true });
    const arabic = byRecipient.get('reem@arabic-desk.test')!.parsed;
    expect(arabic.subject).toBe(ARABIC.title);
    const html = arabic.html as string;
    expect(html.indexOf('روبوتات الخليج تفتتح')).toBeLessThan(html.indexOf('Gulf Robotics opens a new plant'));
    // One footer and one open pixel end the email.
    expect(html.match(/\/t\/o\//g)).toHaveLength(1);
    const english = byRecipient.get('john@english-desk.test')!.parsed.html as string;
    expect(english.indexOf('Gulf Robotics opens a new plant')).toBeLessThan(english.indexOf('روبوتات الخليج تفتتح'));
  });

  it('attaches a file marked for one language only to that version', async () => {
    const { byRecipient } = await sendAndReceive({
      translation: ARABIC,
      attachments: [pdfAttachment('shared.pdf'), { ...pdfAttachment('arabic-only.pdf', Buffer.concat([PDF_BYTES, Buffer.from('ar')])), language: 'arabic' }],
    });
    const names = (email: string) => byRecipient.get(email)!.parsed.attachments.map((a) => a.filename).sort();
    expect(names('reem@arabic-desk.test')).toEqual(['arabic-only.pdf', 'shared.pdf']);
    expect(names('john@english-desk.test')).toEqual(['shared.pdf']);
  });

  it('sends a file marked for a language the release is not written in with its one version', async () => {
    const { release, byRecipient } = await sendAndReceive({ attachments: [{ ...pdfAttachment('only-arabic.pdf'), language: 'arabic' }] });
    expect(release.attachments.map((a: { language: string | null }) => a.language)).toEqual([null]);
    expect(byRecipient.get('reem@arabic-desk.test')!.parsed.attachments.map((a) => a.filename)).toEqual(['only-arabic.pdf']);
    expect(byRecipient.get('john@english-desk.test')!.parsed.attachments.map((a) => a.filename)).toEqual(['only-arabic.pdf']);
  });

  it('counts recipients per version before sending and splits every figure by version after', async () => {
    const preflight = await t.request({
      method: 'POST',
      url: '/api/press-releases/preflight',
      as: 'pr',
      payload: { recipientLists: [listId], language: 'english', content: '<p>x</p>', translation: { language: 'arabic', content: '<p>ع</p>' } },
    });
    expect(preflight.statusCode).toBe(200);
    expect(preflight.json().byVersion).toEqual([
      { language: 'english', count: 2 },
      { language: 'arabic', count: 1 },
    ]);
    const { release } = await sendAndReceive({ translation: ARABIC });
    const analytics = (await t.request({ method: 'GET', url: `/api/press-releases/${release.id}/analytics`, as: 'pr' })).json();
    expect(analytics.byVersion.map((v: { language: string; recipients: number; delivered: number }) => [v.language, v.recipients, v.delivered])).toEqual([
      ['english', 2, 2],
      ['arabic', 1, 1],
    ]);
    const recipients = (await t.request({ method: 'GET', url: `/api/press-releases/${release.id}/recipients`, as: 'pr' })).json().items;
    expect(recipients.map((r: { name: string; version: string }) => [r.name, r.version])).toEqual([
      ['John Smith', 'english'],
      ['Nadia Haddad', 'english'],
      ['Reem Saleh', 'arabic'],
    ]);
    const csv = (await t.request({ method: 'GET', url: `/api/press-releases/${release.id}/report.csv`, as: 'pr' })).body;
    expect(csv.split('\r\n')[0]).toContain('Version sent');
    expect(csv).toMatch(/"Reem Saleh".*,"Arabic","Delivered"/);
  });
});

describe('editorial review of a two-language release', () => {
  it('shows the editor every version as its readers get it and the recipients per version', async () => {
    await t.signInAs('untrusted', { monthlyPressReleaseLimit: 1, userType: 'active' });
    const list = (await t.request({ method: 'POST', url: '/api/user-lists', as: 'untrusted', payload: { name: 'Desks' } })).json().id;
    const ids = (await t.request({ method: 'GET', url: '/api/global-contacts?search=desk', as: 'chief' })).json().items.map((c: { id: number }) => c.id);
    await t.request({ method: 'POST', url: `/api/user-lists/${list}/contacts/bulk`, as: 'untrusted', payload: { globalContactIds: ids } });
    const res = await t.request({ method: 'POST', url: '/api/send-press-release', as: 'untrusted', payload: releasePayload({ recipientLists: [list], translation: ARABIC }) });
    expect(res.json().pressRelease.status).toBe('in_review');
    const queue = (await t.request({ method: 'GET', url: '/api/review/queue', as: 'chief' })).json();
    const item = queue.items.find((i: { id: string }) => i.id === res.json().pressRelease.id);
    expect(item.byVersion).toEqual([
      { language: 'english', count: 2 },
      { language: 'arabic', count: 1 },
    ]);
    const detail = (await t.request({ method: 'GET', url: `/api/review/${item.id}`, as: 'chief' })).json();
    expect(detail.versions.map((v: { language: string; subject: string }) => [v.language, v.subject])).toEqual([
      ['english', 'Gulf Robotics opens a new plant'],
      ['arabic', ARABIC.title],
    ]);
    expect(detail.versions[1].html).toContain('dir="rtl"');
    expect(detail.links.map((l: { href: string }) => l.href)).toContain('https://gulf-robotics.example.com/ar');
  });
});

describe('the web version', () => {
  it('shows the version asked for, the reader’s language, or the primary one, with hreflang alternates', async () => {
    const { release } = await sendAndReceive({ translation: ARABIC });
    const path = new URL(release.webUrl).pathname;
    const get = (url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers });
    const arabic = await get(`${path}?lang=ar`);
    expect(arabic.statusCode).toBe(200);
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.body).toContain(`<title>${ARABIC.title}</title>`);
    expect(arabic.body).toContain(`<link rel="alternate" hreflang="en" href="http://localhost:3000${path}?lang=en">`);
    expect(arabic.body).toContain(`<link rel="alternate" hreflang="ar" href="http://localhost:3000${path}?lang=ar">`);
    expect(arabic.body).toContain(`<link rel="canonical" href="http://localhost:3000${path}?lang=ar">`);
    const data = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(arabic.body)![1]);
    expect(data).toMatchObject({ '@type': 'NewsArticle', inLanguage: 'ar', headline: ARABIC.title });
    expect(arabic.headers.vary).toContain('Accept-Language');

    expect((await get(`${path}?lang=en`)).body).toContain('<html lang="en" dir="ltr">');
    expect((await get(path, { 'accept-language': 'ar-AE,ar;q=0.9,en;q=0.5' })).body).toContain('<html lang="ar" dir="rtl">');
    expect((await get(path, { 'accept-language': 'fr-FR,en-GB;q=0.8' })).body).toContain('<html lang="en" dir="ltr">');
    expect((await get(path)).body).toContain('<html lang="en" dir="ltr">');
    // A recipient's own link opens the version they were sent.
    const [reem] = await t.db.select().from(deliveries).where(sql`${deliveries.releaseId} = ${release.id} AND ${deliveries.email} = 'reem@arabic-desk.test'`);
    expect((await get(`${path}?t=${reem.token}`)).body).toContain('<html lang="ar" dir="rtl">');
  });
});

describe('validation of the two versions', () => {
  it('holds the second version to the same rules on Send, naming its fields', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/send-press-release',
      as: 'pr',
      payload: releasePayload({ recipientLists: [listId], translation: { language: 'arabic', title: 'قص', content: '<p>قصير</p>' } }),
    });
    expect(res.statusCode).toBe(422);
    const paths = res.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['translation.title', 'translation.content', 'translation.location', 'translation.boilerplate']));
  });

  it('refuses a second version in the primary language', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/send-press-release',
      as: 'pr',
      payload: releasePayload({ recipientLists: [listId], translation: { ...ARABIC, language: 'english' } }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([{ path: 'translation.language', message: 'The second version must be in the other language' }]);
  });

  it('lets a draft hold an unfinished translation, and sends nothing', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/send-press-release',
      as: 'pr',
      payload: releasePayload({ action: 'save_draft', translation: { language: 'arabic', title: 'مسودة' } }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().pressRelease).toMatchObject({ status: 'draft', translation: { language: 'arabic', title: 'مسودة', content: '' } });
  });
});

describe('the sender', () => {
  // The release speaks as its brand (decision 022): its sender name, else its name. A name stored before
  // names were checked (issue 35) shows nothing that passes for an address: no @, <>, quotes or line breaks.
  it.each([
    ['Gulf Robotics', '', 'Gulf Robotics via Nashr'],
    ['Evil "Co" <x@evil.test>, other@evil.test', '', 'Evil Co x evil.test, other evil.test via Nashr'],
    ['Line\r\nBcc: victim@evil.test', '', 'Line Bcc: victim evil.test via Nashr'],
    ['شركة الخليج', '', 'شركة الخليج via Nashr'],
    ['Gulf Robotics LLC', 'Gulf Robotics Press', 'Gulf Robotics Press via Nashr'],
    ['Gulf Robotics', 'Press\r\nBcc: victim@evil.test', 'Press Bcc: victim evil.test via Nashr'],
  ])('is the brand %j (sender name %j) through Nashr, at our address, with replies to the media contact', async (name, senderName, shown) => {
    await t.db.update(brands).set({ name, senderName }).where(eq(brands.id, owner.companyBrandId));
    const { byRecipient } = await sendAndReceive({});
    const mail = byRecipient.get('john@english-desk.test')!;
    expect(fromOf(mail)).toEqual([{ name: shown, address: 'releases@nashr.test' }]);
    expect((mail.parsed.replyTo as AddressObject).value).toEqual([{ name: 'Layla Haddad', address: 'press@gulf-robotics.example.com' }]);
    expect(mail.parsed.headers.has('bcc')).toBe(false);
    expect(mail.envelopeTo).toEqual(['john@english-desk.test']);
    await t.db.update(brands).set({ name: 'Gulf Robotics', senderName: '' }).where(eq(brands.id, owner.companyBrandId));
  });
});

describe('migration 0011', () => {
  it('marks the deliveries of an Arabic release sent before versions as Arabic', async () => {
    const [release] = await t.db
      .insert(pressReleases)
      .values({ workspaceId: owner.workspaceId, brandId: owner.companyBrandId, authorId: owner.id, title: 'إصدار قديم', language: 'arabic', status: 'sent' })
      .returning();
    await t.db.insert(deliveries).values({ releaseId: release.id, email: 'old@desk.test', token: `old-${release.id}`, status: 'sent' });
    const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations/0011_bilingual_releases.sql');
    const updates = fs
      .readFileSync(file, 'utf8')
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^--.*$/gm, '').trim())
      .filter((statement) => statement.startsWith('UPDATE'));
    expect(updates).toHaveLength(1);
    await t.db.execute(sql.raw(updates[0]));
    const [delivery] = await t.db.select().from(deliveries).where(eq(deliveries.releaseId, release.id));
    expect(delivery.language).toBe('arabic');
    const read = await t.request({ method: 'GET', url: `/api/press-releases/${release.id}`, as: 'pr' });
    expect(read.json()).toMatchObject({ translation: null, bilingualEmail: false, language: 'arabic' });
  });
});
