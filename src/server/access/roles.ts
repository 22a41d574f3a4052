import { asc, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Role } from '../../shared/auth.js';
import type { UserType } from '../../shared/billing.js';
import type { ReleaseStepRole } from '../../shared/releases.js';
import { isBrandLimited, roleCan, workspaceRoles, type WorkspaceRole } from '../../shared/workspaces.js';
import { users, workspaceMembers } from '../db/schema.js';
import { appError } from '../http/errors.js';
import type { UserId } from '../../shared/ids.js';

/**
 * The role names as the rest of the server asks about them (decision 021): who the platform's super admins
 * and editors are, which workspace roles approve, which seat is a client's, who a workspace's contact is,
 * and the exceptions super admins make to the rules of a customer's workspace. Services call these, as
 * predicates on a person or as SQL on their rows, and name no role themselves
 * (role-literals.test.ts).
 */

type Person = { role: string } | null | undefined;

const SUPER_ADMIN: Role = 'super_admin';
const OWNER: WorkspaceRole = 'owner';

/** Platform roles that decide Nashr's review queue: the review editor (`admin`) and super admins. */
export const editorRoles: readonly Role[] = ['admin', SUPER_ADMIN];

export const isSuperAdmin = (person: Person): boolean => person?.role === SUPER_ADMIN;

export const isEditor = (person: Person): boolean => !!person && (editorRoles as readonly string[]).includes(person.role);

/** Workspace roles told of a release waiting for the workspace's approval, who may approve it: those that publish. */
export const approverRoles: readonly WorkspaceRole[] = workspaceRoles.filter((role) => roleCan(role, 'publish'));

/** Workspace roles that approve a brand's releases for its client: the client seats. */
export const clientApproverRoles: readonly WorkspaceRole[] = workspaceRoles.filter((role) => roleCan(role, 'clientApprove'));

/** Workspace roles that see some brands only: a client's seat. */
export const clientSeatRoles: readonly WorkspaceRole[] = workspaceRoles.filter(isBrandLimited);

// ---------------------------------------------------------------- the same, as conditions on rows

/** Users who are super admins. */
export const superAdminUsers: SQL = eq(users.role, SUPER_ADMIN);

/** Users who are editors (`editorRoles`). */
export const editorUsers: SQL = inArray(users.role, [...editorRoles]);

/** Membership rows of a workspace's owners. */
export const ownerMembers: SQL = eq(workspaceMembers.role, OWNER);

/** Membership rows of the workspace's approvers (`approverRoles`). */
export const approverMembers: SQL = inArray(workspaceMembers.role, [...approverRoles]);

/** Membership rows of client seats, who approve their brands' releases. */
export const clientApproverMembers: SQL = inArray(workspaceMembers.role, [...clientApproverRoles]);

/**
 * Membership rows in the order that puts a workspace's contact first: its owners before the rest, the
 * earliest to join first. Mail for the workspace with nobody else to address (a receipt whose buyer left, a
 * credit note) goes to the first of them, and a person's own workspace is the first of theirs in this order.
 */
export const contactFirst: readonly SQL[] = [desc(ownerMembers), asc(workspaceMembers.createdAt)];

/**
 * A subquery kept whole wherever it is used. A select from one table writes the columns of its fields
 * without their table ("id"), which inside a subquery joining users would name another table's column;
 * columns one level down keep theirs.
 */
const subquery = <T>(query: SQL): SQL<T> => sql<T>`${query}`;

/** The address of a workspace's contact (its first owner), as a value of a query over workspaces. */
export const contactEmailOf = (workspaceId: AnyColumn | SQL): SQL<string | null> =>
  subquery<string | null>(sql`(select ${users.email} from ${workspaceMembers} join ${users} on ${users.id} = ${workspaceMembers.userId}
    where ${workspaceMembers.workspaceId} = ${workspaceId} and ${ownerMembers}
    order by ${workspaceMembers.createdAt}, ${users.id} limit 1)`);

/**
 * Whether a super admin owns the workspace: the operator's own, which runs the service. It is no customer
 * (the console's counts leave it out) and its files have no quota.
 */
export const runBySuperAdmin = (workspaceId: AnyColumn | SQL): SQL<boolean> =>
  subquery<boolean>(sql`exists (select 1 from ${workspaceMembers} join ${users} on ${users.id} = ${workspaceMembers.userId}
    where ${workspaceMembers.workspaceId} = ${workspaceId} and ${ownerMembers} and ${superAdminUsers})`);

// ---------------------------------------------------------------- what a person's account is

/** A workspace's standing: `active` once it has bought a package, `trial` before. */
export const standingOf = (workspace: { userType: string } | null | undefined): 'active' | 'trial' =>
  workspace?.userType === 'active' ? 'active' : 'trial';

/** What the session, the console and the subscription status call a person's account: a super admin's, or their workspace's standing. */
export const userTypeOf = (person: Person, workspace: { userType: string } | null | undefined): UserType =>
  isSuperAdmin(person) ? 'super_admin' : standingOf(workspace);

/** Whether a person is a customer: everyone but the super admins, who run the service. */
export const isCustomer = (person: Person): boolean => !isSuperAdmin(person);

// ---------------------------------------------------------------- super admins' exceptions

/** Super admins run the service: their sends spend no allowance, and they never need a package. */
export const isUnmetered = (person: Person): boolean => isSuperAdmin(person);

/** A super admin buys nothing (the service is theirs): 403 SUPER_ADMIN_NO_PURCHASE. */
export function requireCustomer<P extends Person>(person: P): P {
  if (!isCustomer(person)) throw appError('SUPER_ADMIN_NO_PURCHASE');
  return person;
}

/** A release a super admin sends goes past its brand's client: they speak for the platform, not the agency. */
export const skipsClientApproval = (person: Person): boolean => isSuperAdmin(person);

/** A super admin's release skips Nashr's review: the editors work for them. */
export const skipsReview = (person: Person): boolean => isSuperAdmin(person);

/** The second-person rule (decision 026) binds the team; a super admin runs the service and may approve their own. */
export const skipsSecondPerson = (person: Person): boolean => isSuperAdmin(person);

/** Super admins see every workspace's releases, and so the address of each release's author beside it. */
export const seesAuthorEmails = (person: Person): boolean => isSuperAdmin(person);

/** The role a step of a release's timeline names its actor by: super admin, else their workspace role. */
export const stepRoleOf = (actor: { role: string; workspace?: { role: WorkspaceRole } | null } | null): ReleaseStepRole =>
  !actor ? 'system' : isSuperAdmin(actor) ? SUPER_ADMIN : (actor.workspace?.role ?? 'system');

/** The actor of a platform role change is still a super admin: a concurrent demotion may have come first. */
export function requireStillSuperAdmin(superAdminIds: readonly string[], actorId: UserId): void {
  if (!superAdminIds.includes(actorId)) throw appError('SUPER_ADMIN_REQUIRED');
}

/**
 * The product never runs out of super admins: `target` may stop being one only while another remains, read
 * from every super admin's row under its lock.
 */
export function requireAnotherSuperAdmin(superAdminIds: readonly string[], target: { id: string; role: string }): void {
  if (isSuperAdmin(target) && !superAdminIds.some((id) => id !== target.id)) throw appError('LAST_SUPER_ADMIN');
}
