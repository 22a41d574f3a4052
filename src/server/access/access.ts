import type { ReleaseId, UserId, WorkspaceId } from '../../shared/ids.js';
import type { FastifyRequest } from 'fastify';
import { and, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { CurrentUser, PlatformAction } from '../../shared/auth.js';
import {
  isBrandLimited,
  leastRoleFor,
  roleCan,
  workspaceRoles,
  type WorkspaceAction,
  type WorkspaceRole,
} from '../../shared/workspaces.js';
import type { Db } from '../db/client.js';
import { pressReleases } from '../db/schema.js';
import { appError, notFound, unauthorized } from '../http/errors.js';
import { asClause } from '../../shared/clause.js';
import { isEditor, isSuperAdmin } from './roles.js';

/**
 * The one rule book for access (decision 021). Routes name who may call them with the require… helpers;
 * services scope every query of a workspace's rows with `workspaceScope`, and load one row for an action
 * with `requireRelease` and friends. Nothing else in the server compares roles.
 *
 * Two kinds of role never mix: the platform roles on the person (`super_admin` runs the product,
 * `admin` is the review editor) and the workspace roles (owner … viewer, src/shared/workspaces.ts).
 */

export type Actor = CurrentUser;

// Defined once, in roles.ts; re-exported so that the routes and services importing them from here keep doing so.
export { isEditor, isSuperAdmin };

/**
 * What a member of a suspended workspace may still do: read who they are (the page that says why reads it),
 * keep their language, and move to another workspace of theirs. Signing out and /api/auth/session need no
 * requireUser; everything else of the workspace answers WORKSPACE_SUSPENDED.
 */
const ALLOWED_WHILE_SUSPENDED = new Set(['GET /api/auth/me', 'PUT /api/auth/language', 'GET /api/workspaces', 'PUT /api/workspaces/current']);

/**
 * The signed-in person. Every route acting for a person passes here, so a suspended workspace is refused
 * in this one place (super admins never are): 403 with the reason and whom to contact.
 */
export function requireUser(request: FastifyRequest): Actor {
  if (!request.user) throw unauthorized();
  const suspended = request.user.workspace?.suspended;
  if (suspended && !isSuperAdmin(request.user) && !ALLOWED_WHILE_SUSPENDED.has(`${request.method} ${request.routeOptions.url}`)) {
    throw appError('WORKSPACE_SUSPENDED', { reason: asClause(suspended.reason), contact: suspended.contact });
  }
  return request.user;
}

export function requireSuperAdmin(request: FastifyRequest): Actor {
  const actor = requireUser(request);
  if (!isSuperAdmin(actor)) throw appError('SUPER_ADMIN_REQUIRED');
  return actor;
}

export function requireEditor(actor: Actor): Actor {
  if (!isEditor(actor)) throw appError('EDITOR_REQUIRED');
  return actor;
}

/**
 * Who sees a journalist's real address (SPEC.md §6): super admins, and the team of a workspace that bought a
 * package (`workspacePaid`, computed in membership.ts), whatever their team role. A client seat never does,
 * paid workspace or not: the journalists are the agency's, and a client sees outcomes (counts, outlets,
 * names), every address masked (recipients, report CSV, campaign contacts, a refusal's text).
 */
export const seatCanViewEmails = (
  platformRole: string,
  role: WorkspaceRole | null | undefined,
  workspacePaid: boolean,
): boolean => isSuperAdmin({ role: platformRole }) || (workspacePaid && !isBrandLimited(role));

/** Whether the signed-in person sees real addresses: their seat's answer (`seatCanViewEmails`). */
export const canViewEmails = (actor: Actor): boolean =>
  seatCanViewEmails(actor.role, actor.workspace?.role, Boolean(actor.workspace?.canViewEmails));

/**
 * A writer's Send or Schedule waits for a publisher of the workspace; with the workspace's "second pair of
 * eyes" setting, a publisher's does too. Super admins run the service and never wait.
 */
export const seatSendsForApproval = (platformRole: string, role: WorkspaceRole | null | undefined, requireSecondApproval: boolean): boolean =>
  !isSuperAdmin({ role: platformRole }) && (!roleCan(role, 'publish') || requireSecondApproval);

/** Whether the actor's own Send or Schedule waits for the workspace's approval (`seatSendsForApproval`). */
export const needsWorkspaceApproval = (actor: Actor): boolean =>
  seatSendsForApproval(actor.role, actor.workspace?.role, Boolean(actor.workspace?.requireSecondApproval));

/** What a platform role may do beside its workspace's actions, as the session tells the client. */
export function platformActionsOf(platformRole: string): PlatformAction[] {
  const person = { role: platformRole };
  if (isSuperAdmin(person)) return ['console', 'review', 'unmetered'];
  return isEditor(person) ? ['review'] : [];
}

/** Whether the actor may take the action in their current workspace. */
export const can = (actor: Actor, action: WorkspaceAction): boolean => roleCan(actor.workspace?.role, action);

/** The same, with super admins' exception: they may take every action of a workspace (as requireRelease lets them). */
export const mayAct = (actor: Actor, action: WorkspaceAction): boolean => isSuperAdmin(actor) || can(actor, action);

/**
 * The actor's current workspace id when their role allows the action; otherwise 403 naming the least role
 * that would (a writer asking to send hears "needs the publisher role"). A client seat hears 404 for
 * anything beyond its brands: the rest of the workspace does not exist for it.
 */
export function requireAction(actor: Actor, action: WorkspaceAction): WorkspaceId {
  if (!actor.workspace) throw appError('NO_WORKSPACE');
  if (!roleCan(actor.workspace.role, action)) {
    if (isBrandLimited(actor.workspace.role)) throw notFound();
    throw appError('ROLE_REQUIRED', { role: leastRoleFor(action) });
  }
  return actor.workspace.id;
}

/**
 * The media database: anyone signed in (it is the platform's, not a workspace's), except a client seat,
 * which sees only its brands' releases.
 */
export function requireBrowse(actor: Actor): Actor {
  if (actor.workspace && !roleCan(actor.workspace.role, 'browse')) throw notFound();
  return actor;
}

/** The brands an actor is limited to (a client seat), or null when they see every brand of the workspace. */
export const limitedBrands = (actor: Actor): string[] | null =>
  actor.workspace && isBrandLimited(actor.workspace.role) && !isSuperAdmin(actor)
    ? (actor.workspace.brandIds ?? [])
    : null;

/** Whether the actor may see a brand of their current workspace. */
export const mayUseBrand = (actor: Actor, brand: { id: string; workspaceId: WorkspaceId }): boolean =>
  isSuperAdmin(actor) ||
  (actor.workspace?.id === brand.workspaceId && (limitedBrands(actor)?.includes(brand.id) ?? true));

export const requireMember = (actor: Actor): WorkspaceId => requireAction(actor, 'read');

/**
 * The scope of a workspace's rows: the actor's current workspace, or everything for a super admin where
 * `platformWide` (the admin console's views). A person with no workspace sees nothing.
 */
export function workspaceScope(
  column: AnyColumn,
  actor: Actor,
  options: { platformWide?: boolean } = {},
): SQL | undefined {
  if (options.platformWide && isSuperAdmin(actor)) return undefined;
  return actor.workspace ? eq(column, actor.workspace.id) : sql`false`;
}

/** The same scope for hand-written SQL: `alias.workspace_id` of the actor's workspace. */
export function workspaceScopeSql(
  columnSql: SQL,
  actor: Actor,
  options: { platformWide?: boolean } = {},
): SQL {
  if (options.platformWide && isSuperAdmin(actor)) return sql`true`;
  return actor.workspace ? sql`${columnSql} = ${actor.workspace.id}::uuid` : sql`false`;
}

/** A client seat's brands as a condition on a brand id column (brands.id, press_releases.brand_id); none for the team. */
export function brandLimit(column: AnyColumn, actor: Actor): SQL | undefined {
  const brandIds = limitedBrands(actor);
  if (!brandIds) return undefined;
  return brandIds.length ? inArray(column, brandIds) : sql`false`;
}

/**
 * Releases a person may read: their workspace's (a client seat: its brands' only), and every release for
 * a super admin.
 */
export const releaseScope = (actor: Actor, id?: ReleaseId): SQL | undefined =>
  and(
    id ? eq(pressReleases.id, id) : undefined,
    workspaceScope(pressReleases.workspaceId, actor, { platformWide: true }),
    brandLimit(pressReleases.brandId, actor),
  );

/**
 * The same scope for hand-written SQL over press_releases aliased `alias` (`pr`): the workspace, and the
 * client seat's brands.
 */
export function releaseScopeSql(alias: SQL, actor: Actor, options: { platformWide?: boolean } = {}): SQL {
  const inWorkspace = workspaceScopeSql(sql`${alias}.workspace_id`, actor, options);
  const brandIds = limitedBrands(actor);
  if (!brandIds) return inWorkspace;
  if (!brandIds.length) return sql`false`;
  return sql`(${inWorkspace} AND ${alias}.brand_id IN (${sql.join(
    brandIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}))`;
}

/**
 * One release for an action: 404 when the actor cannot see it (no hint that it exists), 403 when they can
 * see it but their role does not allow the action. Pass a transaction to lock it (`forUpdate`).
 */
export async function requireRelease(
  db: Db,
  actor: Actor,
  id: ReleaseId,
  action: WorkspaceAction,
  options: { forUpdate?: boolean } = {},
): Promise<typeof pressReleases.$inferSelect> {
  const query = db.select().from(pressReleases).where(releaseScope(actor, id)).limit(1);
  const [release] = options.forUpdate ? await query.for('update') : await query;
  if (!release) throw notFound();
  if (action !== 'read' && !isSuperAdmin(actor)) requireAction(actor, action);
  return release;
}

/** Whether someone holding `mine` may change a member holding `targetRole` (requireMemberChange's rule). */
export const mayChangeMember = (mine: WorkspaceRole | null | undefined, targetRole: string): boolean =>
  roleCan(mine, 'manage') && (targetRole !== 'owner' || roleCan(mine, 'own'));

/** The roles someone holding `mine` may give: ownership only by an owner; none without 'manage'. */
export const givableRoles = (mine: WorkspaceRole | null | undefined): WorkspaceRole[] =>
  roleCan(mine, 'manage') ? workspaceRoles.filter((role) => mayChangeMember(mine, role)) : [];

/**
 * A change to a member (a new role, or removal when `newRole` is absent) by someone holding `mine`, read
 * under the member rows' lock: managers change members; only owners give or take the owner role.
 */
export function requireMemberChange(
  mine: WorkspaceRole | undefined,
  targetRole: string,
  newRole?: WorkspaceRole,
): void {
  if (!roleCan(mine, 'manage')) throw appError('ROLE_REQUIRED', { role: leastRoleFor('manage') });
  if ((newRole === 'owner' || targetRole === 'owner') && !roleCan(mine, 'own'))
    throw appError('OWNER_ROLE_REQUIRED');
}

/** A workspace never runs out of owners: `userId` may stop being one only while another remains. */
export function requireAnotherOwner(members: Array<{ userId: UserId; role: string }>, userId: UserId): void {
  const target = members.find((m) => m.userId === userId);
  if (target?.role !== 'owner') return;
  if (!members.some((m) => m.role === 'owner' && m.userId !== userId)) throw appError('LAST_OWNER');
}
