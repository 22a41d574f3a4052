import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../shared/auth.js';
import type { WorkspaceRole } from '../../shared/workspaces.js';
import type { Database } from '../db/client.js';
import { users, workspaceMembers, workspaces } from '../db/schema.js';
import { createTestDatabase } from '../test/test-db.js';
import {
  approverMembers,
  approverRoles,
  clientApproverMembers,
  clientSeatRoles,
  contactEmailOf,
  contactFirst,
  editorUsers,
  isEditor,
  isSuperAdmin,
  runBySuperAdmin,
  stepRoleOf,
  superAdminUsers,
  userTypeOf,
} from './roles.js';

/** The rule book's answers about roles, as predicates and as the SQL services run in their place. */

let database: Database;
const db = () => database.db;

async function person(label: string, role: Role = 'user') {
  const [row] = await db()
    .insert(users)
    .values({ email: `${label}@roles.test`, passwordHash: 'x', firstName: label, lastName: '', role })
    .returning();
  return row;
}

async function workspaceOf(name: string, members: Array<[Awaited<ReturnType<typeof person>>, WorkspaceRole]>) {
  const [workspace] = await db().insert(workspaces).values({ name }).returning();
  for (const [i, [member, role]] of members.entries()) {
    // Members join one after another, so "the first owner" is well defined.
    await db()
      .insert(workspaceMembers)
      .values({ workspaceId: workspace.id, userId: member.id, role, createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)) });
  }
  return workspace;
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('roles, asked of a person', () => {
  it('names super admins and editors by their platform role', () => {
    expect([isSuperAdmin({ role: 'super_admin' }), isSuperAdmin({ role: 'admin' }), isSuperAdmin(null)]).toEqual([true, false, false]);
    expect(['user', 'admin', 'super_admin'].map((role) => isEditor({ role }))).toEqual([false, true, true]);
  });

  it("gives a person's account type: a super admin's, else the workspace's standing", () => {
    expect(userTypeOf({ role: 'super_admin' }, { userType: 'trial' })).toBe('super_admin');
    expect(userTypeOf({ role: 'user' }, { userType: 'active' })).toBe('active');
    expect(userTypeOf({ role: 'admin' }, { userType: 'trial' })).toBe('trial');
    expect(userTypeOf({ role: 'user' }, undefined)).toBe('trial');
  });

  it('approvers are the roles that publish; client seats are the brand-limited one', () => {
    expect(approverRoles).toEqual(['owner', 'manager', 'publisher']);
    expect(clientSeatRoles).toEqual(['client']);
  });

  it("names a timeline step's actor by their role", () => {
    expect(stepRoleOf(null)).toBe('system');
    expect(stepRoleOf({ role: 'super_admin', workspace: { role: 'writer' } })).toBe('super_admin');
    expect(stepRoleOf({ role: 'user', workspace: { role: 'writer' } })).toBe('writer');
  });
});

describe('roles, as conditions on rows', () => {
  it('picks out super admins and editors among users', async () => {
    const [root, editor, customer] = [await person('root', 'super_admin'), await person('editor', 'admin'), await person('customer')];
    const ids = [root.id, editor.id, customer.id];
    const among = async (condition: typeof superAdminUsers) =>
      (await db().select({ id: users.id }).from(users).where(condition)).map((r) => r.id).filter((id) => ids.includes(id)).sort();
    expect(await among(superAdminUsers)).toEqual([root.id]);
    expect(await among(editorUsers)).toEqual([editor.id, root.id].sort());
  });

  it("finds a workspace's approvers, client seats, contact, and whether a super admin runs it", async () => {
    const [writer, firstOwner, secondOwner, publisher, client, operator] = [
      await person('writer'),
      await person('first-owner'),
      await person('second-owner'),
      await person('publisher'),
      await person('client'),
      await person('operator', 'super_admin'),
    ];
    const agency = await workspaceOf('Agency', [
      [writer, 'writer'],
      [firstOwner, 'owner'],
      [secondOwner, 'owner'],
      [publisher, 'publisher'],
      [client, 'client'],
    ]);
    const platform = await workspaceOf('Platform', [[operator, 'owner']]);
    const members = async (condition: typeof approverMembers) =>
      (
        await db()
          .select({ id: workspaceMembers.userId })
          .from(workspaceMembers)
          .where(sql`${eq(workspaceMembers.workspaceId, agency.id)} and ${condition}`)
      )
        .map((r) => r.id)
        .sort();
    expect(await members(approverMembers)).toEqual([firstOwner.id, secondOwner.id, publisher.id].sort());
    expect(await members(clientApproverMembers)).toEqual([client.id]);

    const ordered = await db()
      .select({ id: workspaceMembers.userId })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, agency.id))
      .orderBy(...contactFirst);
    expect(ordered.map((r) => r.id).slice(0, 3)).toEqual([firstOwner.id, secondOwner.id, writer.id]);

    const facts = await db()
      .select({ id: workspaces.id, contact: contactEmailOf(workspaces.id), operated: runBySuperAdmin(workspaces.id) })
      .from(workspaces)
      .where(sql`${workspaces.id} in (${agency.id}, ${platform.id})`);
    expect(Object.fromEntries(facts.map((f) => [f.id, { contact: f.contact, operated: f.operated }]))).toEqual({
      [agency.id]: { contact: firstOwner.email, operated: false },
      [platform.id]: { contact: operator.email, operated: true },
    });
  });
});
