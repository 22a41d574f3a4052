import type { BrandId, ReleaseId, WorkspaceId } from '../../shared/ids.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brand } from '../../shared/brands.js';
import { deliveries, userLists, workspaceMembers } from '../db/schema.js';
import { createListWithContacts, releasePayload } from '../releases/release-fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * A client seat (issue 28) against every tenant route: an agency workspace with brands A and B, a sent
 * release and a draft on each, and a client of brand A. Only A's rows answer the client; everything else of
 * the workspace is 404 or empty, and no answer names B, its releases, the lists, the other members or a
 * journalist's address (issue 35: the agency's journalists are its own; a client sees outcomes). The
 * agency's owner still sees both brands. A guard walks the app's routes, so a new tenant route without a
 * case here fails this file.
 */

const NAMES = {
  agency: 'Gulf Bridge PR',
  brandA: 'Alpha Dates Company',
  brandB: 'Bravo Hotels Group',
  sentA: 'Alpha Dates harvest festival opens',
  draftA: 'Alpha Dates draft about exports',
  sentB: 'Bravo Hotels opens a tower in Doha',
  draftB: 'Bravo Hotels draft about the spa',
  list: 'Bravo and Alpha shared journalists',
};

type Seed = {
  workspaceId: WorkspaceId;
  brandA: BrandId;
  brandB: BrandId;
  sentA: ReleaseId;
  draftA: ReleaseId;
  sentB: ReleaseId;
  draftB: ReleaseId;
  attachmentA: string;
  attachmentB: string;
  listId: string;
  contactId: number;
  memberId: string;
  invitationId: string;
  /** The journalists' real addresses (the agency's, paid for): a client seat reads none of them (issue 35). */
  journalists: string[];
};

let t: TestApp;
let s: Seed;

