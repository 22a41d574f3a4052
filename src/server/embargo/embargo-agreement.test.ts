import type { ReleaseId, WorkspaceId } from '../../shared/ids.js';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import type { ReceivedMail } from '../test/smtp-sink.js';
import { deliverAll as deliverEverything } from '../test/deliver-all.js';
import { suppress } from '../suppressions/suppressions.service.js';
import { createScheduler } from '../releases/scheduler.js';
import { createListWithContacts, releasePayload } from '../releases/release-fixtures.js';
import { consentRecords, deliveries, globalContacts, journalistPreferences, pressReleases } from '../db/schema.js';
import type { DeliveryAudience } from '../../shared/release-statuses.js';

/**
 * An embargo a journalist can agree to (issue 37, decision 027), through the API on a real database and a
 * real SMTP peer: who gets the release at once, who is sent the notice (its words in English and Arabic, the
 * lift in the reader's zone), the notice's page and its agreement (once, however often or however
 * concurrently it is clicked), the lift for the others (by restarted and concurrent schedulers), and the
 * pre-send and after-send counts of all three.
 */

const LIFT = new Date('2030-12-01T06:00:00Z');
const EMBARGO = { until: LIFT.toISOString(), timeZone: 'Asia/Riyadh' };
const AFTER_LIFT = new Date(LIFT.getTime() + 30_000);
const PUBLIC_URL = 'http://localhost:3000';
const TITLE = 'Al Noor Capital reports record profit';
const ARABIC_TITLE = 'النور كابيتال تعلن أرباحًا قياسية';

let t: TestApp;
let ownerWorkspaceId: WorkspaceId;
const tag = Math.random().toString(36).slice(2, 8);
const who = {
  accepts: `accepts-${tag}@argaam.test`,
  accredited: `accredited-${tag}@asharq.test`,
  agrees: `agrees-${tag}@gulfbusiness.test`,
  waits: `waits-${tag}@aleqt.test`,
  racer: `racer-${tag}@alriyadh.test`,
  bounced: `bounced-${tag}@okaz.test`,
};
/** Every e-mail the SMTP peer has received in this file, across drains: nobody may get the release twice. */
const received: ReceivedMail[] = [];

async function deliverAll(now: () => Date) {
  const messages = await deliverEverything(t.db, { publicUrl: PUBLIC_URL, mailFrom: t.deps.config.mailFrom, now });
  received.push(...messages);
  return messages;
}

const to = (messages: ReceivedMail[], address: string) => messages.filter((m) => m.envelopeTo[0] === address);
const releaseMails = (address: string) => to(received, address).filter((m) => m.parsed.subject?.includes(TITLE) || m.parsed.subject?.includes(ARABIC_TITLE));
const deliveriesOf = (releaseId: ReleaseId, audience: DeliveryAudience) =>
  t.db.select().from(deliveries).where(and(eq(deliveries.releaseId, releaseId), eq(deliveries.audience, audience)));
