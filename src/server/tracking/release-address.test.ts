import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseSlugWords, releaseWebPath } from '../../shared/release-address.js';
import type { ReleaseId } from '../../shared/ids.js';
import { pressReleases } from '../db/schema.js';
import { deliverAll } from '../test/deliver-all.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createListWithContacts, releasePayload } from '../releases/release-fixtures.js';

/**
 * Issue 37: an Arabic-first release's web address keeps its title's words (it read "/r/500-c25fbdfa1a2a"),
 * percent-encoded in the address and readable in the browser, and addresses given before still open.
 */

const PUBLIC = 'http://localhost:3000';
let t: TestApp;
let listId: string;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.signInAs('noor', { userType: 'active', trusted: true, monthlyPressReleaseLimit: 5 });
  ({ listId } = await createListWithContacts(t.db, owner.workspaceId, 0, ['desk@al-iqtisadiya.test']));
}, 60_000);
afterAll(() => t?.close());

describe('the words of a release address', () => {
  it.each([
    ['النور كابيتال تعلن أرباح ٥٠٠ مليون درهم', 'النور-كابيتال-تعلن-أرباح-500-مليون-درهم'],
    ['مُحمّد ـــ للتمور', 'محمد-للتمور'],
    ['Al Noor’s record Q3: 500m profit', 'al-noors-record-q3-500m-profit'],
    ['Café déjà vu', 'cafe-deja-vu'],
    ['«»  —', ''],
  ])('of %j are %j', (title, words) => {
    expect(releaseSlugWords(title)).toBe(words);
  });

  it('stop at a whole word within 60 characters', () => {
    const words = releaseSlugWords('كلمة '.repeat(30));
    expect([...words].length).toBeLessThanOrEqual(60);
    expect(words.split('-').every((w) => w === 'كلمة')).toBe(true);
  });
});

describe('an Arabic-first release’s web version', () => {
  it('keeps the Arabic title in its address, percent-encoded, and opens there', async () => {
    const title = 'النور كابيتال تعلن أرباحًا قياسية';
    const res = await t.request({
      method: 'POST',
      url: '/api/send-press-release',
      as: 'noor',
      payload: releasePayload({ recipientLists: [listId], language: 'arabic', title, location: 'دبي', content: '<p>أعلنت النور كابيتال اليوم عن أرباح قياسية في الربع الثالث من العام.</p>' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { webUrl, id } = res.json().pressRelease as { webUrl: string; id: ReleaseId };
    const path = new URL(webUrl).pathname;
    expect(path).toMatch(/^\/r\/%D8%A7%D9%84%D9%86%D9%88%D8%B1-/);
    expect(decodeURIComponent(path)).toMatch(/^\/r\/النور-كابيتال-تعلن-أرباحا-قياسية-[0-9a-f]{12}$/);
    const page = await t.request({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<title>${title}</title>`);
    expect(page.body).toContain(`<link rel="canonical" href="${PUBLIC}${path}">`);

    // The e-mail's "view in browser" link is that address too, with the recipient's token.
    const [mail] = await deliverAll(t.db, { publicUrl: PUBLIC, mailFrom: t.deps.config.mailFrom, now: () => new Date() });
    expect(String(mail.parsed.html)).toContain(`href="${PUBLIC}${path}?t=`);
    const [row] = await t.db.select({ slug: pressReleases.slug }).from(pressReleases).where(eq(pressReleases.id, id));
    expect(releaseWebPath(row.slug!)).toBe(path);
  }, 60_000);

  it('still opens at an address given before, Latin words or none', async () => {
    for (const slug of ['500-c25fbdfa1a2a', 'c25fbdfa1a2b', 'gulf-robotics-opens-a-new-plant-0a1b2c3d4e5f']) {
      const res = await t.request({ method: 'POST', url: '/api/send-press-release', as: 'noor', payload: releasePayload({ recipientLists: [listId] }) });
      expect(res.statusCode, res.body).toBe(200);
      await t.db.update(pressReleases).set({ slug }).where(eq(pressReleases.id, res.json().pressRelease.id));
      const page = await t.request({ method: 'GET', url: `/r/${slug}` });
      expect(page.statusCode, slug).toBe(200);
      expect(page.body).toContain('Gulf Robotics opens a new plant');
    }
  }, 60_000);
});
