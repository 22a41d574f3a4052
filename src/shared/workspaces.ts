import type { BrandId, UserId, WorkspaceId } from './ids.js';
import { z } from 'zod';
import { brandIdField, workspaceIdField } from './id-fields.js';
import { plainSenderName } from './sender-name.js';
import { pageParam, pageSizeParam } from './paging.js';
import { workspaceRoles, type WorkspaceAction, type WorkspaceRole } from './workspace-roles.js';

/** Workspaces (decision 021): the members, invitations and settings; the roles' rule book is workspace-roles.ts. */
export {
  workspaceRoles,
  workspaceActions,
  ROLE_ACTIONS,
  isBrandLimited,
  roleCan,
  leastRoleFor,
  isWorkspaceRole,
  APPROVER_ROLES,
  type WorkspaceRole,
  type WorkspaceAction,
} from './workspace-roles.js';

export const INVITATION_DAYS = 14;
export const INVITATIONS_PER_DAY = 50;

const roleField = z.enum(workspaceRoles, { message: 'Choose a role' });
const brandIdsField = z
  .array(brandIdField(), { message: "Choose the client's brands" })
  .max(100)
  .optional();

export const invitationSchema = z.object({
  /** A client's brands (required for role "client", ignored otherwise). */
  brandIds: brandIdsField,
  email: z
    .string({ message: 'Please enter a valid email address' })
    .trim()
    .max(254, { message: 'Please enter a valid email address', abort: true })
    .pipe(z.email({ message: 'Please enter a valid email address' }))
    .transform((value) => value.toLowerCase()),
  role: roleField,
});
export type InvitationInput = z.input<typeof invitationSchema>;

export const memberRoleSchema = z.object({ role: roleField, brandIds: brandIdsField });
export const switchWorkspaceSchema = z.object({ workspaceId: workspaceIdField('Unknown workspace') });

export const workspaceSettingsSchema = z.object({
  /** Its own brand's name, and so the sender of its releases (sender-name.ts). */
  name: plainSenderName(
    z
      .string({ message: 'Company name is required' })
      .trim()
      .min(1, { message: 'Company name is required' })
      .max(200, { message: 'Company name is too long' }),
  ).optional(),
  /** Every release needs a second person's approval, publishers' included. */
  requireSecondApproval: z.boolean({ message: 'Choose on or off' }).optional(),
});

/** POST /api/workspaces: a new workspace of one's own (its first owner). */
export const newWorkspaceSchema = z.object({
  name: plainSenderName(
    z
      .string({ message: 'Company name is required' })
      .trim()
      .min(1, { message: 'Company name is required' })
      .max(200, { message: 'Company name is too long' }),
  ),
});

/** POST /api/workspace/delete: the owner types the workspace's name to confirm. */
export const deleteWorkspaceSchema = z.object({
  name: z
    .string({ message: 'Type the workspace name to confirm' })
    .max(200, { message: 'Type the workspace name to confirm' }),
});

export const returnReleaseSchema = z.object({
  comment: z
    .string({ message: 'Say what should change' })
    .trim()
    .min(1, { message: 'Say what should change' })
    .max(2000, { message: 'The comment is too long' }),
});

/** GET /api/workspaces */
export type WorkspaceChoice = { id: WorkspaceId; name: string; role: WorkspaceRole; current: boolean };

/** GET /api/workspace: the current workspace and what the signed-in member may do in it. */
export type CurrentWorkspace = {
  id: WorkspaceId;
  name: string;
  role: WorkspaceRole;
  actions: WorkspaceAction[];
  requireSecondApproval: boolean;
  /** The roles this member may give (to an invitation or another member); none without 'manage'. */
  givableRoles: WorkspaceRole[];
  /** Whether this member's Send or Schedule first waits for another member's approval (the server's rule). */
  sendsForApproval: boolean;
  /** Whether this member sees contact email addresses: the workspace's paid status for the team; never a client seat. */
  canViewEmails: boolean;
  /** A client seat's brands (all it sees); null for the team's roles, who see every brand. */
  brandIds: BrandId[] | null;
  /** Present while a super admin has suspended the workspace: why, and whom to contact. */
  suspended?: { reason: string; contact: string };
};

/** GET /api/workspace/members */
export type WorkspaceMember = {
  userId: UserId;
  firstName: string;
  lastName: string;
  email: string;
  role: WorkspaceRole;
  /** A client's brands; null for the team's roles. */
  brandIds: BrandId[] | null;
  joinedAt: string;
  /** Whether the one asking may change this member's role or remove them (never themselves: they leave). */
  changeable: boolean;
};

/** POST/GET /api/workspace/invitations */
export type WorkspaceInvitation = {
  id: string;
  email: string;
  role: WorkspaceRole;
  brandIds: BrandId[] | null;
  expiresAt: string;
  createdAt: string;
  invitedBy: string | null;
};

export const invitationStates = ['pending', 'expired', 'used', 'revoked'] as const;
export type InvitationState = (typeof invitationStates)[number];

/** GET /api/invitations/{token}: what the invitation page shows before anyone signs in. */
export type InvitationView = {
  state: InvitationState;
  workspaceName: string;
  email: string;
  role: WorkspaceRole;
  /** The invited address already has an account: sign in and accept, rather than register. */
  existingUser: boolean;
  /** Suspended by a super admin: the invitation stays pending but cannot be accepted until reactivation. */
  workspaceSuspended: boolean;
};

/** A person named on a release: its author, approver, sender. `removed` once they left the workspace. */
export type PersonRef = { id: UserId; name: string; removed: boolean };

/** GET /api/workspace/activity: one thing that happened, in words the client builds from `action`. */
export const workspaceActivityActions = [
  'member.invited',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'member.left',
  'invitation.revoked',
  'release.submitted',
  'release.approved',
  'release.returned',
  'release.sent_for_client_approval',
  'release.client_approved',
  'release.client_returned',
  'release.sent',
  'release.scheduled',
  'purchase',
  'workspace.updated',
  'billing_profile.updated',
] as const;
export type WorkspaceActivityAction = (typeof workspaceActivityActions)[number];
export type WorkspaceActivity = {
  id: number;
  createdAt: string;
  action: WorkspaceActivityAction;
  /** Who did it (a name), null for the system. */
  actor: string | null;
  /** Names and values the sentence needs: {email, role, title, name, ...}. */
  details: Record<string, string | number | null>;
};

export const activityQuerySchema = z.object({ page: pageParam(10_000), pageSize: pageSizeParam(20, 100) });
