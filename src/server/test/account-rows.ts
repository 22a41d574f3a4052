import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users, workspaceMembers, workspaces } from '../db/schema.js';
import { ownerMembers } from '../access/roles.js';

/**
 * Stored people as tests read them back: each user row with the workspace they own beside it (the one
 * registration made; their first, if they own several) as `companyName`, `workspaceId` and the workspace's
 * columns, the shape `insertAccount` returns. Null workspace fields when they own none.
 */
export async function storedAccounts(db: Db, where: SQL) {
  const rows = await db
    .select({ user: users, workspace: workspaces })
    .from(users)
    .leftJoin(workspaceMembers, and(eq(workspaceMembers.userId, users.id), ownerMembers))
    .leftJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(where)
    .orderBy(asc(users.createdAt), asc(workspaceMembers.createdAt));
  const seen = new Set<string>();
  return rows
    .filter(({ user }) => !seen.has(user.id) && !!seen.add(user.id))
    .map(({ user, workspace }) => ({ ...workspace, ...user, workspaceId: workspace?.id, companyName: workspace?.name }));
}

/** The stored person with this address (lower case), as `storedAccounts` gives them; undefined when none. */
export const storedAccountByEmail = async (db: Db, email: string) => (await storedAccounts(db, eq(users.email, email)))[0];
