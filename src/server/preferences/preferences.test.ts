import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { auditLog, brands, companyUnsubscribes, consentRecords, deliveries, globalContacts, journalistPreferences, pressReleases, suppressions, trackingEvents } from '../db/schema.js';
import { createListWithContacts, releasePayload } from '../releases/release-fixtures.js';
import { createDeliveryEngine } from '../delivery/delivery-engine.js';
import { smtpDeliveryTransport } from '../delivery/delivery-transport.js';
import { suppress } from '../suppressions/suppressions.service.js';
import { ensureAppSecret } from '../common/app-secret.js';
import { preferenceToken } from './preference-link.js';
import { multipartBody } from '../contacts/contacts-fixtures.js';
import { dispatchDueReleases } from '../releases/scheduler.js';
import { dispatchRelease } from '../delivery/dispatch.service.js';
import { finishIfDone } from '../releases/lifecycle.js';
import type { ReleaseId } from '../../shared/ids.js';

/** Journalists' preferences (decision 024): the signed link, the page's API, and the send honouring them. */

let t: TestApp;
let secret: string;
beforeAll(async () => {
  t = await createTestApp();
  secret = await ensureAppSecret(t.deps);
}, 120_000);
afterAll(() => t.close());

let counter = 0;
const tag = () => `${Date.now().toString(36)}${++counter}`;

async function customer(as: string) {
  const user = await t.signInAs(as, { userType: 'active', monthlyPressReleaseLimit: 50, trusted: true });
  const [brand] = await t.db.select().from(brands).where(eq(brands.workspaceId, user.workspaceId));
  return { user, as, brandName: brand.name };
}

