import { companyBrandIdOf, type BrandId, type WorkspaceId } from '../../shared/ids.js';
import { eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { brands, users, workspaceMembers, workspaces } from '../db/schema.js';
import type { WorkspaceRole } from '../../shared/workspaces.js';

type UserFields = Partial<typeof users.$inferInsert>;
type WorkspaceFields = Partial<Omit<typeof workspaces.$inferInsert, 'name'>>;
/** The newsroom of the workspace's own brand (decision 022: a newsroom is a brand's). */
type BrandFields = Partial<Pick<typeof brands.$inferInsert, 'newsroomSlug' | 'newsroomEnabled'>>;
/**
 * A person as tests describe one: their own fields, the company's (`companyName`, the workspace's
 * columns, and its own brand's newsroom) and, to join an existing workspace rather than own a new one,
 * `memberOf`.
 */
export type AccountFields = UserFields &
  WorkspaceFields &
  BrandFields & {
    companyName?: string;
    memberOf?: { workspaceId: WorkspaceId; role: WorkspaceRole; brandIds?: BrandId[] };
  };

const workspaceColumns = new Set(Object.keys(getTableColumns(workspaces)));
const userColumns = new Set(Object.keys(getTableColumns(users)));

/**
 * Inserts a person and, unless `memberOf` names a workspace to join, a workspace they own (with an id of its
 * own, never theirs, so a test passing a person's id for a workspace's fails), with its first brand, as
 * registration makes it. Returns the user row with the workspace's fields beside it, and the id of the
 * workspace's own brand (`companyBrandId`).
 */
export async function insertAccount(db: Db, fields: AccountFields & { email: string; passwordHash: string }) {
  const { companyName, memberOf, newsroomSlug, newsroomEnabled, ...rest } = fields;
  const userValues: Record<string, unknown> = {};
  const workspaceValues: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (key === 'id') userValues[key] = value;
    else if (key === 'createdAt' || key === 'updatedAt') {
      userValues[key] = value;
      workspaceValues[key] = value;
    } else if (workspaceColumns.has(key) && !userColumns.has(key)) workspaceValues[key] = value;
    else if (key === 'language') {
      // The person and the workspace they own both have one: a fixture's language is both.
      workspaceValues[key] = value;
      userValues[key] = value;
    } else userValues[key] = value;
  }
  const [user] = await db
    .insert(users)
    .values(userValues as typeof users.$inferInsert)
    .returning();
  if (memberOf) {
    await db
      .insert(workspaceMembers)
      .values({
        workspaceId: memberOf.workspaceId,
        userId: user.id,
        role: memberOf.role,
        brandIds: memberOf.brandIds ?? null,
      });
    const [current] = await db
      .update(users)
      .set({ currentWorkspaceId: memberOf.workspaceId })
      .where(eq(users.id, user.id))
      .returning();
    const [workspace] = await db.select().from(workspaces).where(eq(workspaces.id, memberOf.workspaceId));
    return { ...workspace, ...current, workspaceId: workspace.id, companyBrandId: companyBrandIdOf(workspace.id), companyName: workspace.name };
  }
  const [workspace] = await db
    .insert(workspaces)
    .values({
      ...(workspaceValues as WorkspaceFields),
      name: companyName ?? `${user.firstName || 'Test'} Company`,
    })
    .returning();
  await db.insert(workspaceMembers).values({ workspaceId: workspace.id, userId: user.id, role: 'owner' });
  // The company's own brand, with the workspace's id, as registration and the migration make it.
  await db.insert(brands).values({
    id: companyBrandIdOf(workspace.id),
    workspaceId: workspace.id,
    name: workspace.name,
    newsroomSlug,
    newsroomEnabled,
  });
  const [current] = await db
    .update(users)
    .set({ currentWorkspaceId: workspace.id })
    .where(eq(users.id, user.id))
    .returning();
  return { ...workspace, ...current, workspaceId: workspace.id, companyBrandId: companyBrandIdOf(workspace.id), companyName: workspace.name };
}
