import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suppress } from '../suppressions/suppressions.service.js';
import { auditLog, pressReleases, suppressions, users } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

const ADMIN_ENDPOINTS: Array<{ method: 'GET' | 'PUT' | 'DELETE'; url: string; payload?: object }> = [
  { method: 'GET', url: '/api/admin/stats' },
  { method: 'GET', url: '/api/admin/users' },
  { method: 'PUT', url: '/api/admin/users/00000000-0000-4000-8000-000000000000/role', payload: { role: 'super_admin' } },
  { method: 'GET', url: '/api/admin/outbox' },
  { method: 'GET', url: '/api/admin/outbox/1' },
  { method: 'GET', url: '/api/admin/suppressions' },
  { method: 'DELETE', url: '/api/admin/suppressions/someone%40example.com' },
  { method: 'GET', url: '/api/admin/audit' },
];

describe('admin console', () => {
  let t: TestApp;
  let root: Awaited<ReturnType<TestApp['signInAs']>>;
  beforeAll(async () => {
    // Capture mode (no SMTP_URL): messages are kept for the Outbox.
    t = await createTestApp({ SMTP_URL: '' });
    root = await t.signInAs('root', { role: 'super_admin' });
  });
  afterAll(() => t.close());

  it('answers 401 when signed out and 403 to users and admins on every endpoint', async () => {
    await t.signInAs('plain');
    await t.signInAs('helper', { role: 'admin', userType: 'active' });
    for (const endpoint of ADMIN_ENDPOINTS) {
      expect((await t.request(endpoint)).statusCode, endpoint.url).toBe(401);
      for (const as of ['plain', 'helper']) {
        const res = await t.request({ ...endpoint, as });
        expect(res.statusCode, `${as} ${endpoint.url}`).toBe(403);
        expect(res.json().code).toBe('SUPER_ADMIN_REQUIRED');
      }
    }
    const [plain] = await t.db.select().from(users).where(eq(users.firstName, 'plain'));
    expect(plain.role).toBe('user');
  });

  it('counts users and releases, with the latest users', async () => {
    const fresh = await createTestApp();
    try {
      await fresh.signInAs('boss', { role: 'super_admin' });
      const trial = await fresh.signInAs('trial');
      const active = await fresh.signInAs('active', { userType: 'active', subscriptionStatus: 'active', monthlyPressReleaseLimit: 2 });
      await fresh.db.insert(pressReleases).values([
        { workspaceId: trial.workspaceId, brandId: trial.companyBrandId, authorId: trial.id, title: 'Draft release', status: 'draft' },
        { workspaceId: active.workspaceId, brandId: active.companyBrandId, authorId: active.id, title: 'Sent release', status: 'sent' },
        { workspaceId: active.workspaceId, brandId: active.companyBrandId, authorId: active.id, title: 'Another sent', status: 'sent' },
      ]);
      const res = await fresh.request({ method: 'GET', url: '/api/admin/stats', as: 'boss' });
      expect(res.statusCode).toBe(200);
      const stats = res.json();
      expect(stats).toMatchObject({ totalUsers: 3, activeUsers: 1, customerWorkspaces: 2, totalReleases: 3, sentReleases: 2 });
      expect(stats.recentUsers.map((u: { firstName: string }) => u.firstName)).toEqual(['active', 'trial', 'boss']);
      expect(res.body).not.toMatch(/password/i);
    } finally {
      await fresh.close();
    }
  });

  it('lists users page by page, newest first, with search, never with a password field', async () => {
    const listed = [];
    for (let i = 0; i < 5; i++) listed.push(await t.signInAs(`listed${i}`, { companyName: i % 2 ? 'Gulf Media' : 'Levant Press' }));
    const first = await t.request({ method: 'GET', url: '/api/admin/users?page=1&pageSize=2', as: 'root' });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ page: 1, pageSize: 2 });
    expect(body.items).toHaveLength(2);
    expect(body.total).toBeGreaterThanOrEqual(6);
    expect(body.items[0].firstName).toBe('listed4');
    expect(first.body).not.toMatch(/password/i);
    expect(Object.keys(body.items[0]).sort()).toEqual(
      [
        'companyName',
        'createdAt',
        'customer',
        'email',
        'firstName',
        'id',
        'lastName',
        'monthlyPressReleaseLimit',
        'pressReleasesUsedThisMonth',
        'role',
        'subscriptionStatus',
        'trusted',
        'userType',
        'verified',
        'workspaceId',
      ].sort(),
    );
    // The console links each person to their own workspace's page.
    expect(body.items[0].workspaceId).toBe(listed[4].workspaceId);
    expect(body.items[0].customer).toBe(true);
    const second = (await t.request({ method: 'GET', url: '/api/admin/users?page=2&pageSize=2', as: 'root' })).json();
    expect(second.items[0].id).not.toBe(body.items[0].id);

    const search = (await t.request({ method: 'GET', url: '/api/admin/users?search=gulf%20media', as: 'root' })).json();
    expect(search.total).toBe(2);
    expect(search.items.every((u: { companyName: string }) => u.companyName === 'Gulf Media')).toBe(true);
    const byName = (await t.request({ method: 'GET', url: '/api/admin/users?search=listed3%20tester', as: 'root' })).json();
    expect(byName.items.map((u: { firstName: string }) => u.firstName)).toEqual(['listed3']);
    const wildcard = (await t.request({ method: 'GET', url: '/api/admin/users?search=%25', as: 'root' })).json();
    expect(wildcard.total).toBe(0);
  });

  it('refuses malformed paging and searches with 422, never a 500', async () => {
    const queries = ['page=0', 'page=abc', 'page=1&page=2', 'pageSize=1000', `search=${'x'.repeat(201)}`, 'search=a&search=b', 'search=%00', 'search=a%0Ab'];
    for (const path of ['users', 'outbox', 'suppressions']) {
      for (const query of queries) {
        const res = await t.request({ method: 'GET', url: `/api/admin/${path}?${query}`, as: 'root' });
        expect(res.statusCode, `${path}?${query}`).toBe(422);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
    }
    const nul = (await t.request({ method: 'GET', url: '/api/admin/users?search=%00', as: 'root' })).json();
    expect(nul.errors).toEqual([{ path: 'search', message: 'Search contains characters that are not allowed' }]);
    for (const query of ['page=0', 'pageSize=abc']) {
      expect((await t.request({ method: 'GET', url: `/api/admin/audit?${query}`, as: 'root' })).statusCode, `audit?${query}`).toBe(422);
    }
    // Unknown parameters are ignored.
    expect((await t.request({ method: 'GET', url: '/api/admin/users?sort=password&role=x', as: 'root' })).statusCode).toBe(200);
  });

  it('changes a role, records it in the audit log, and accepts only the three roles', async () => {
    const target = await t.signInAs('promoted');
    const url = `/api/admin/users/${target.id}/role`;
    for (const role of ['owner', '', 'SUPER_ADMIN', 42]) {
      const bad = await t.request({ method: 'PUT', url, as: 'root', payload: { role } });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors[0]).toMatchObject({ path: 'role', message: 'Role must be one of user, admin, super_admin' });
    }
    expect((await t.request({ method: 'PUT', url, as: 'root', payload: {} })).statusCode).toBe(422);

    const res = await t.request({ method: 'PUT', url, as: 'root', payload: { role: 'admin' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ changed: true, user: { id: target.id, role: 'admin' } });
    expect(res.body).not.toMatch(/password/i);

    const same = await t.request({ method: 'PUT', url, as: 'root', payload: { role: 'admin' } });
    expect(same.json()).toMatchObject({ changed: false });

    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.role_changed'));
    const mine = entries.filter((e) => e.target === target.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ actorId: root.id, actorEmail: root.email, details: { userId: target.id, from: 'user', to: 'admin' } });

    const audit = (await t.request({ method: 'GET', url: '/api/admin/audit', as: 'root' })).json();
    expect(audit.items[0]).toMatchObject({ action: 'user.role_changed', actor: { id: root.id, email: root.email }, target: target.email, targetName: 'promoted Tester' });
    expect(audit).toMatchObject({ page: 1, pageSize: 20 });
  });

  it('promotes to super admin with immediate effect, and answers 404 for unknown or malformed ids', async () => {
    const target = await t.signInAs('rising');
    await t.request({ method: 'PUT', url: `/api/admin/users/${target.id}/role`, as: 'root', payload: { role: 'super_admin' } });
    expect((await t.request({ method: 'GET', url: '/api/admin/stats', as: 'rising' })).statusCode).toBe(200);
    const status = (await t.request({ method: 'GET', url: '/api/subscription/status', as: 'rising' })).json();
    expect(status).toMatchObject({ isSuperAdmin: true, userType: 'super_admin' });

    const unknown = await t.request({
      method: 'PUT',
      url: '/api/admin/users/00000000-0000-4000-8000-000000000000/role',
      as: 'root',
      payload: { role: 'admin' },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await t.request({ method: 'PUT', url: '/api/admin/users/not-a-uuid/role', as: 'root', payload: { role: 'admin' } })).statusCode).toBe(404);
  });

  it('shows captured messages newest first, and one message with its HTML', async () => {
    await t.deps.mailer.send({ to: 'first@example.com', subject: 'First', html: '<p>first</p>', text: 'first' });
    await t.deps.mailer.send({ to: 'second@example.com', subject: 'Second', html: '<p>second <script>x</script></p>', text: 'second' });
    const res = await t.request({ method: 'GET', url: '/api/admin/outbox', as: 'root' });
    expect(res.statusCode).toBe(200);
    const outbox = res.json();
    expect(outbox).toMatchObject({ mode: 'capture', total: 2, page: 1 });
    expect(outbox.items.map((m: { subject: string }) => m.subject)).toEqual(['Second', 'First']);
    expect(outbox.items[0]).not.toHaveProperty('html');

    const one = await t.request({ method: 'GET', url: `/api/admin/outbox/${outbox.items[0].id}`, as: 'root' });
    expect(one.json()).toMatchObject({ to: 'second@example.com', subject: 'Second', html: '<p>second <script>x</script></p>', text: 'second' });
    expect((await t.request({ method: 'GET', url: '/api/admin/outbox/999999', as: 'root' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/admin/outbox/abc', as: 'root' })).statusCode).toBe(404);

    const search = (await t.request({ method: 'GET', url: '/api/admin/outbox?search=first', as: 'root' })).json();
    expect(search.items.map((m: { subject: string }) => m.subject)).toEqual(['First']);
  });

  it('lists suppressions and lifts one, with an audit entry', async () => {
    await suppress(t.db, 'Bounced@Example.com', 'bounced');
    await suppress(t.db, 'gone@example.com', 'unsubscribed');
    const list = (await t.request({ method: 'GET', url: '/api/admin/suppressions', as: 'root' })).json();
    expect(list).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(list.items.map((s: { email: string }) => s.email).sort()).toEqual(['bounced@example.com', 'gone@example.com']);
    expect(list.items[0]).toHaveProperty('reason');
    expect(list.items[0]).toHaveProperty('createdAt');

    const lifted = await t.request({ method: 'DELETE', url: '/api/admin/suppressions/BOUNCED%40example.com', as: 'root' });
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json()).toEqual({ lifted: true, email: 'bounced@example.com' });
    expect(await t.db.select().from(suppressions).where(eq(suppressions.email, 'bounced@example.com'))).toHaveLength(0);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'suppression.lifted'));
    expect(entry).toMatchObject({ actorEmail: root.email, target: 'bounced@example.com' });

    const again = await t.request({ method: 'DELETE', url: '/api/admin/suppressions/bounced%40example.com', as: 'root' });
    expect(again.statusCode).toBe(404);
    for (const odd of ['%00', 'gone%00%40example.com', '%20']) {
      const res = await t.request({ method: 'DELETE', url: `/api/admin/suppressions/${odd}`, as: 'root' });
      expect(res.statusCode, odd).toBe(404);
    }
    const search = (await t.request({ method: 'GET', url: '/api/admin/suppressions?search=gone', as: 'root' })).json();
    expect(search.total).toBe(1);
  });
});