const send = async (as: string, payload: Record<string, unknown>) => {
  const res = await t.request({ method: 'POST', url: '/api/send-press-release', as, payload: releasePayload(payload) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pressRelease as { id: ReleaseId; attachments: Array<{ id: string }> };
};

/** A draft with release fields the editor of this branch does not take yet, set in the database. */
async function draft(as: string, lists: string[], fields: Partial<typeof pressReleases.$inferInsert> = {}) {
  const saved = await send(as, { action: 'save_draft', recipientLists: lists });
  if (Object.keys(fields).length) await t.db.update(pressReleases).set(fields).where(eq(pressReleases.id, saved.id));
  return saved;
}
const sendDraft = (as: string, saved: { id: ReleaseId; attachments: Array<{ id: string }> }, lists: string[]) =>
  send(as, { existingPressReleaseId: saved.id, recipientLists: lists, attachments: [{ id: saved.attachments[0].id }] });

/** Who is sent the release itself (an embargo notice is no copy of it). */
const recipientsOf = async (releaseId: ReleaseId) =>
  (await t.db.select({ email: deliveries.email }).from(deliveries).where(and(eq(deliveries.releaseId, releaseId), eq(deliveries.audience, 'list')))).map((d) => d.email).sort();

/** The preference token of the address's delivery of that release, as the e-mail carries it. */
async function tokenOf(releaseId: ReleaseId, email: string) {
  const [d] = await t.db.select({ id: deliveries.id }).from(deliveries).where(and(eq(deliveries.releaseId, releaseId), eq(deliveries.email, email)));
  return preferenceToken(d.id, secret);
}
const put = (token: string, payload: Record<string, unknown>) => t.request({ method: 'PUT', url: `/api/preferences/${token}`, payload });
const page = (token: string) => t.request({ method: 'GET', url: `/api/preferences/${token}` });

describe('the preference link', () => {
  it('is in every journalist e-mail, opens their page with the address masked, and a tampered or deleted one is a 404 that changes nothing', async () => {
    const alpha = await customer('link-sender');
    const id = tag();
    const list = await createListWithContacts(t.db, alpha.user.workspaceId, 0, [`reader-${id}@gulfnews.test`, `gone-${id}@gulfnews.test`]);
    const release = await send(alpha.as, { recipientLists: [list.listId] });
    const transport = smtpDeliveryTransport(t.smtp.url, 2);
    const from = t.smtp.messages.length;
    await createDeliveryEngine({ onReleaseDrained: finishIfDone, db: t.db, transport, publicUrl: 'http://localhost:3000', mailFrom: 'Nashr <r@nashr.test>' }).drain();
    await transport.close();
    const mail = await t.smtp.waitForMail((m) => m.envelopeTo.includes(`reader-${id}@gulfnews.test`), from);
    const token = await tokenOf(release.id, `reader-${id}@gulfnews.test`);
    expect(mail.parsed.text).toContain(`http://localhost:3000/preferences/${token}`);
    expect(String(mail.parsed.html)).toContain(`href="http://localhost:3000/preferences/${token}"`);

    const res = await page(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: 'r•••••@•••••.test',
      languages: ['arabic', 'english'],
      topics: [],
      weeklyCap: null,
      unsubscribedAll: false,
      companies: [alpha.brandName],
      requests: [],
    });
    expect(res.body).not.toContain(`reader-${id}`);

    const [digits, mac] = token.split('.');
    const tampered = [`${digits}.${mac.slice(0, -1)}${mac.endsWith('0') ? '1' : '0'}`, `${Number(digits) + 1}.${mac}`, 'nonsense', `${digits}.${mac}x`];
    for (const bad of tampered) {
      for (const res of [await page(bad), await put(bad, { weeklyCap: 3 })]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('PREFERENCE_LINK_INVALID');
      }
    }
    const goneToken = await tokenOf(release.id, `gone-${id}@gulfnews.test`);
    const [gone] = await t.db.select().from(globalContacts).where(eq(globalContacts.email, `gone-${id}@gulfnews.test`));
    await t.db.delete(globalContacts).where(eq(globalContacts.id, gone.id));
    const before = await t.db.select().from(consentRecords);
    expect((await put(goneToken, { unsubscribedAll: true })).statusCode).toBe(404);
    expect((await page(goneToken)).statusCode).toBe(404);
    expect(await t.db.select().from(consentRecords)).toHaveLength(before.length);
    expect(await t.db.select().from(suppressions).where(eq(suppressions.email, `gone-${id}@gulfnews.test`))).toEqual([]);
    expect(await t.db.select().from(journalistPreferences).where(eq(journalistPreferences.contactId, gone.id))).toEqual([]);
  }, 120_000);
});

describe('saving preferences', () => {
  async function journalist() {
    const sender = await customer(`saver-${tag()}`);
    const email = `writer-${tag()}@alarabiya.test`;
    const list = await createListWithContacts(t.db, sender.user.workspaceId, 0, [email]);
    const release = await send(sender.as, { recipientLists: [list.listId] });
    const [contact] = await t.db.select().from(globalContacts).where(eq(globalContacts.email, email));
    return { sender, email, contact, release, token: await tokenOf(release.id, email) };
  }

  it('takes any subset, answers the preferences, and records each change with its delivery', async () => {
    const j = await journalist();
    const res = await put(j.token, { languages: ['arabic'], weeklyCap: 5, topics: ['Technology', 'Energy'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      languages: ['arabic'],
      topics: ['Technology', 'Energy'],
      countries: [],
      weeklyCap: 5,
      digest: false,
      acceptsEmbargo: false,
      timeZone: null,
      unsubscribedFrom: [],
      unsubscribedAll: false,
    });
    const again = await put(j.token, { acceptsEmbargo: true, timeZone: 'Asia/Dubai' });
    expect(again.json()).toMatchObject({ languages: ['arabic'], weeklyCap: 5, acceptsEmbargo: true, timeZone: 'Asia/Dubai' });
    const records = await t.db.select().from(consentRecords).where(eq(consentRecords.contactId, j.contact.id)).orderBy(consentRecords.id);
    const [delivery] = await t.db.select().from(deliveries).where(and(eq(deliveries.releaseId, j.release.id), eq(deliveries.email, j.email)));
    expect(records.map((r) => ({ changes: r.changes, deliveryId: r.deliveryId, email: r.email }))).toEqual([
      {
        changes: { languages: { from: ['arabic', 'english'], to: ['arabic'] }, weeklyCap: { from: null, to: 5 }, topics: { from: [], to: ['Technology', 'Energy'] } },
        deliveryId: delivery.id,
        email: j.email,
      },
      { changes: { acceptsEmbargo: { from: false, to: true }, timeZone: { from: null, to: 'Asia/Dubai' } }, deliveryId: delivery.id, email: j.email },
    ]);
  });

  it("is kept apart from the curated contact: a super admin's edit and an import of the address leave it as the journalist set it", async () => {
    const j = await journalist();
    const chosen = { languages: ['arabic'], topics: ['Energy'], countries: ['Saudi Arabia'], weeklyCap: 3, acceptsEmbargo: true };
    expect((await put(j.token, chosen)).statusCode).toBe(200);
    await t.signInAs('curator', { role: 'super_admin' });
    const edit = await t.request({
      method: 'PUT',
      url: `/api/global-contacts/${j.contact.id}`,
      as: 'curator',
      payload: { email: j.email, firstName: 'Reem', lastName: 'Haddad', organization: 'Al Arabiya', country: 'UAE', mediaType: 'TV', contactTopics: 'Sports' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const { payload, headers } = multipartBody(`Email,First Name,Country,Topics\n${j.email},Reem,Egypt,Technology\n`);
    expect((await t.request({ method: 'POST', url: '/api/global-contacts/import', payload, headers, as: 'curator' })).statusCode).toBe(200);
    expect((await page(j.token)).json()).toMatchObject(chosen);
    const [contact] = await t.db.select().from(globalContacts).where(eq(globalContacts.id, j.contact.id));
    expect(contact).toMatchObject({ country: 'UAE', contactTopics: 'Sports' });
  });

  it('refuses a weekly cap of 0 or 51, an unknown topic or company, and an unknown field, changing nothing', async () => {
    const j = await journalist();
    for (const [payload, path] of [
      [{ weeklyCap: 0 }, 'weeklyCap'],
      [{ weeklyCap: 51 }, 'weeklyCap'],
      [{ weeklyCap: 2.5 }, 'weeklyCap'],
      [{ topics: ['Gossip'], weeklyCap: 3 }, 'topics.0'],
      [{ languages: [] }, 'languages'],
      [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
      [{ unsubscribedFrom: ['Nobody Ever Sent You This'] }, 'unsubscribedFrom'],
    ] as const) {
      const res = await put(j.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors[0].path).toBe(path);
    }
    expect((await put(j.token, { password: 'x' })).statusCode).toBe(422);
    expect(await t.db.select().from(journalistPreferences).where(eq(journalistPreferences.contactId, j.contact.id))).toEqual([]);
    expect(await t.db.select().from(consentRecords).where(eq(consentRecords.contactId, j.contact.id))).toEqual([]);
  });

  it('unsubscribes from one company or from all, and re-subscribing lifts an unsubscribe but never a bounce', async () => {
    const j = await journalist();
    const other = await customer(`other-${tag()}`);
    const otherList = await createListWithContacts(t.db, other.user.workspaceId, 0, [j.email]);
    await send(other.as, { recipientLists: [otherList.listId] });
    // One of them has an Arabic name, which the Arabic page shows (issue 37); the Latin name stays its key.
    await t.db.update(brands).set({ nameAr: 'شركة أخرى' }).where(eq(brands.name, other.brandName));
    const listed = (await page(j.token)).json();
    expect(listed.companies).toEqual([j.sender.brandName, other.brandName].sort((a, b) => a.localeCompare(b)));
    expect(listed.companyNamesAr).toEqual({ [other.brandName]: 'شركة أخرى' });

    const company = await put(j.token, { unsubscribedFrom: [j.sender.brandName] });
    expect(company.json()).toMatchObject({ unsubscribedFrom: [j.sender.brandName], unsubscribedAll: false });
    const rows = await t.db.select().from(companyUnsubscribes).where(eq(companyUnsubscribes.email, j.email));
    expect(rows.map((r) => r.brandId)).toEqual([(await t.db.select().from(brands).where(eq(brands.name, j.sender.brandName)))[0].id]);
    // The company's next release leaves them out; the other company's still reaches them.
    const senderList = await createListWithContacts(t.db, j.sender.user.workspaceId, 0, [j.email]);
    const preflight = await t.request({ method: 'POST', url: '/api/press-releases/preflight', as: j.sender.as, payload: { recipientLists: [senderList.listId], content: '<p>x</p>' } });
    expect(preflight.json()).toMatchObject({ recipients: 0, suppressed: 1, leftOut: [{ reason: 'company_unsubscribe', count: 1 }] });
    const fromOther = await send(other.as, { recipientLists: [otherList.listId] });
    expect(await recipientsOf(fromOther.id)).toEqual([j.email]);

    expect((await put(j.token, { unsubscribedFrom: [] })).json().unsubscribedFrom).toEqual([]);
    expect(await t.db.select().from(companyUnsubscribes).where(eq(companyUnsubscribes.email, j.email))).toEqual([]);

    const all = await put(j.token, { unsubscribedAll: true });
    expect(all.json().unsubscribedAll).toBe(true);
    expect((await t.db.select().from(suppressions).where(eq(suppressions.email, j.email)))[0].reason).toBe('unsubscribed');
    const blocked = await t.request({ method: 'POST', url: '/api/send-press-release', as: other.as, payload: releasePayload({ recipientLists: [otherList.listId] }) });
    expect(blocked.statusCode).toBe(422);
    expect((await put(j.token, { unsubscribedAll: false })).json().unsubscribedAll).toBe(false);
    expect(await t.db.select().from(suppressions).where(eq(suppressions.email, j.email))).toEqual([]);

    // A bounce is not theirs to lift.
    await suppress(t.db, j.email, 'bounced');
    await put(j.token, { unsubscribedAll: true });
    await put(j.token, { unsubscribedAll: false });
    expect((await t.db.select().from(suppressions).where(eq(suppressions.email, j.email)))[0].reason).toBe('bounced');
  }, 60_000);

  it('files one request per kind while open, due in 30 days, shown on the page and in the admin queue until resolved', async () => {
    const j = await journalist();
    const first = await t.request({ method: 'POST', url: `/api/preferences/${j.token}/requests`, payload: { kind: 'erasure' } });
    expect(first.statusCode).toBe(200);
    const { createdAt, dueAt } = first.json();
    expect(new Date(dueAt).getTime() - new Date(createdAt).getTime()).toBe(30 * 86_400_000);
    const second = await t.request({ method: 'POST', url: `/api/preferences/${j.token}/requests`, payload: { kind: 'erasure' } });
    expect(second.json()).toEqual(first.json());
    expect((await t.request({ method: 'POST', url: `/api/preferences/${j.token}/requests`, payload: { kind: 'delete-everything' } })).statusCode).toBe(422);
    await t.request({ method: 'POST', url: `/api/preferences/${j.token}/requests`, payload: { kind: 'access' } });
    expect((await page(j.token)).json().requests.map((r: { kind: string }) => r.kind)).toEqual(['erasure', 'access']);

    await t.signInAs('prefs-admin', { role: 'super_admin' });
    expect((await t.request({ method: 'GET', url: '/api/admin/data-requests', as: j.sender.as })).statusCode).toBe(403);
    const queue = await t.request({ method: 'GET', url: '/api/admin/data-requests?pageSize=100', as: 'prefs-admin' });
    expect(queue.statusCode).toBe(200);
    const mine = queue.json().items.filter((r: { email: string }) => r.email === j.email);
    expect(mine.map((r: { kind: string; status: string }) => [r.kind, r.status])).toEqual([['erasure', 'open'], ['access', 'open']]);
    // The copy is answered (resolving the erasure erases the journalist: erasure.test.ts).
    const resolved = await t.request({ method: 'POST', url: `/api/admin/data-requests/${mine[1].id}/resolve`, as: 'prefs-admin' });
    expect(resolved.json()).toMatchObject({ status: 'done', kind: 'access' });
    expect(resolved.json().erasure).toBeUndefined();
    expect((await page(j.token)).json().requests.map((r: { kind: string }) => r.kind)).toEqual(['erasure']);
    const after = (await t.request({ method: 'GET', url: '/api/admin/data-requests?pageSize=100', as: 'prefs-admin' })).json().items;
    expect(after.findIndex((r: { id: string }) => r.id === mine[1].id)).toBeGreaterThan(after.findIndex((r: { id: string }) => r.id === mine[0].id));
    expect((await t.request({ method: 'POST', url: '/api/admin/data-requests/00000000-0000-4000-8000-000000000000/resolve', as: 'prefs-admin' })).json().code).toBe('DATA_REQUEST_NOT_FOUND');

    await put(j.token, { digest: true });
    const admin = await t.request({ method: 'GET', url: `/api/admin/contacts/${j.contact.id}/preferences`, as: 'prefs-admin' });
    expect(admin.json()).toMatchObject({ contactId: j.contact.id, email: j.email, preferences: { digest: true }, consentRecords: [{ changes: { digest: { from: false, to: true } } }] });
    expect((await t.request({ method: 'GET', url: '/api/admin/contacts/999999999/preferences', as: 'prefs-admin' })).statusCode).toBe(404);
  }, 60_000);
});

describe("a super admin's copy of what Nashr holds about a journalist", () => {
  it('is a download of the contact, their choices and their consent records, the releases they got and what they did with them, audited', async () => {
    const sender = await customer(`export-${tag()}`);
    const email = `asks-copy-${tag()}@media.test`;
    const bystander = `bystander-${tag()}@media.test`;
    const list = await createListWithContacts(t.db, sender.user.workspaceId, 0, [email, bystander]);
    const release = await send(sender.as, { recipientLists: [list.listId], title: 'Gulf Air adds Muscat flights' });
    const token = await tokenOf(release.id, email);
    const [delivery] = await t.db.select().from(deliveries).where(and(eq(deliveries.releaseId, release.id), eq(deliveries.email, email)));
    await t.db.insert(trackingEvents).values({ deliveryId: delivery.id, releaseId: release.id, type: 'open' });
    await put(token, { languages: ['arabic'], unsubscribedFrom: [sender.brandName] });
    await t.request({ method: 'POST', url: `/api/preferences/${token}/requests`, payload: { kind: 'access' } });
    await t.signInAs('exporter', { role: 'super_admin' });
    const queue = (await t.request({ method: 'GET', url: '/api/admin/data-requests?pageSize=100', as: 'exporter' })).json();
    const filed = queue.items.find((r: { email: string }) => r.email === email);

    const res = await t.request({ method: 'GET', url: `/api/admin/data-requests/${filed.id}/export`, as: 'exporter' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="nashr-data-${email}.json"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();
    expect(data).toMatchObject({
      request: { kind: 'access', dueAt: filed.dueAt },
      email,
      contact: { email, firstName: expect.any(String), embargoAccredited: false },
      preferences: { languages: ['arabic'], unsubscribedFrom: [sender.brandName] },
      consentRecords: [{ changes: { languages: { from: ['arabic', 'english'], to: ['arabic'] }, unsubscribedFrom: { from: [], to: [sender.brandName] } } }],
      releasesReceived: [{ title: 'Gulf Air adds Muscat flights', company: sender.brandName, status: 'queued', opened: true, clicked: false }],
      unsubscribedFrom: [{ company: sender.brandName }],
      suppression: null,
      onCustomerLists: 1,
    });
    expect(Object.keys(data.contact)).not.toContain('searchText');
    expect(res.body).not.toContain(bystander);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'data_request.exported'), eq(auditLog.target, filed.id)));
    expect(audit).toBeDefined();
    const logged = (await t.request({ method: 'GET', url: '/api/admin/audit?pageSize=100', as: 'exporter' })).json();
    expect(logged.items.find((e: { action: string }) => e.action === 'data_request.exported')).toMatchObject({ target: filed.id, targetName: email });

    // The readable copy: the same facts with words, in the journalist's language (Arabic, their first choice).
    const readable = await t.request({ method: 'GET', url: `/api/admin/data-requests/${filed.id}/export.html`, as: 'exporter' });
    expect(readable.statusCode).toBe(200);
    expect(readable.headers['content-type']).toContain('text/html');
    expect(readable.headers['content-disposition']).toBe(`attachment; filename="nashr-data-${email}.html"`);
    expect(readable.body).toContain('<html lang="ar" dir="rtl">');
    expect(readable.body).toContain('ما يحتفظ به نشر عنك');
    expect(readable.body).toContain('Gulf Air adds Muscat flights');
    expect(readable.body).toContain('اللغات: العربية، الإنجليزية ← العربية');
    expect(readable.body).not.toMatch(/searchText|embargoAccredited|contactTopics/);
    expect(readable.body).not.toContain(bystander);
    const english = await t.request({ method: 'GET', url: `/api/admin/data-requests/${filed.id}/export.html?language=en`, as: 'exporter' });
    expect(english.body).toContain('<html lang="en" dir="ltr">');
    expect(english.body).toContain('Press releases sent to you');
    expect(english.body).toContain('Accredited for embargoes</th><td>No');
    expect((await t.request({ method: 'GET', url: `/api/admin/data-requests/${filed.id}/export.html`, as: sender.as })).statusCode).toBe(403);

    expect((await t.request({ method: 'GET', url: `/api/admin/data-requests/${filed.id}/export`, as: sender.as })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `/api/admin/data-requests/${filed.id}/export` })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/admin/data-requests/00000000-0000-4000-8000-000000000000/export', as: 'exporter' })).json().code).toBe('DATA_REQUEST_NOT_FOUND');
    expect((await t.request({ method: 'GET', url: '/api/admin/data-requests/not-a-uuid/export', as: 'exporter' })).statusCode).toBe(404);
  }, 60_000);
});

describe('a send honours the preferences', () => {
  it('leaves out by reason, counts each address under one reason, and the send queues exactly the rest', async () => {
    const alpha = await customer(`alpha-${tag()}`);
    const beta = await customer(`beta-${tag()}`);
    const id = tag();
    const names = ['arabic-only', 'sports-only', 'egypt-only', 'capped', 'company-off', 'all-off', 'bounced', 'plain', 'matching'];
    const emails = Object.fromEntries(names.map((n) => [n, `${n}-${id}@media.test`])) as Record<string, string>;
    const list = await createListWithContacts(t.db, alpha.user.workspaceId, 0, Object.values(emails));
    // A first release from alpha, which every journalist's link comes with.
    const first = await send(alpha.as, { recipientLists: [list.listId] });
    const token = (name: string) => tokenOf(first.id, emails[name]);
    // The capped journalist takes two a week; another company's release makes it two this week.
    const betaList = await createListWithContacts(t.db, beta.user.workspaceId, 0, [emails.capped]);
    await send(beta.as, { recipientLists: [betaList.listId] });
    for (const [name, payload] of [
      ['arabic-only', { languages: ['arabic'] }],
      ['sports-only', { topics: ['Sports'] }],
      ['egypt-only', { countries: ['Egypt'] }],
      ['capped', { weeklyCap: 2 }],
      ['company-off', { unsubscribedFrom: [alpha.brandName] }],
      ['all-off', { unsubscribedAll: true }],
      // Everything that could leave them out, and all of it matches.
      ['matching', { languages: ['english'], topics: ['Technology', 'Sports'], countries: ['UAE'], weeklyCap: 5 }],
    ] as const) {
      expect((await put(await token(name), payload)).statusCode).toBe(200);
    }
    await suppress(t.db, emails.bounced, 'bounced');

    const second = await draft(alpha.as, [list.listId], { topics: ['Technology'], location: 'Dubai, UAE' });
    const preflight = await t.request({ method: 'GET', url: `/api/press-releases/${second.id}/preflight`, as: alpha.as });
    expect(preflight.statusCode).toBe(200);
    expect(preflight.json()).toMatchObject({
      recipients: 2,
      suppressed: 3,
      leftOut: [
        { reason: 'suppressed', count: 1 },
        { reason: 'unsubscribed', count: 1 },
        { reason: 'company_unsubscribe', count: 1 },
        { reason: 'language', count: 1 },
        { reason: 'topic', count: 1 },
        { reason: 'country', count: 1 },
        { reason: 'weekly_cap', count: 1 },
      ],
    });
    expect(preflight.json().suppressedByReason).toEqual(
      expect.arrayContaining([{ reason: 'bounced', count: 1 }, { reason: 'unsubscribed', count: 1 }, { reason: 'unsubscribed_company', count: 1 }]),
    );
    // Counts only: no address of a left-out journalist reaches the customer.
    for (const email of Object.values(emails)) expect(preflight.body).not.toContain(email);

    const sent = await sendDraft(alpha.as, second, [list.listId]);
    expect(await recipientsOf(sent.id)).toEqual([emails.matching, emails.plain].sort());

    // The cap is a week across companies: a third release from beta finds the matching journalist at 2 of 5, capped at 3 of 2.
    const betaAll = await createListWithContacts(t.db, beta.user.workspaceId, 0, [emails.capped, emails.matching]);
    const third = await send(beta.as, { recipientLists: [betaAll.listId] });
    expect(await recipientsOf(third.id)).toEqual([emails.matching]);
  }, 120_000);

  // PGlite runs one transaction at a time, so only a server can show two sends counting at once.
  it.runIf(process.env.DATABASE_URL)('holds a cap of one when two companies send to the journalist at the same moment', async () => {
    const alpha = await customer(`race-a-${tag()}`);
    const beta = await customer(`race-b-${tag()}`);
    const email = `raced-${tag()}@media.test`;
    const alphaList = await createListWithContacts(t.db, alpha.user.workspaceId, 0, [email]);
    const betaList = await createListWithContacts(t.db, beta.user.workspaceId, 0, [email]);
    const [contact] = await t.db.select().from(globalContacts).where(eq(globalContacts.email, email));
    await t.db.insert(journalistPreferences).values({ contactId: contact.id, weeklyCap: 1 });
    const rowOf = async (saved: { id: ReleaseId }) => (await t.db.select().from(pressReleases).where(eq(pressReleases.id, saved.id)))[0];
    const a = await rowOf(await draft(alpha.as, [alphaList.listId]));
    const b = await rowOf(await draft(beta.as, [betaList.listId]));

    // Alpha's send has queued its delivery and not committed yet when beta's starts.
    let commitAlpha!: () => void;
    let alphaQueued!: () => void;
    const queued = new Promise<void>((resolve) => (alphaQueued = resolve));
    const alphaSend = t.db.transaction(async (tx) => {
      await dispatchRelease(tx as unknown as typeof t.db, a, new Date());
      alphaQueued();
      await new Promise<void>((resolve) => (commitAlpha = resolve));
    });
    await queued;
    const betaSend = t.db.transaction((tx) => dispatchRelease(tx as unknown as typeof t.db, b, new Date()));
    await new Promise((resolve) => setTimeout(resolve, 300));
    commitAlpha();
    await Promise.all([alphaSend, betaSend]);
    expect([...(await recipientsOf(a.id)), ...(await recipientsOf(b.id))]).toEqual([email]);
  }, 60_000);

  it('a daily digest takes at most one release a day', async () => {
    const alpha = await customer(`digest-${tag()}`);
    const email = `digest-${tag()}@media.test`;
    const list = await createListWithContacts(t.db, alpha.user.workspaceId, 0, [email]);
    const first = await send(alpha.as, { recipientLists: [list.listId] });
    await put(await tokenOf(first.id, email), { digest: true });
    const res = await t.request({ method: 'POST', url: '/api/press-releases/preflight', as: alpha.as, payload: { recipientLists: [list.listId], content: '<p>x</p>' } });
    expect(res.json()).toMatchObject({ recipients: 0, leftOut: [{ reason: 'weekly_cap', count: 1 }] });
    // A day later the digest takes the next one.
    await t.db.update(deliveries).set({ createdAt: new Date(Date.now() - 25 * 3_600_000) }).where(eq(deliveries.releaseId, first.id));
    const later = await t.request({ method: 'POST', url: '/api/press-releases/preflight', as: alpha.as, payload: { recipientLists: [list.listId], content: '<p>x</p>' } });
    expect(later.json()).toMatchObject({ recipients: 1, leftOut: [] });
  }, 60_000);

  it('sends an embargoed release before the lift only to journalists who accept embargoes or are accredited, and asks the others', async () => {
    const alpha = await customer(`embargo-${tag()}`);
    const id = tag();
    const [accepts, accredited, neither] = ['accepts', 'accredited', 'neither'].map((n) => `${n}-${id}@media.test`);
    const list = await createListWithContacts(t.db, alpha.user.workspaceId, 0, [accepts, accredited, neither]);
    const first = await send(alpha.as, { recipientLists: [list.listId] });
    await put(await tokenOf(first.id, accepts), { acceptsEmbargo: true });
    await t.db.update(globalContacts).set({ embargoAccredited: true, accreditationNote: 'Business desk, signed the embargo terms' }).where(eq(globalContacts.email, accredited));

    const embargoed = await draft(alpha.as, [list.listId], { embargoUntil: new Date(Date.now() + 3 * 86_400_000), embargoTimeZone: 'Asia/Riyadh' });
    const preflight = await t.request({ method: 'GET', url: `/api/press-releases/${embargoed.id}/preflight`, as: alpha.as });
    // The embargo leaves nobody out (decision 027): the one who neither accepts nor is accredited is asked to agree.
    expect(preflight.json()).toMatchObject({ recipients: 3, leftOut: [], embargo: { now: 2, asked: 1, atLift: 1 } });
    const sent = await sendDraft(alpha.as, embargoed, [list.listId]);
    expect(await recipientsOf(sent.id)).toEqual([accepts, accredited].sort());
    const notices = await t.db.select().from(deliveries).where(and(eq(deliveries.releaseId, sent.id), eq(deliveries.audience, 'embargo_notice')));
    expect(notices.map((d) => d.email)).toEqual([neither]);

    // A release that goes out once its embargo has lifted (a schedule that waited for an approval) reaches everyone.
    const lifted = await draft(alpha.as, [list.listId], {
      embargoUntil: new Date(Date.now() + 86_400_000),
      embargoTimeZone: 'Asia/Riyadh',
      status: 'scheduled',
      scheduledAt: new Date(Date.now() + 3_600_000),
    });
    await dispatchDueReleases(t.db, new Date(Date.now() + 2 * 86_400_000));
    expect(await recipientsOf(lifted.id)).toEqual([accepts, accredited, neither].sort());
    expect(await t.db.select().from(deliveries).where(and(eq(deliveries.releaseId, lifted.id), inArray(deliveries.email, [neither])))).toHaveLength(1);
  }, 120_000);
});
