import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { auditLog } from '../db/schema.js';
import { createListWithContacts, releasePayload } from '../releases/release-fixtures.js';
import { recordAudit } from './audit.service.js';
import type { AuditEntry, Paged } from '../../shared/admin.js';

/**
 * The audit log in words (issue 29): entries recorded by real actions (a release sent, a role changed, an
 * outlet feed added) and by the desk's own recorder, read back with names, filtered, and exported as CSV.
 */

let t: TestApp;
let root: Awaited<ReturnType<TestApp['signInAs']>>;
let layla: Awaited<ReturnType<TestApp['signInAs']>>;
let promoted: Awaited<ReturnType<TestApp['signInAs']>>;
let releaseId: string;
let feedId: string;

beforeAll(async () => {
  t = await createTestApp();
  root = await t.signInAs('root', { role: 'super_admin', firstName: 'Omar', lastName: 'Haddad' });
  layla = await t.signInAs('layla', { firstName: 'Layla', lastName: 'Saeed', companyName: 'Gulf Horizon', userType: 'active', monthlyPressReleaseLimit: 10, trusted: true });
  promoted = await t.signInAs('promoted', { firstName: 'Sami', lastName: 'Nasser' });
  // Layla sends a release (its workspace's activity); the title would be a formula in a spreadsheet.
  const list = await createListWithContacts(t.db, layla.workspaceId, 1, ['reader@journalists.test']);
  const sent = await t.request({ method: 'POST', url: '/api/send-press-release', as: 'layla', payload: releasePayload({ recipientLists: [list.listId], title: '=Marina Vista opens' }) });
  expect(sent.statusCode, sent.body).toBe(200);
  releaseId = sent.json().pressRelease.id;
  // The operator changes a role and adds an outlet feed.
  expect((await t.request({ method: 'PUT', url: `/api/admin/users/${promoted.id}/role`, as: 'root', payload: { role: 'admin' } })).statusCode).toBe(200);
  const feed = await t.request({ method: 'POST', url: '/api/admin/feeds', as: 'root', payload: { url: 'https://news.example.com/rss', outlet: 'Example Daily', country: 'UAE', language: 'english' } });
  expect(feed.statusCode, feed.body).toBe(201);
  feedId = feed.json().id;
  // An editor's decision and a grant, as the review and the desk record them: a release id and a workspace id.
  await recordAudit(t.db, { id: root.id, email: root.email }, 'review.approved', releaseId, { title: 'an older title' });
  await recordAudit(t.db, { id: root.id, email: root.email }, 'workspace.granted', layla.workspaceId, { workspaceName: 'Gulf Horizon', releases: 2, reason: 'Launch week' });
  // A system entry dated on a day of its own, to test the period.
  await recordAudit(t.db, null, 'feed.imported', null, { created: 3 });
  await t.db.update(auditLog).set({ createdAt: new Date('2026-01-10T23:59:00Z') }).where(eq(auditLog.action, 'feed.imported'));
});
afterAll(() => t.close());

