import { z } from 'zod';
import type { WorkspaceRole } from './workspaces.js';
import { roles, type Role } from './auth.js';
import { pageParam, pageSizeParam } from './paging.js';

/** The super admin's console (SPEC.md §2 Admin dashboard, §3 Admin stats, PRODUCT.md §3 audit trail). */

export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_PAGE_SIZE_MAX = 100;
export const RECENT_USERS = 8;

const page = pageParam(1_000_000);
const pageSize = pageSizeParam(ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE_MAX);
/** PostgreSQL text cannot hold a NUL byte, and no other control character occurs in what the console searches. */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

const search = z
  .string()
  .trim()
  .max(200, { message: 'Search is too long' })
  .refine((text) => !hasControlCharacter(text), { message: 'Search contains characters that are not allowed' })
  .optional()
  .default('');

export const adminPageQuerySchema = z.object({ page, pageSize });
export const adminSearchQuerySchema = z.object({ page, pageSize, search });

export const updateRoleSchema = z.object({
  role: z.enum(roles, { message: 'Role must be one of user, admin, super_admin' }),
});
export type UpdateRoleInput = z.input<typeof updateRoleSchema>;

export type Paged<T> = { items: T[]; total: number; page: number; pageSize: number };

/** A user as the console shows it: never a password or its hash. */
export type AdminUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  role: Role;
  userType: 'trial' | 'active' | 'super_admin';
  subscriptionStatus: string;
  verified: boolean;
  monthlyPressReleaseLimit: number;
  pressReleasesUsedThisMonth: number;
  /** Releases of a trusted customer skip editorial review. */
  trusted: boolean;
  createdAt: string;
};

export type AdminStats = {
  totalUsers: number;
  activeUsers: number;
  trialUsers: number;
  totalReleases: number;
  sentReleases: number;
  recentUsers: AdminUser[];
};

export type RoleChangeResult = { user: AdminUser; changed: boolean };

export type OutboxSummary = { id: number; to: string; from: string; subject: string; createdAt: string };
export type OutboxMessage = OutboxSummary & { html: string; text: string };
export type OutboxPage = Paged<OutboxSummary> & { mode: 'smtp' | 'capture' };

export type Suppression = { email: string; reason: string; releaseId: string | null; createdAt: string };

export type AuditEntry = {
  id: number;
  actorEmail: string | null;
  action: string;
  target: string | null;
  details: Record<string, unknown>;
  createdAt: string;
};

/** GET /api/admin/workspaces: the companies, with their people, purchases and allowance. */
export type AdminWorkspace = {
  id: string;
  name: string;
  userType: 'trial' | 'active';
  trusted: boolean;
  monthlyPressReleaseLimit: number;
  pressReleasesUsedThisMonth: number;
  members: Array<{ userId: string; name: string; email: string; role: WorkspaceRole }>;
  purchases: number;
  /** Cents paid in all, in USD. */
  paidCents: number;
  createdAt: string;
};
