import type { BrandId } from '../../shared/ids.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { globalContacts } from '../db/schema.js';
import type { RecipientsPage } from '../../shared/releases.js';
import { isMaskedEmail } from '../../shared/contacts.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { startSmtpSink } from '../test/smtp-sink.js';
import { sentReleaseOverSmtp } from '../test/sent-release.js';

/**
 * A client seat never reads a journalist's address (issue 35). The agency has paid (its team sees real
 * addresses); its release of the company's brand goes out over SMTP through the engine to three journalists:
 * one reads it and clicks, one is refused by a relay whose answer names the address. The brand's client then
 * reads every page it may read of that release (the recipients, the report CSV, the campaign's contacts, the
 * analytics, the coverage, the brand report, the dashboard and activity) and finds the names, outlets and
 * outcomes, every address masked, a refusal's text too; the agency's owner and viewer still read them all.
 */

const SECRET = 'a-test-secret-of-some-length';
const DOMAIN = 'bounces.nashr.test';
const READER = 'mona.reader@gulf-desk-news.test';
const REFUSED = 'omar.refused@gulf-desk-news.test';
const QUIET = 'sara.quiet@gulf-desk-news.test';
const JOURNALISTS = [READER, REFUSED, QUIET];
const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
const AGENCY = 'Levant Bridge Communications';

let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let sent: Awaited<ReturnType<typeof sentReleaseOverSmtp>>;
let clientBrand: BrandId;

const get = (as: string, url: string) => t.request({ method: 'GET', url, as });
/** Each address whole, its part before the @, and the journalists' domain: none may reach a client. */
const addressParts = JOURNALISTS.flatMap((email) => [email, email.split('@')[0]]).concat('gulf-desk-news.test');
const leaksIn = (body: string) => addressParts.filter((part) => body.toLowerCase().includes(part));

beforeAll(async () => {
  t = await createTestApp({ REVIEW: 'off' });
  sink = await startSmtpSink({
    respond: (to) => (to.includes(REFUSED) ? { code: 550, text: `5.1.1 <${REFUSED}>: Recipient address rejected` } : undefined),
  });
  sent = await sentReleaseOverSmtp(t, {
    as: 'agency',
    emails: JOURNALISTS,
    smtpUrl: sink.url,
    bounce: { secret: SECRET, domain: DOMAIN },
    account: { companyName: AGENCY },
    release: { title: 'Levant Bridge client launches a date farm' },
  });
  // The journalists have names and outlets: what the client does see.
  await t.db.update(globalContacts).set({ firstName: 'Mona', lastName: 'Haddad', organization: 'Gulf Desk News' }).where(eq(globalContacts.email, READER));
  // The reader opens and clicks, through an app of its own, closed so its buffered events are written.
  const reader = sent.byEmail.get(READER)!;
  const tracking = await buildApp(t.deps, { serveClient: false });
  expect((await tracking.inject({ method: 'GET', url: `/t/o/${reader.token}.gif`, headers: { 'user-agent': BROWSER } })).statusCode).toBe(200);
  expect((await tracking.inject({ method: 'GET', url: `/t/c/${reader.token}/1`, headers: { 'user-agent': BROWSER } })).statusCode).toBe(302);
  await tracking.close();
  const workspaceId = sent.user.workspaceId;
  // The client of the company's own brand (the one the release went out for) and the agency's viewer.
  await t.signInAs('client', { memberOf: { workspaceId, role: 'client', brandIds: [sent.user.companyBrandId] } });
  await t.signInAs('viewer', { memberOf: { workspaceId, role: 'viewer' } });
  const brand = await t.request({ method: 'POST', url: '/api/brands', as: 'agency', payload: { name: 'Cedar Dates Farm' } });
  expect(brand.statusCode, brand.body).toBe(201);
  clientBrand = brand.json().brand.id;
  await t.signInAs('cedarClient', { memberOf: { workspaceId, role: 'client', brandIds: [clientBrand] } });
}, 90_000);
afterAll(async () => {
  await sink.close();
  await t?.close();
});