const agreementLink = (mail: ReceivedMail) => new URL(/https?:\/\/[^\s"]+\/embargo\/[0-9]+\.[0-9a-f]{32}/.exec(mail.parsed.text ?? '')![0]).pathname;
const agree = (path: string, body = '') =>
  t.request({ method: 'POST', url: path, payload: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.signInAs('noor', { monthlyPressReleaseLimit: 20, trusted: true, userType: 'active', companyName: 'Al Noor Capital' });
  ownerWorkspaceId = owner.workspaceId;
}, 60_000);
afterAll(() => t.close());

describe('an embargoed release to journalists who have not accepted embargoes', () => {
  let releaseId: ReleaseId;
  let slug: string;
  let listId: string;
  const links: Record<string, string> = {};

  beforeAll(async () => {
    listId = (await createListWithContacts(t.db, ownerWorkspaceId, 0, Object.values(who))).listId;
    const contacts = await t.db.select().from(globalContacts).where(inArray(globalContacts.email, Object.values(who)));
    const id = (email: string) => contacts.find((c) => c.email === email)!.id;
    await t.db.insert(journalistPreferences).values([
      { contactId: id(who.accepts), acceptsEmbargo: true },
      // Reads times in Dubai: the notice gives the lift there, not in the embargo's Riyadh.
      { contactId: id(who.agrees), timeZone: 'Asia/Dubai' },
    ]);
    await t.db.update(globalContacts).set({ embargoAccredited: true }).where(eq(globalContacts.id, id(who.accredited)));
    await t.db.update(globalContacts).set({ language: 'Arabic' }).where(eq(globalContacts.id, id(who.waits)));
    await suppress(t.db, who.bounced, 'bounced');
  });

  it('counts, before the send, who gets it now, who is asked and who gets it at the lift', async () => {
    const draft = await t.request({
      method: 'POST',
      url: '/api/send-press-release',
      as: 'noor',
      payload: releasePayload({ action: 'save_draft', title: TITLE, recipientLists: [listId], embargo: EMBARGO, translation: arabicVersion() }),
    });
    expect(draft.statusCode, draft.body).toBe(200);
    releaseId = draft.json().pressRelease.id;
    // The notice names the brand only unless the customer chooses to show the title.
    expect(draft.json().pressRelease.embargoNoticeShowsTitle).toBe(false);
    const preflight = (await t.request({ method: 'GET', url: `/api/press-releases/${releaseId}/preflight`, as: 'noor' })).json();
    // Asked and at the lift are the same people before the send: nobody has agreed yet.
    expect(preflight).toMatchObject({ recipients: 5, embargo: { now: 2, asked: 3, atLift: 3 }, leftOut: [{ reason: 'suppressed', count: 1 }] });
    expect(preflight.warnings.map((w: { code: string }) => w.code)).not.toContain('NO_RECIPIENTS');
    // Without an embargo there is nothing to count.
    const plain = await t.request({ method: 'POST', url: '/api/press-releases/preflight', as: 'noor', payload: { recipientLists: [listId] } });
    expect(plain.json().embargo).toBeNull();
  });

  it('sends the release at once to those who accept embargoes or are accredited, and the notice to the others', async () => {
    const sent = await t.request({ method: 'POST', url: '/api/send-press-release', as: 'noor', payload: releasePayload({ existingPressReleaseId: releaseId, title: TITLE, recipientLists: [listId], embargo: EMBARGO, translation: arabicVersion() }) });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().pressRelease).toMatchObject({ status: 'sending', recipientCount: 5 });
    slug = (await t.db.select().from(pressReleases).where(eq(pressReleases.id, releaseId)))[0].slug!;
    expect((await deliveriesOf(releaseId, 'list')).map((d) => d.email).sort()).toEqual([who.accepts, who.accredited].sort());
    expect((await deliveriesOf(releaseId, 'embargo_notice')).map((d) => d.email).sort()).toEqual([who.agrees, who.racer, who.waits].sort());

    const messages = await deliverAll(() => new Date());
    for (const address of [who.accepts, who.accredited]) {
      const [mail] = to(messages, address);
      expect(mail.parsed.subject).toBe(`EMBARGOED UNTIL 09:00, 1 December 2030 (Riyadh): ${TITLE}`);
    }
    const [english] = to(messages, who.agrees);
    expect(english.parsed.subject).toBe('An embargoed press release from Al Noor Capital');
    expect(english.parsed.text).toContain('Al Noor Capital has a press release for you that is under embargo.');
    // The lift in the journalist's own zone.
    expect(english.parsed.text).toContain('It may be published from 10:00, 1 December 2030 (Abu Dhabi / Dubai).');
    expect(english.parsed.text).toContain('Agree to hold it until then: http://localhost:3000/embargo/');
    // Nothing of the release itself: not its title, not its words.
    expect(`${english.parsed.subject}${english.parsed.text}${english.parsed.html}`).not.toMatch(/record profit|Gulf Robotics/);
    // The footer and headers of release mail: preferences, unsubscribe, one-click, the sender.
    expect(english.parsed.text).toMatch(/Your preferences: http:\/\/localhost:3000\/preferences\/\d+\.[0-9a-f]{32}/);
    expect(english.parsed.text).toMatch(/Unsubscribe: http:\/\/localhost:3000\/u\/[0-9a-f]{64}/);
    const rawHead = english.raw.toString('utf8').split('\r\n\r\n')[0];
    expect(rawHead).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(rawHead).toMatch(/Feedback-ID: [0-9a-f]{32}:[0-9a-f]{32}:embargo-notice:nashr/);
    expect(english.parsed.from?.text).toContain('Al Noor Capital via');

    const [arabic] = to(messages, who.waits);
    expect(arabic.parsed.subject).toBe('بيان صحفي محظور النشر من Al Noor Capital');
    expect(arabic.parsed.text).toContain('يمكن نشره اعتبارًا من 09:00، 1 ديسمبر 2030 (الرياض).');
    expect(arabic.parsed.text).toContain('أوافق على الالتزام بالحظر حتى ذلك الحين: http://localhost:3000/embargo/');
    expect(String(arabic.parsed.html)).toContain('dir="rtl"');
    // Its From is in Arabic too, as an Arabic release e-mail's is.
    expect(arabic.parsed.from?.text).toContain('عبر نشر');
    for (const [name, mail] of Object.entries({ agrees: english, waits: arabic, racer: to(messages, who.racer)[0] })) links[name] = agreementLink(mail);

    // The notice's token opens nothing of the release: not the recipient's web version, not a file.
    const [notice] = (await deliveriesOf(releaseId, 'embargo_notice')).filter((d) => d.email === who.agrees);
    expect((await t.request({ method: 'GET', url: `/r/${slug}?t=${notice.token}` })).statusCode).toBe(404);
    const [list] = await deliveriesOf(releaseId, 'list');
    expect((await t.request({ method: 'GET', url: `/r/${slug}?t=${list.token}` })).statusCode).toBe(200);
  }, 60_000);

  it('shows the terms in the journalist language, right to left in Arabic, with a switch', async () => {
    const page = await t.request({ method: 'GET', url: links.agrees });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toContain('no-store');
    expect(page.body).toContain('<html lang="en" dir="ltr">');
    expect(page.body).toContain('By agreeing you undertake not to publish, broadcast or share this press release or anything in it before <strong>10:00, 1 December 2030 (Abu Dhabi / Dubai)</strong>.');
    expect(page.body).toContain('Accept embargoes from now on');
    const arabic = await t.request({ method: 'GET', url: links.waits });
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.body).toContain('بموافقتك تتعهد بألا تنشر هذا البيان الصحفي');
    expect(arabic.body).toContain('أوافق على الالتزام بالحظر حتى ذلك الحين');
    expect((await t.request({ method: 'GET', url: `${links.waits}?lang=en` })).body).toContain('<html lang="en" dir="ltr">');
  });

  it('answers a forged, altered or foreign link with the 404 page, and agrees to nothing', async () => {
    const [id, mac] = links.agrees.split('/').pop()!.split('.');
    const preferenceLink = /\/preferences\/(\d+\.[0-9a-f]{32})/.exec(to(received, who.agrees)[0].parsed.text ?? '')![1];
    for (const path of [`/embargo/${id}.${'0'.repeat(32)}`, `/embargo/${Number(id) + 1}.${mac}`, '/embargo/not-a-token', `/embargo/${preferenceLink}`, `/embargo/${'9'.repeat(40)}.${mac}`]) {
      const shown = await t.request({ method: 'GET', url: path });
      expect(shown.statusCode, path).toBe(404);
      expect(shown.body).toContain('This link is not valid or has expired.');
      expect((await agree(path)).statusCode, path).toBe(404);
    }
    expect(await deliveriesOf(releaseId, 'list')).toHaveLength(2);
  });

  it('sends the release to a journalist who agrees, once, however often they click, and records it on their consent record', async () => {
    const first = await agree(links.agrees);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Thank you. The press release is on its way to you at');
    const again = await agree(links.agrees);
    expect(again.body).toContain('You agreed on');
    expect((await t.request({ method: 'GET', url: links.agrees })).body).toContain('You agreed on');
    expect((await deliveriesOf(releaseId, 'list')).filter((d) => d.email === who.agrees)).toHaveLength(1);

    const [contact] = await t.db.select().from(globalContacts).where(eq(globalContacts.email, who.agrees));
    const records = await t.db.select().from(consentRecords).where(eq(consentRecords.contactId, contact.id));
    expect(records).toEqual([
      expect.objectContaining({
        email: who.agrees,
        changes: { embargoAgreement: { releaseId, title: TITLE, until: LIFT.toISOString(), scope: 'this_release' } },
      }),
    ]);
    // This release only: their standing choice is unchanged.
    const [prefs] = await t.db.select().from(journalistPreferences).where(eq(journalistPreferences.contactId, contact.id));
    expect(prefs.acceptsEmbargo).toBe(false);
  });

  it('queues one release when two agreements arrive at once; "from now on" accepts embargoes in the same record', async () => {
    const both = await Promise.all([agree(links.racer, 'fromNowOn=on'), agree(links.racer, 'fromNowOn=on')]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await deliveriesOf(releaseId, 'list')).filter((d) => d.email === who.racer)).toHaveLength(1);
    const [contact] = await t.db.select().from(globalContacts).where(eq(globalContacts.email, who.racer));
    const records = await t.db.select().from(consentRecords).where(eq(consentRecords.contactId, contact.id));
    expect(records.map((r) => r.changes)).toEqual([
      { embargoAgreement: { releaseId, title: TITLE, until: LIFT.toISOString(), scope: 'from_now_on' }, acceptsEmbargo: { from: false, to: true } },
    ]);
    const [prefs] = await t.db.select().from(journalistPreferences).where(eq(journalistPreferences.contactId, contact.id));
    expect(prefs.acceptsEmbargo).toBe(true);
  });

  it('delivers the agreed release before the lift with the embargo line, and counts the three from the deliveries', async () => {
    const messages = await deliverAll(() => new Date());
    const [mail] = to(messages, who.agrees);
    expect(mail.parsed.subject).toBe(`EMBARGOED UNTIL 09:00, 1 December 2030 (Riyadh): ${TITLE}`);
    expect(mail.parsed.text!.split('\n')[0]).toBe('EMBARGOED UNTIL 09:00, 1 December 2030 (Riyadh)');
    expect(to(messages, who.racer)).toHaveLength(1);
    expect(to(messages, who.waits)).toEqual([]);
    const counts = await t.request({ method: 'GET', url: `/api/press-releases/${releaseId}/embargo`, as: 'noor' });
    expect(counts.json()).toEqual({ now: 2, asked: 3, agreed: 2, atLift: 1 });
    await t.signInAs('stranger', { userType: 'active' });
    expect((await t.request({ method: 'GET', url: `/api/press-releases/${releaseId}/embargo`, as: 'stranger' })).statusCode).toBe(404);
  }, 60_000);

  it('sends it at the lift to whoever did not agree, once, by restarted and concurrent schedulers, and nobody twice', async () => {
    // A tick before the lift queues nothing.
    await createScheduler({ db: t.db, now: () => new Date() }).tick();
    expect((await deliveriesOf(releaseId, 'list')).map((d) => d.email)).not.toContain(who.waits);

    const restarted = await buildApp({ ...t.deps, now: () => AFTER_LIFT }, { serveClient: false });
    await restarted.ready();
    try {
      const workers = [createScheduler({ db: t.db, now: () => AFTER_LIFT }), createScheduler({ db: t.db, now: () => AFTER_LIFT })];
      await Promise.all(workers.map((w) => w.tick()));
      await workers[1].tick();
      const list = await deliveriesOf(releaseId, 'list');
      expect(list.map((d) => d.email).sort()).toEqual([who.accepts, who.accredited, who.agrees, who.racer, who.waits].sort());
      expect(list.find((d) => d.email === who.waits)?.language).toBe('arabic');

      const messages = await deliverAll(() => AFTER_LIFT);
      expect(messages.map((m) => m.envelopeTo[0])).toEqual([who.waits]);
      // Public now: the release as everyone reads it, without the embargo line.
      expect(messages[0].parsed.subject).toBe(ARABIC_TITLE);
      for (const address of [who.accepts, who.accredited, who.agrees, who.racer, who.waits]) expect(releaseMails(address), address).toHaveLength(1);
      expect(releaseMails(who.bounced)).toEqual([]);

      // The page says it is public and links it; agreeing now changes nothing.
      const page = await restarted.inject({ method: 'GET', url: links.waits });
      expect(page.body).toContain('رُفع الحظر: أصبح هذا البيان الصحفي متاحًا للعموم الآن.');
      expect(page.body).toContain(`${PUBLIC_URL}/r/${slug}`);
      const late = await restarted.inject({ method: 'POST', url: links.waits, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(late.body).toContain('data-state="lifted"');
      expect(await deliveriesOf(releaseId, 'list')).toHaveLength(5);
      const counts = await restarted.inject({ method: 'GET', url: `/api/press-releases/${releaseId}/embargo` });
      expect(counts.statusCode).toBe(401);
    } finally {
      await restarted.close();
    }
    expect((await t.request({ method: 'GET', url: `/api/press-releases/${releaseId}/embargo`, as: 'noor' })).json()).toEqual({ now: 2, asked: 3, agreed: 2, atLift: 1 });
  }, 60_000);
});

describe('an embargoed send to a list where nobody accepts embargoes', () => {
  it('is no longer refused: everyone is asked, and the notice shows the title when the customer chooses so', async () => {
    const emails = [`first-${tag}@wam.test`, `second-${tag}@spa.test`];
    const { listId } = await createListWithContacts(t.db, ownerWorkspaceId, 0, emails);
    const res = await t.request({
      method: 'POST',
      url: '/api/send-press-release',
      as: 'noor',
      payload: releasePayload({ title: 'Al Noor Capital opens in Jeddah', recipientLists: [listId], embargo: EMBARGO, embargoNoticeShowsTitle: true }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().pressRelease).toMatchObject({ status: 'sending', recipientCount: 2, embargoNoticeShowsTitle: true });
    const id = res.json().pressRelease.id;
    expect(await deliveriesOf(id, 'list')).toEqual([]);
    expect(await deliveriesOf(id, 'embargo_notice')).toHaveLength(2);
    const messages = await deliverAll(() => new Date());
    const [mail] = to(messages, emails[0]);
    expect(mail.parsed.subject).toBe('Embargoed press release from Al Noor Capital: Al Noor Capital opens in Jeddah');
    expect(mail.parsed.text).toContain('Al Noor Capital has an embargoed press release for you: “Al Noor Capital opens in Jeddah”.');
    // Its notices are all that went out: the release is sent.
    const [row] = await t.db.select().from(pressReleases).where(eq(pressReleases.id, id));
    expect(row.status).toBe('sent');
  }, 60_000);
});

function arabicVersion() {
  return {
    language: 'arabic',
    title: ARABIC_TITLE,
    subtitle: 'نتائج الربع الثالث',
    content: '<p>أعلنت النور كابيتال اليوم عن أرباح قياسية في الربع الثالث من العام بدعم من نمو الإقراض في المملكة.</p>',
    location: 'الرياض، السعودية',
    boilerplate: 'النور كابيتال شركة استثمار سعودية.',
  };
}