describe('the last super admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const setRole = (as: string, userId: string, role: string) =>
    t.request({ method: 'PUT', url: `/api/admin/users/${userId}/role`, as, payload: { role } });
  const superAdminCount = async () => (await t.db.select().from(users).where(eq(users.role, 'super_admin'))).length;

  it('cannot be demoted, by themselves or anyone', async () => {
    const only = await t.signInAs('only', { role: 'super_admin' });
    const res = await setRole('only', only.id, 'user');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'The last super admin cannot be demoted', code: 'LAST_SUPER_ADMIN', requestId: res.headers['x-request-id'] });
    expect(await superAdminCount()).toBe(1);
  });

  it('can be demoted while another super admin remains, keeping their allowance type', async () => {
    const [only] = await t.db.select().from(users).where(eq(users.role, 'super_admin'));
    const second = await t.signInAs('second', { role: 'super_admin' });
    const res = await setRole('only', second.id, 'user');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ role: 'user', userType: 'trial' });
    expect((await setRole('only', only.id, 'admin')).statusCode).toBe(409);
  });

  it('survives two super admins demoting each other at once: exactly one succeeds', async () => {
    const [a] = await t.db.select().from(users).where(eq(users.role, 'super_admin'));
    const b = await t.signInAs('rival', { role: 'super_admin' });
    const results = await Promise.all([setRole('only', b.id, 'user'), setRole('rival', a.id, 'user')]);
    // The loser is refused either as the last super admin (409) or, once demoted, as no longer one (403).
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    expect(await superAdminCount()).toBe(1);
  });
});