describe('a client seat of a paid agency', () => {
  it('is told it does not see addresses', async () => {
    const workspace = await get('client', '/api/workspace');
    expect(workspace.json()).toMatchObject({ role: 'client', canViewEmails: false });
    expect((await get('agency', '/api/workspace')).json()).toMatchObject({ role: 'owner', canViewEmails: true });
    expect((await get('viewer', '/api/workspace')).json()).toMatchObject({ role: 'viewer', canViewEmails: true });
  });

  it('reads the recipients with names, outlets and outcomes, every address and refusal masked', async () => {
    const res = await get('client', `/api/press-releases/${sent.releaseId}/recipients`);
    expect(res.statusCode, res.body).toBe(200);
    expect(leaksIn(res.body)).toEqual([]);
    const page = res.json() as RecipientsPage;
    expect(page.total).toBe(3);
    expect(page.items.every((r) => isMaskedEmail(r.email))).toBe(true);
    const reader = page.items.find((r) => r.name === 'Mona Haddad')!;
    expect(reader).toMatchObject({ outlet: 'Gulf Desk News', status: 'sent', opens: 1, clicks: 1 });
    const refused = page.items.find((r) => r.status === 'bounced' || r.status === 'failed')!;
    expect(refused.lastError).toContain('Recipient address rejected');
  });

  it('downloads the report CSV without an address', async () => {
    const res = await get('client', `/api/press-releases/${sent.releaseId}/report.csv?tz=Asia/Dubai&lang=en`);
    expect(res.statusCode, res.body).toBe(200);
    expect(leaksIn(res.body)).toEqual([]);
    expect(res.body).toContain('Mona Haddad');
    expect(res.body).toContain('Gulf Desk News');
    expect(res.body).toContain('Recipient address rejected');
  });

  it('finds no address on any page of the release, its brand or the workspace it may read', async () => {
    const pages = [
      `/api/press-releases/${sent.releaseId}`,
      `/api/press-releases/${sent.releaseId}/analytics`,
      `/api/press-releases/${sent.releaseId}/recipients?status=opened`,
      `/api/press-releases/${sent.releaseId}/recipients?status=bounced`,
      `/api/press-releases/${sent.releaseId}/recipients?status=failed`,
      `/api/press-releases/${sent.releaseId}/report.csv?lang=ar`,
      `/api/press-releases/${sent.releaseId}/coverage`,
      `/api/campaigns/${sent.releaseId}/contacts`,
      `/api/brands/${sent.user.workspaceId}/report`,
      `/api/brands/${sent.user.workspaceId}/report.csv`,
      '/api/press-releases',
      '/api/press-releases/sender',
      '/api/campaigns',
      '/api/campaigns/activity',
      '/api/analytics/dashboard',
      '/api/coverage/recent',
      '/api/newsroom/settings',
      '/api/workspace',
      '/api/brands',
      '/api/auth/me',
      '/api/workspaces',
    ];
    const failures: string[] = [];
    for (const url of pages) {
      const res = await get('client', url);
      if (res.statusCode !== 200) failures.push(`${url} → ${res.statusCode}`);
      const leaks = leaksIn(res.body);
      if (leaks.length) failures.push(`${url} names ${leaks.join(', ')}`);
    }
    expect(failures).toEqual([]);
    // What a client may not read at all answers 404, as before.
    expect((await get('client', '/api/contacts')).statusCode).toBe(404);
    expect((await get('client', `/api/press-releases/${sent.releaseId}/preflight`)).statusCode).toBe(404);
  });

  it('the agency’s owner and viewer still read the real addresses', async () => {
    for (const as of ['agency', 'viewer']) {
      const recipients = await get(as, `/api/press-releases/${sent.releaseId}/recipients`);
      expect(recipients.statusCode, recipients.body).toBe(200);
      const emails = (recipients.json() as RecipientsPage).items.map((r) => r.email).sort();
      expect(emails).toEqual([...JOURNALISTS].sort());
      const report = await get(as, `/api/press-releases/${sent.releaseId}/report.csv`);
      for (const email of JOURNALISTS) expect(report.body).toContain(email);
      expect((await get(as, `/api/campaigns/${sent.releaseId}/contacts`)).body).toContain(READER);
    }
  });
});

describe('the From a client seat reads', () => {
  it('is its own brand’s without brandId, never the company brand’s', async () => {
    const own = await get('cedarClient', '/api/press-releases/sender');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().from).toContain('Cedar Dates Farm');
    expect(own.body).not.toContain(AGENCY);
    expect((await get('cedarClient', `/api/press-releases/sender?brandId=${clientBrand}`)).json().from).toContain('Cedar Dates Farm');
    const company = await get('cedarClient', `/api/press-releases/sender?brandId=${sent.user.workspaceId}`);
    expect(company.statusCode).toBe(404);
    expect(company.body).not.toContain(AGENCY);
  });

  it('the team’s default stays the company brand', async () => {
    const res = await get('agency', '/api/press-releases/sender');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().from).toContain(AGENCY);
  });
});