const audit = async (query = '', as = 'root') => {
  const res = await t.request({ method: 'GET', url: `/api/admin/audit?${query}`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Paged<AuditEntry>;
};
const actions = async (query: string) => (await audit(query)).items.map((e) => e.action).sort();

describe('GET /api/admin/audit', () => {
  it('names the actor, the workspace and the target instead of ids', async () => {
    const { items, total } = await audit();
    expect(total).toBe(6);
    const byAction = new Map(items.map((e) => [e.action, e]));
    expect(byAction.get('workspace:release.sent')).toMatchObject({
      actor: { id: layla.id, name: 'Layla Saeed', email: layla.email },
      workspace: { id: layla.workspaceId, name: 'Gulf Horizon' },
      targetName: '=Marina Vista opens',
    });
    // The release is named by its title now, whatever the entry once recorded.
    expect(byAction.get('review.approved')).toMatchObject({ target: releaseId, targetName: '=Marina Vista opens', workspace: { name: 'Gulf Horizon' } });
    expect(byAction.get('user.role_changed')).toMatchObject({ actor: { name: 'Omar Haddad' }, target: promoted.email, targetName: 'Sami Nasser' });
    expect(byAction.get('feed.created')).toMatchObject({ target: feedId, targetName: 'Example Daily' });
    expect(byAction.get('workspace.granted')).toMatchObject({ workspace: { id: layla.workspaceId, name: 'Gulf Horizon' }, details: { releases: 2, reason: 'Launch week' } });
    expect(byAction.get('feed.imported')).toMatchObject({ actor: null, workspace: null, targetName: null });
  });

  it('filters by actor name or address, workspace, kind and period (UTC days, both included)', async () => {
    expect(await actions('actor=layla saeed')).toEqual(['workspace:release.sent']);
    expect(await actions(`actor=${encodeURIComponent(root.email.toUpperCase())}`)).toEqual(['feed.created', 'review.approved', 'user.role_changed', 'workspace.granted']);
    expect(await actions('actor=%25')).toEqual([]);
    expect(await actions(`workspace=${layla.workspaceId}`)).toEqual(['workspace.granted', 'workspace:release.sent']);
    expect(await actions('kind=release.')).toEqual(['workspace:release.sent']);
    expect(await actions('kind=feed.')).toEqual(['feed.created', 'feed.imported']);
    expect(await actions('kind=review.approved')).toEqual(['review.approved']);
    expect(await actions('kind=review')).toEqual([]);
    expect(await actions('from=2026-01-10&to=2026-01-10')).toEqual(['feed.imported']);
    expect(await actions('from=2026-01-11&to=2026-01-11')).toEqual([]);
    expect(await actions('to=2026-01-09')).toEqual([]);
    const paged = await audit('pageSize=2&page=3');
    expect(paged).toMatchObject({ total: 6, page: 3, pageSize: 2 });
    expect(paged.items).toHaveLength(2);
  });

  it('refuses bad filters with 422 and answers only super admins', async () => {
    for (const query of ['from=2026-13-01', 'to=yesterday', 'workspace=not-an-id', 'page=0', `actor=${'x'.repeat(201)}`, 'actor=a%00b']) {
      const res = await t.request({ method: 'GET', url: `/api/admin/audit?${query}`, as: 'root' });
      expect(res.statusCode, query).toBe(422);
    }
    expect((await t.request({ method: 'GET', url: '/api/admin/audit', as: 'layla' })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/admin/audit.csv', as: 'layla' })).statusCode).toBe(403);
  });
});

describe('GET /api/admin/audit.csv', () => {
  it('exports the filtered entries with names, headers in the reader language and formulas neutralised', async () => {
    const res = await t.request({ method: 'GET', url: `/api/admin/audit.csv?workspace=${layla.workspaceId}`, as: 'root' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('audit-log');
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('"Time (UTC)","Actor","Actor email","Action","Workspace","Target","Target id","Details"');
    expect(lines).toHaveLength(3);
    const sent = lines.find((line) => line.includes('workspace:release.sent'))!;
    expect(sent).toContain('"Layla Saeed"');
    expect(sent).toContain('"Gulf Horizon"');
    // A cell that a spreadsheet would run as a formula starts with a quote.
    expect(sent).toContain(`"'=Marina Vista opens"`);
    expect(sent).not.toMatch(/(^|,)"=/);

    const arabic = await t.request({ method: 'GET', url: '/api/admin/audit.csv?lang=ar&kind=feed.', as: 'root' });
    expect(arabic.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toContain('"المنفّذ"');
    expect(arabic.body.trim().split('\r\n')).toHaveLength(3);
    const byHeader = await t.request({ method: 'GET', url: '/api/admin/audit.csv', as: 'root', headers: { 'accept-language': 'ar-AE,ar;q=0.9' } });
    expect(byHeader.body).toContain('"الإجراء"');
    expect((await t.request({ method: 'GET', url: '/api/admin/audit.csv?lang=fr', as: 'root' })).statusCode).toBe(422);
  });
});
