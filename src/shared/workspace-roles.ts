/**
 * Workspaces (decision 021): the company is a workspace; people are its members, each with one role.
 * The platform's own roles (super admin, the review editor `admin`) stay on the user and are called
 * platform roles; these are workspace roles. This table is the rule book both the server (access module)
 * and the client (what to show) read; nothing else decides who may do what in a workspace. It holds no
 * schema (those are workspaces.ts, with zod), so a page that only asks what a role may do stays light.
 */
export const workspaceRoles = ['owner', 'manager', 'publisher', 'writer', 'viewer', 'client'] as const;
export type WorkspaceRole = (typeof workspaceRoles)[number];

export const workspaceActions = [
  /** Read releases, their analytics, reports and coverage (a client: of its brands only). */
  'read',
  /** The workspace's own things beyond releases: the media database, lists, members and settings. */
  'browse',
  /** Create and edit drafts and lists, upload attachments, submit a release for approval. */
  'write',
  /** Send and schedule (spends the allowance); approve or return a writer's release. */
  'publish',
  /** Buy packages, see purchases and receipts. */
  'billing',
  /** Invite, change roles, remove members; workspace settings; the workspace's activity. */
  'manage',
  /** Give or take ownership; delete the workspace. */
  'own',
  /** Approve or return a release of one's brands waiting for the client (a client seat only). */
  'clientApprove',
] as const;
export type WorkspaceAction = (typeof workspaceActions)[number];

/**
 * Each role's actions. The team's roles nest (each holds those of the roles after it); a client stands
 * apart: it reads its brands' releases and approves them, and sees nothing else of the workspace.
 */
export const ROLE_ACTIONS: Record<WorkspaceRole, readonly WorkspaceAction[]> = {
  owner: ['read', 'browse', 'write', 'publish', 'billing', 'manage', 'own'],
  manager: ['read', 'browse', 'write', 'publish', 'billing', 'manage'],
  publisher: ['read', 'browse', 'write', 'publish'],
  writer: ['read', 'browse', 'write'],
  viewer: ['read', 'browse'],
  client: ['read', 'clientApprove'],
};

/** Whether a role sees only some brands of the workspace (a client seat). */
export const isBrandLimited = (role: WorkspaceRole | null | undefined): boolean => role === 'client';

export const roleCan = (role: WorkspaceRole | null | undefined, action: WorkspaceAction): boolean =>
  !!role && ROLE_ACTIONS[role].includes(action);

/** The least role that may take an action: named in a refusal ("needs the Publisher role"). */
export const leastRoleFor = (action: WorkspaceAction): WorkspaceRole =>
  [...workspaceRoles.filter((role) => !isBrandLimited(role))]
    .reverse()
    .find((role) => roleCan(role, action)) ?? (roleCan('client', action) ? 'client' : 'owner');

export const isWorkspaceRole = (value: unknown): value is WorkspaceRole =>
  typeof value === 'string' && (workspaceRoles as readonly string[]).includes(value);

/** Roles that are told of a release waiting for approval, and may approve it. */
export const APPROVER_ROLES: readonly WorkspaceRole[] = workspaceRoles.filter((r) => roleCan(r, 'publish'));