const call = (as: string | undefined, method: string, url: string, payload?: unknown) =>
  t.request({
    method: method as 'GET',
    url,
    as,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function release(brandId: BrandId, title: string, action: 'send_now' | 'save_draft') {
  const res = await call(
    'owner',
    'POST',
    '/api/send-press-release',
    releasePayload({ action, brandId, title, recipientLists: [s.listId] }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pressRelease as { id: ReleaseId; attachments: Array<{ id: string }> };
}

beforeAll(async () => {
  t = await createTestApp({ REVIEW: 'off' });
  const owner = await t.signInAs('owner', {
    companyName: NAMES.agency,
    userType: 'active',
    monthlyPressReleaseLimit: 100,
    trusted: true,
  });
  const workspaceId = owner.workspaceId;
  const { listId, emails: journalists } = await createListWithContacts(t.db, workspaceId, 2);
  await t.db.update(userLists).set({ name: NAMES.list }).where(eq(userLists.id, listId));
  const contacts = await call('owner', 'GET', `/api/user-lists/${listId}/contacts`);
  const made = async (name: string) => {
    const res = await call('owner', 'POST', '/api/brands', { name });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().brand.id as BrandId;
  };
  s = {
    workspaceId,
    brandA: await made(NAMES.brandA),
    brandB: await made(NAMES.brandB),
    listId,
    contactId: contacts.json().items[0].contact.id,
    journalists,
  } as Seed;
  const sentA = await release(s.brandA, NAMES.sentA, 'send_now');
  const sentB = await release(s.brandB, NAMES.sentB, 'send_now');
  Object.assign(s, {
    sentA: sentA.id,
    attachmentA: sentA.attachments[0].id,
    sentB: sentB.id,
    attachmentB: sentB.attachments[0].id,
    draftA: (await release(s.brandA, NAMES.draftA, 'save_draft')).id,
    draftB: (await release(s.brandB, NAMES.draftB, 'save_draft')).id,
  });
  // A relay's refusal names the address it refused: the recipients page and the report carry that text.
  await t.db
    .update(deliveries)
    .set({ status: 'failed', lastError: `550 5.1.1 <${journalists[0]}>: mailbox unavailable` })
    .where(and(eq(deliveries.releaseId, s.sentA), eq(deliveries.email, journalists[0])));
  s.memberId = (await t.signInAs('writer', { memberOf: { workspaceId, role: 'writer' } })).id;
  const invitation = await call('owner', 'POST', '/api/workspace/invitations', {
    email: 'pending-writer@gulfbridge.test',
    role: 'writer',
  });
  expect(invitation.statusCode, invitation.body).toBe(201);
  s.invitationId = invitation.json().id;
  await t.signInAs('client', { memberOf: { workspaceId, role: 'client', brandIds: [s.brandA] } });
}, 90_000);
afterAll(() => t?.close());

/**
 * Everything of the workspace beyond brand A. The list's id is not among them: brand A's release names
 * the lists it went to (their ids, never their names or contacts).
 */
const secrets = () => [
  NAMES.brandB,
  NAMES.sentB,
  NAMES.draftB,
  NAMES.list,
  s.brandB,
  s.sentB,
  s.draftB,
  s.attachmentB,
  s.memberId,
  s.invitationId,
  'pending-writer@gulfbridge.test',
  ...s.journalists,
];
const leaksIn = (body: string) => secrets().filter((secret) => body.includes(secret));

/**
 * What the client gets: `404` (the route is not theirs, or the row is outside their brands), `ok` (200 with
 * A's rows only), or `personal` (the person's own things, answered as to anyone).
 */
type Expect = 404 | 'ok' | 'personal';
type Case = { method: string; url: (s: Seed) => string; payload?: (s: Seed) => unknown; client: Expect };

const releaseRoutes = (id: (s: Seed) => string, kind: 'A' | 'B', sent: boolean): Record<string, Case> => {
  const read: Expect = kind === 'A' ? 'ok' : 404;
  const onSent = (expect: Expect): Expect => (sent ? expect : 404);
  return {
    'GET /api/press-releases/:id': {
      method: 'GET',
      url: (x) => `/api/press-releases/${id(x)}`,
      client: read,
    },
    'DELETE /api/press-releases/:id': {
      method: 'DELETE',
      url: (x) => `/api/press-releases/${id(x)}`,
      client: 404,
    },
    'GET /api/press-releases/:id/preflight': {
      method: 'GET',
      url: (x) => `/api/press-releases/${id(x)}/preflight`,
      client: 404,
    },
    'POST /api/press-releases/:id/test-send': {
      method: 'POST',
      url: (x) => `/api/press-releases/${id(x)}/test-send`,
      client: 404,
    },
    'POST /api/press-releases/:id/duplicate': {
      method: 'POST',
      url: (x) => `/api/press-releases/${id(x)}/duplicate`,
      client: 404,
    },
    'POST /api/press-releases/:id/cancel': {
      method: 'POST',
      url: (x) => `/api/press-releases/${id(x)}/cancel`,
      client: 404,
    },
    'GET /api/press-releases/:id/coverage': {
      method: 'GET',
      url: (x) => `/api/press-releases/${id(x)}/coverage`,
      client: read,
    },
    'POST /api/press-releases/:id/coverage': {
      method: 'POST',
      url: (x) => `/api/press-releases/${id(x)}/coverage`,
      payload: () => ({ url: 'https://news.example.com/story' }),
      client: 404,
    },
    'DELETE /api/press-releases/:id/coverage/:itemId': {
      method: 'DELETE',
      url: (x) => `/api/press-releases/${id(x)}/coverage/1`,
      client: 404,
    },
    'POST /api/press-releases/:id/withdraw': {
      method: 'POST',
      url: (x) => `/api/press-releases/${id(x)}/withdraw`,
      client: 404,
    },
    'GET /api/press-releases/:id/attachments/:attachmentId': {
      method: 'GET',
      url: (x) => `/api/press-releases/${id(x)}/attachments/${kind === 'A' ? x.attachmentA : x.attachmentB}`,
      client: onSent(read),
    },
    'POST /api/press-releases/:id/approve': {
      method: 'POST',
      url: (x) => `/api/press-releases/${id(x)}/approve`,
      client: 404,
    },
    'POST /api/press-releases/:id/return': {
      method: 'POST',
      url: (x) => `/api/press-releases/${id(x)}/return`,
      payload: () => ({ comment: 'Shorter, please' }),
      client: 404,
    },
    'GET /api/press-releases/:id/analytics': {
      method: 'GET',
      url: (x) => `/api/press-releases/${id(x)}/analytics`,
      client: read,
    },
    'GET /api/press-releases/:id/recipients': {
      method: 'GET',
      url: (x) => `/api/press-releases/${id(x)}/recipients`,
      client: read,
    },
    // What journalists wrote back: a client reads its brands' replies (without addresses, below).
    'GET /api/press-releases/:id/replies': {
      method: 'GET',
      url: (x) => `/api/press-releases/${id(x)}/replies`,
      client: read,
    },
    // Who got an embargoed release at once, was asked, or waits for the lift: the team's, like the preflight.
    'GET /api/press-releases/:id/embargo': {
      method: 'GET',
      url: (x) => `/api/press-releases/${id(x)}/embargo`,
      client: 404,
    },
    'GET /api/press-releases/:id/report.csv': {
      method: 'GET',
      url: (x) => `/api/press-releases/${id(x)}/report.csv`,
      client: read,
    },
    'GET /api/campaigns/:id/contacts': {
      method: 'GET',
      url: (x) => `/api/campaigns/${id(x)}/contacts`,
      client: onSent(read),
    },
    // Routes of the client's own approval (when present): never for a release outside its brands.
    'POST /api/press-releases/:id/client-approve': {
      method: 'POST',
      url: (x) => `/api/press-releases/${id(x)}/client-approve`,
      client: kind === 'A' ? 'personal' : 404,
    },
    'POST /api/press-releases/:id/client-return': {
      method: 'POST',
      url: (x) => `/api/press-releases/${id(x)}/client-return`,
      payload: () => ({ comment: 'Not yet' }),
      client: kind === 'A' ? 'personal' : 404,
    },
  };
};

const brandRoutes = (id: (s: Seed) => string, kind: 'A' | 'B'): Record<string, Case> => ({
  'PATCH /api/brands/:id': {
    method: 'PATCH',
    url: (x) => `/api/brands/${id(x)}`,
    payload: () => ({ name: 'Renamed' }),
    client: 404,
  },
  'DELETE /api/brands/:id': { method: 'DELETE', url: (x) => `/api/brands/${id(x)}`, client: 404 },
  'POST /api/brands/:id/archive': { method: 'POST', url: (x) => `/api/brands/${id(x)}/archive`, client: 404 },
  'POST /api/brands/:id/unarchive': {
    method: 'POST',
    url: (x) => `/api/brands/${id(x)}/unarchive`,
    client: 404,
  },
  'PUT /api/brands/:id/logo': { method: 'PUT', url: (x) => `/api/brands/${id(x)}/logo`, client: 404 },
  'DELETE /api/brands/:id/logo': { method: 'DELETE', url: (x) => `/api/brands/${id(x)}/logo`, client: 404 },
  // The brand report (when present): the client downloads its own brand's.
  'GET /api/brands/:id/report': {
    method: 'GET',
    url: (x) => `/api/brands/${id(x)}/report`,
    client: kind === 'A' ? 'ok' : 404,
  },
  'GET /api/brands/:id/report.csv': {
    method: 'GET',
    url: (x) => `/api/brands/${id(x)}/report.csv`,
    client: kind === 'A' ? 'ok' : 404,
  },
});

/** Routes that act on the caller's workspace as a whole. */
const workspaceRoutes: Record<string, Case> = {
  'GET /api/press-releases': { method: 'GET', url: () => '/api/press-releases', client: 'ok' },
  'GET /api/press-releases/sender': { method: 'GET', url: () => '/api/press-releases/sender', client: 'ok' },
  'POST /api/press-releases/preflight': {
    method: 'POST',
    url: () => '/api/press-releases/preflight',
    payload: (x) => ({ recipientLists: [x.listId], content: '<p>New</p>' }),
    client: 404,
  },
  'POST /api/send-press-release': {
    method: 'POST',
    url: () => '/api/send-press-release',
    payload: (x) => releasePayload({ action: 'save_draft', brandId: x.brandA, title: 'Client draft' }),
    client: 404,
  },
  'GET /api/user-lists': { method: 'GET', url: () => '/api/user-lists', client: 404 },
  'POST /api/user-lists': {
    method: 'POST',
    url: () => '/api/user-lists',
    payload: () => ({ name: 'Client list' }),
    client: 404,
  },
  'PATCH /api/user-lists/:id': {
    method: 'PATCH',
    url: (x) => `/api/user-lists/${x.listId}`,
    payload: () => ({ name: 'Client rename' }),
    client: 404,
  },
  'DELETE /api/user-lists/:id': { method: 'DELETE', url: (x) => `/api/user-lists/${x.listId}`, client: 404 },
  'GET /api/user-lists/:id/contacts': {
    method: 'GET',
    url: (x) => `/api/user-lists/${x.listId}/contacts`,
    client: 404,
  },
  'POST /api/user-lists/:id/contacts/bulk': {
    method: 'POST',
    url: (x) => `/api/user-lists/${x.listId}/contacts/bulk`,
    payload: (x) => ({ globalContactIds: [x.contactId] }),
    client: 404,
  },
  'DELETE /api/user-lists/:id/contacts/:contactId': {
    method: 'DELETE',
    url: (x) => `/api/user-lists/${x.listId}/contacts/${x.contactId}`,
    client: 404,
  },
  'GET /api/global-contacts': { method: 'GET', url: () => '/api/global-contacts', client: 404 },
  'GET /api/global-contacts/facets': { method: 'GET', url: () => '/api/global-contacts/facets', client: 404 },
  'GET /api/global-contacts/:id': {
    method: 'GET',
    url: (x) => `/api/global-contacts/${x.contactId}`,
    client: 404,
  },
  'GET /api/contacts': { method: 'GET', url: () => '/api/contacts', client: 404 },
  'GET /api/subscription/status': { method: 'GET', url: () => '/api/subscription/status', client: 404 },
  'GET /api/subscription/history': { method: 'GET', url: () => '/api/subscription/history', client: 404 },
  'GET /api/subscription/spends': { method: 'GET', url: () => '/api/subscription/spends', client: 404 },
  // Billing details and tax invoices are the team's (issue 29): a client seat hears of none of them.
  'GET /api/billing/profile': { method: 'GET', url: () => '/api/billing/profile', client: 404 },
  'PUT /api/billing/profile': {
    method: 'PUT',
    url: () => '/api/billing/profile',
    payload: () => ({ legalName: 'Client Co', address: 'Riyadh', country: 'Saudi Arabia' }),
    client: 404,
  },
  'GET /api/billing/quote': { method: 'GET', url: () => '/api/billing/quote?planId=package_1', client: 404 },
  'GET /api/billing/invoices': { method: 'GET', url: () => '/api/billing/invoices', client: 404 },
  'GET /api/billing/invoices/:id': { method: 'GET', url: () => `/api/billing/invoices/${crypto.randomUUID()}`, client: 404 },
  'GET /api/billing/invoices/:id/pdf': { method: 'GET', url: () => `/api/billing/invoices/${crypto.randomUUID()}/pdf`, client: 404 },
  'POST /api/subscription/create': {
    method: 'POST',
    url: () => '/api/subscription/create',
    payload: () => ({ planId: 'package_1' }),
    client: 404,
  },
  'POST /api/subscription/process-success': {
    method: 'POST',
    url: () => '/api/subscription/process-success',
    payload: () => ({ paymentIntentId: 'pi_demo_123' }),
    client: 404,
  },
  'POST /api/subscription/demo/confirm': {
    method: 'POST',
    url: () => '/api/subscription/demo/confirm',
    payload: () => ({ paymentIntentId: 'pi_demo_123', cardNumber: '4242424242424242' }),
    client: 404,
  },
  'GET /api/campaigns': { method: 'GET', url: () => '/api/campaigns', client: 'ok' },
  'GET /api/campaigns/activity': { method: 'GET', url: () => '/api/campaigns/activity', client: 'ok' },
  'GET /api/analytics/dashboard': { method: 'GET', url: () => '/api/analytics/dashboard', client: 'ok' },
  'GET /api/coverage/recent': { method: 'GET', url: () => '/api/coverage/recent', client: 'ok' },
  // A client reads its own brand's newsroom settings (the first brand it may see), never another's.
  'GET /api/newsroom/settings': { method: 'GET', url: () => '/api/newsroom/settings', client: 'ok' },
  'PATCH /api/newsroom/settings': {
    method: 'PATCH',
    url: () => '/api/newsroom/settings',
    payload: () => ({ enabled: false }),
    client: 404,
  },
  'GET /api/workspace': { method: 'GET', url: () => '/api/workspace', client: 'ok' },
  'PATCH /api/workspace': {
    method: 'PATCH',
    url: () => '/api/workspace',
    payload: () => ({ requireSecondApproval: true }),
    client: 404,
  },
  'POST /api/workspace/delete': {
    method: 'POST',
    url: () => '/api/workspace/delete',
    payload: () => ({ name: NAMES.agency }),
    client: 404,
  },
  'GET /api/workspace/activity': { method: 'GET', url: () => '/api/workspace/activity', client: 404 },
  'GET /api/workspace/members': { method: 'GET', url: () => '/api/workspace/members', client: 404 },
  'PATCH /api/workspace/members/:userId': {
    method: 'PATCH',
    url: (x) => `/api/workspace/members/${x.memberId}`,
    payload: () => ({ role: 'viewer' }),
    client: 404,
  },
  'DELETE /api/workspace/members/:userId': {
    method: 'DELETE',
    url: (x) => `/api/workspace/members/${x.memberId}`,
    client: 404,
  },
  'GET /api/workspace/invitations': { method: 'GET', url: () => '/api/workspace/invitations', client: 404 },
  'POST /api/workspace/invitations': {
    method: 'POST',
    url: () => '/api/workspace/invitations',
    payload: () => ({ email: 'client-guest@gulfbridge.test', role: 'viewer' }),
    client: 404,
  },
  'DELETE /api/workspace/invitations/:id': {
    method: 'DELETE',
    url: (x) => `/api/workspace/invitations/${x.invitationId}`,
    client: 404,
  },
  'POST /api/workspace/invitations/:id/resend': {
    method: 'POST',
    url: (x) => `/api/workspace/invitations/${x.invitationId}/resend`,
    client: 404,
  },
  'GET /api/brands': { method: 'GET', url: () => '/api/brands', client: 'ok' },
  'POST /api/brands': {
    method: 'POST',
    url: () => '/api/brands',
    payload: () => ({ name: 'Client brand' }),
    client: 404,
  },
  'PUT /api/auth/profile': {
    method: 'PUT',
    url: () => '/api/auth/profile',
    payload: () => ({
      firstName: 'client',
      lastName: 'Tester',
      companyName: 'Renamed by client',
      email: 'x@y.test',
    }),
    client: 404,
  },
};

/**
 * Routes that are not a workspace's: the person's own account and workspaces, the platform's (super admins,
 * the review editors), public pages and webhooks. Each is named, so a new route must be placed here or above.
 */
const NOT_TENANT = [
  /^\S+ \/api\/auth\//,
  /^\S+ \/api\/admin\//,
  /^\S+ \/api\/review\//,
  /^\S+ \/api\/webhooks\//,
  /^\S+ \/api\/invitations\//,
  // A journalist's preference page, reached by the signed link of a delivery: no workspace's at all.
  /^\S+ \/api\/preferences\//,
  /^\S+ \/api\/newsroom\/:slug\/subscribe$/,
  /^GET \/api\/subscription\/plans$/,
  /^(POST|PUT|DELETE) \/api\/global-contacts/,
  /^GET \/api\/global-contacts\/(template|export)$/,
  /^GET \/api\/brands\/:id\/logo$/,
  /^(GET|POST) \/api\/workspaces$/,
  /^PUT \/api\/workspaces\/current$/,
  /^POST \/api\/workspace\/leave$/,
];

/** "METHOD /path" of every /api route, read from the router's tree (HEAD is GET's twin). */
function apiRoutes(): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack.push(`${stack.at(-1) ?? ''}${match[2]}`);
    const path = stack.at(-1)!;
    if (!path.startsWith('/api/')) continue;
    for (const method of match[3].split(', ')) if (method !== 'HEAD') found.push(`${method} ${path}`);
  }
  return found;
}

const allCases = (): Array<[string, string, Case]> => [
  ...Object.entries(workspaceRoutes).map(([route, c]) => [route, 'workspace', c] as [string, string, Case]),
  ...Object.entries(releaseRoutes((x) => x.sentA, 'A', true)).map(
    ([r, c]) => [r, 'sent A', c] as [string, string, Case],
  ),
  ...Object.entries(releaseRoutes((x) => x.draftA, 'A', false)).map(
    ([r, c]) => [r, 'draft A', c] as [string, string, Case],
  ),
  ...Object.entries(releaseRoutes((x) => x.sentB, 'B', true)).map(
    ([r, c]) => [r, 'sent B', c] as [string, string, Case],
  ),
  ...Object.entries(releaseRoutes((x) => x.draftB, 'B', false)).map(
    ([r, c]) => [r, 'draft B', c] as [string, string, Case],
  ),
  ...Object.entries(brandRoutes((x) => x.brandA, 'A')).map(
    ([r, c]) => [r, 'brand A', c] as [string, string, Case],
  ),
  ...Object.entries(brandRoutes((x) => x.brandB, 'B')).map(
    ([r, c]) => [r, 'brand B', c] as [string, string, Case],
  ),
];

describe('every tenant route has a case', () => {
  it('the app’s /api routes are each a case here or named as not a workspace’s', () => {
    const covered = new Set(allCases().map(([route]) => route));
    const missing = apiRoutes().filter(
      (route) => !covered.has(route) && !NOT_TENANT.some((re) => re.test(route)),
    );
    expect(missing).toEqual([]);
  });
});

describe('a client seat of brand A', () => {
  it('gets only brand A’s rows, 404 for everything else, and never a word of B, the lists or the members', async () => {
    const present = new Set(apiRoutes());
    const failures: string[] = [];
    for (const [route, target, c] of allCases()) {
      if (!present.has(route)) continue; // a route another part of the issue adds (the brand report, client approval)
      const url = c.url(s);
      const res = await call('client', c.method, url, c.payload?.(s));
      const label = `${route} (${target}) → ${res.statusCode}`;
      if (c.client === 404 && res.statusCode !== 404)
        failures.push(`${label}, expected 404: ${res.body.slice(0, 200)}`);
      if (c.client === 'ok' && res.statusCode !== 200)
        failures.push(`${label}, expected 200: ${res.body.slice(0, 200)}`);
      if (c.client === 'personal' && (res.statusCode === 404 || res.statusCode >= 500))
        failures.push(`${label}, expected the client's own answer`);
      const leaks = leaksIn(res.body);
      if (leaks.length) failures.push(`${label} names ${leaks.join(', ')}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('lists brand A’s releases, campaigns, brands and dashboard; figures count A only', async () => {
    const releases = await call('client', 'GET', '/api/press-releases');
    const ids = releases.json().items.map((r: { id: string }) => r.id);
    expect(ids.sort()).toEqual([s.sentA, s.draftA].sort());
    const campaigns = await call('client', 'GET', '/api/campaigns');
    expect(campaigns.json().total).toBe(1);
    expect(campaigns.body).toContain(s.sentA);
    const brands = (await call('client', 'GET', '/api/brands')).json().brands as Brand[];
    expect(brands.map((b) => b.name)).toEqual([NAMES.brandA]);
    const dashboard = (await call('client', 'GET', '/api/analytics/dashboard')).json();
    expect(dashboard.totalReleases).toBe(2);
    expect(dashboard.mediaContacts).toBe(0);
    const workspace = (await call('client', 'GET', '/api/workspace')).json();
    expect(workspace).toMatchObject({ role: 'client', brandIds: [s.brandA] });
  });

  it('the agency’s owner still sees both brands and all four releases', async () => {
    const releases = await call('owner', 'GET', '/api/press-releases');
    const ids = releases.json().items.map((r: { id: string }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([s.sentA, s.draftA, s.sentB, s.draftB]));
    const brands = (await call('owner', 'GET', '/api/brands')).json().brands as Brand[];
    expect(brands.map((b) => b.name)).toEqual(expect.arrayContaining([NAMES.brandA, NAMES.brandB]));
    expect((await call('owner', 'GET', '/api/campaigns')).json().total).toBe(2);
    expect((await call('owner', 'GET', `/api/press-releases/${s.sentB}`)).statusCode).toBe(200);
    expect((await call('owner', 'GET', '/api/user-lists')).body).toContain(NAMES.list);
  });
});

describe('client seats in invitations and members', () => {
  const invite = (payload: object) => call('owner', 'POST', '/api/workspace/invitations', payload);

  it('a client invitation needs at least one active brand of this workspace', async () => {
    const none = await invite({ email: 'c1@client.test', role: 'client' });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ code: 'CLIENT_BRANDS_REQUIRED', errors: [{ path: 'brandIds' }] });
    expect((await invite({ email: 'c1@client.test', role: 'client', brandIds: [] })).json().code).toBe(
      'CLIENT_BRANDS_REQUIRED',
    );
    const other = await t.signInAs('otherAgency', { companyName: 'Other Agency' });
    const foreign = await invite({ email: 'c1@client.test', role: 'client', brandIds: [other.workspaceId] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('BRAND_NOT_FOUND');
    const bad = await invite({ email: 'c1@client.test', role: 'client', brandIds: ['not-a-uuid'] });
    expect(bad.statusCode).toBe(422);
    const archived = (await call('owner', 'POST', '/api/brands', { name: 'Archived Client' })).json().brand
      .id;
    expect((await call('owner', 'POST', `/api/brands/${archived}/archive`)).statusCode).toBe(200);
    const old = await invite({ email: 'c1@client.test', role: 'client', brandIds: [archived] });
    expect(old.statusCode).toBe(422);
    expect(old.json().code).toBe('BRAND_ARCHIVED');
    const writer = await invite({ email: 'w1@client.test', role: 'writer', brandIds: [s.brandA] });
    expect(writer.statusCode).toBe(201);
    expect(writer.json().brandIds).toBeNull();
  });

  it('the invited client joins limited to the brands named in the mail (EN), and sees only them', async () => {
    const from = t.smtp.messages.length;
    const res = await invite({
      email: 'dates-ceo@client.test',
      role: 'client',
      brandIds: [s.brandA, s.brandA],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ role: 'client', brandIds: [s.brandA] });
    const mail = await t.smtp.waitForMail((m) => m.envelopeTo.includes('dates-ceo@client.test'), from);
    expect(mail.parsed.text).toContain(NAMES.brandA);
    expect(mail.parsed.text).not.toContain(NAMES.brandB);
    const token = decodeURIComponent(
      /\/invitation\?token=([A-Za-z0-9_%-]+)/.exec(mail.parsed.text ?? '')![1],
    );
    const person = await t.signInAs('invitedClient', {
      email: 'dates-ceo@client.test',
      companyName: 'Own Co',
    });
    const accepted = await call(
      'invitedClient',
      'POST',
      `/api/invitations/${encodeURIComponent(token)}/accept`,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [seat] = await t.db
      .select()
      .from(workspaceMembers)
      .where(eq(workspaceMembers.userId, person.id))
      .then((rows) => rows.filter((r) => r.workspaceId === s.workspaceId));
    expect(seat).toMatchObject({ role: 'client', brandIds: [s.brandA] });
    const brands = (await call('invitedClient', 'GET', '/api/brands')).json().brands as Brand[];
    expect(brands.map((b) => b.id)).toEqual([s.brandA]);
  });

  it('the Arabic invitation names the brand in Arabic', async () => {
    const arabic = await t.signInAs('arabicAgency', { companyName: 'وكالة الخليج', language: 'ar' });
    const brand = await call('arabicAgency', 'POST', '/api/brands', {
      name: 'Oasis Foods',
      nameAr: 'أطعمة الواحة',
    });
    expect(brand.statusCode, brand.body).toBe(201);
    const from = t.smtp.messages.length;
    const res = await call('arabicAgency', 'POST', '/api/workspace/invitations', {
      email: 'oasis@client.test',
      role: 'client',
      brandIds: [brand.json().brand.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(arabic.id).toBeTruthy();
    const mail = await t.smtp.waitForMail((m) => m.envelopeTo.includes('oasis@client.test'), from);
    expect(mail.parsed.text).toContain('«أطعمة الواحة»');
  });

  it('changing a member to client sets its brands, back to a team role clears them', async () => {
    const member = await t.signInAs('becomesClient', {
      memberOf: { workspaceId: s.workspaceId, role: 'viewer' },
    });
    const url = `/api/workspace/members/${member.id}`;
    const missing = await call('owner', 'PATCH', url, { role: 'client' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().code).toBe('CLIENT_BRANDS_REQUIRED');
    const toClient = await call('owner', 'PATCH', url, { role: 'client', brandIds: [s.brandB] });
    expect(toClient.statusCode, toClient.body).toBe(200);
    expect(toClient.json()).toMatchObject({ role: 'client', brandIds: [s.brandB] });
    const ids = (await call('becomesClient', 'GET', '/api/press-releases'))
      .json()
      .items.map((r: { id: string }) => r.id);
    expect(ids.sort()).toEqual([s.sentB, s.draftB].sort());
    const moreBrands = await call('owner', 'PATCH', url, { role: 'client', brandIds: [s.brandA, s.brandB] });
    expect(moreBrands.json().brandIds).toEqual([s.brandA, s.brandB]);
    const back = await call('owner', 'PATCH', url, { role: 'writer', brandIds: [s.brandA] });
    expect(back.json()).toMatchObject({ role: 'writer', brandIds: null });
    expect((await call('becomesClient', 'GET', '/api/user-lists')).statusCode).toBe(200);
  });
});
