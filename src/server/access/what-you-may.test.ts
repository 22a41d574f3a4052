import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceRole } from '../../shared/workspaces.js';
import { workspaces } from '../db/schema.js';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * What the client reads instead of comparing roles: the session's platform actions, the workspace's
 * givable roles and whose Send waits for approval, and which members the reader may change.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = async (as: string) => (await t.request({ method: 'GET', url: '/api/auth/me', as })).json();

describe('what the session says a person may do', () => {
  it('names the platform actions of a super admin, an editor and a customer', async () => {
    await t.signInAs('chief', { role: 'super_admin' });
    await t.signInAs('editor', { role: 'admin' });
    await t.signInAs('customer');
    expect((await me('chief')).platformActions).toEqual(['console', 'review', 'unmetered']);
    expect((await me('editor')).platformActions).toEqual(['review']);
    expect((await me('customer')).platformActions).toEqual([]);
  });

  it('gives each role the roles it may give and says whose Send waits, following the second-person setting', async () => {
    const owner = await t.signInAs('owner');
    const roles: WorkspaceRole[] = ['manager', 'publisher', 'writer'];
    for (const role of roles) await t.signInAs(role, { memberOf: { workspaceId: owner.workspaceId, role } });
    const of = async (as: string) => (await me(as)).workspace;
    expect((await of('owner')).givableRoles).toContain('owner');
    expect((await of('manager')).givableRoles).not.toContain('owner');
    expect((await of('manager')).givableRoles).toContain('manager');
    expect((await of('publisher')).givableRoles).toEqual([]);
    expect([(await of('publisher')).sendsForApproval, (await of('writer')).sendsForApproval]).toEqual([false, true]);
    await t.db.update(workspaces).set({ requireSecondApproval: true }).where(eq(workspaces.id, owner.workspaceId));
    expect((await of('publisher')).sendsForApproval).toBe(true);

    // A manager may change the writer and the publisher, not the owner, and never themselves.
    const members = (await t.request({ method: 'GET', url: '/api/workspace/members', as: 'manager' })).json();
    const changeable = Object.fromEntries(members.map((m: { role: string; changeable: boolean }) => [m.role, m.changeable]));
    expect(changeable).toEqual({ owner: false, manager: false, publisher: true, writer: true });
    const asOwner = (await t.request({ method: 'GET', url: '/api/workspace/members', as: 'owner' })).json();
    expect(asOwner.filter((m: { changeable: boolean }) => m.changeable)).toHaveLength(3);
  });
});
