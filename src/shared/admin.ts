import type { BrandId, ReleaseId, UserId, WorkspaceId } from './ids.js';
import { z } from 'zod';
import { releaseIdField } from './id-fields.js';
import { dayParam } from './dates.js';
import { workspaceActivityActions, type WorkspaceRole } from './workspaces.js';
import { roles, type Role } from './auth.js';
import { pageParam, pageSizeParam } from './paging.js';
import type { ListedReplyKind } from './replies.js';
import type { SuppressionReason } from './deliverability.js';

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
  id: UserId;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  /** The person's own workspace (the first they own, else the first they joined): the console links to it. */
  workspaceId: WorkspaceId | null;
  role: Role;
  userType: 'trial' | 'active' | 'super_admin';
  subscriptionStatus: string;
  verified: boolean;
  monthlyPressReleaseLimit: number;
  pressReleasesUsedThisMonth: number;
  /** Releases of a trusted customer skip editorial review. */
  trusted: boolean;
  /** A customer (not one who runs the service): their company opens its page and may be trusted. */
  customer: boolean;
  createdAt: string;
};

export type AdminStats = {
  totalUsers: number;
  activeUsers: number;
  /** Every customer's workspace, paying or not yet (Nashr has no trials). */
  customerWorkspaces: number;
  totalReleases: number;
  sentReleases: number;
  recentUsers: AdminUser[];
};

export type RoleChangeResult = { user: AdminUser; changed: boolean };

export type OutboxSummary = { id: number; to: string; from: string; subject: string; createdAt: string };
export type OutboxMessage = OutboxSummary & { html: string; text: string };
export type OutboxPage = Paged<OutboxSummary> & { mode: 'smtp' | 'capture' };

export type Suppression = { email: string; reason: SuppressionReason; releaseId: string | null; createdAt: string };

/** GET /api/admin/audit: an entry with names, so the console can say it as a sentence. */
/**
 * Every action the platform's audit log records, besides a workspace's own activity ("workspace:{action}",
 * workspaceActivityActions). The console says each in words in both languages (audit-text.test.ts fails
 * for one without); add a new action here and to admin.json's audit.sentences.
 */
export const platformAuditActions = [
  'user.role_changed',
  'user.trusted',
  'user.untrusted',
  'user.verification_resent',
  'user.password_reset_sent',
  'suppression.lifted',
  'contact.import',
  'contact.delete',
  'contact.bulk_delete',
  'contact.accreditation_changed',
  'contact.research_resolved',
  'feed.created',
  'feed.updated',
  'feed.deleted',
  'feed.imported',
  'feed.starter_imported',
  'coverage.added',
  'coverage.removed',
  'review.approved',
  'review.changes_requested',
  'review.rejected',
  'workspace.deleted',
  'workspace.granted',
  'workspace.suspended',
  'workspace.reactivated',
  'payment.refunded',
  'seller.updated',
  'data_request.resolved',
  'data_request.exported',
] as const;
export type PlatformAuditAction = (typeof platformAuditActions)[number];
export const auditActions: readonly string[] = [...platformAuditActions, ...workspaceActivityActions.map((action) => `workspace:${action}`)];

export type AuditEntry = {
  id: number;
  createdAt: string;
  /** As recorded: "review.approved", "workspace:release.approved" (a workspace's own activity), … */
  action: string;
  /** Who did it; null for the system. id is null when the account is gone (the name is then the address). */
  actor: { id: UserId | null; name: string; email: string | null } | null;
  workspace: { id: WorkspaceId; name: string } | null;
  /** What it was done to, as recorded (an id, an address, a name) and as a person names it. */
  target: string | null;
  targetName: string | null;
  details: Record<string, unknown>;
};

/** GET /api/admin/workspaces: the companies, with their people, purchases and allowance. */
export type AdminWorkspace = {
  id: WorkspaceId;
  name: string;
  userType: 'trial' | 'active';
  trusted: boolean;
  monthlyPressReleaseLimit: number;
  pressReleasesUsedThisMonth: number;
  members: Array<{ userId: UserId; name: string; email: string; role: WorkspaceRole }>;
  purchases: number;
  /** Cents paid in all, in USD. */
  paidCents: number;
  createdAt: string;
};

// ---------------------------------------------------------------- the operator's desk (issue 29)

const reason = z
  .string({ message: 'A reason is required' })
  .trim()
  .min(3, { message: 'A reason is required' })
  .max(500, { message: 'At most 500 characters' });

/** POST /api/admin/workspaces/{id}/grant: releases given without a payment, and why. */
export const grantSchema = z.object({
  releases: z
    .number({ message: 'Releases must be a whole number from 1 to 100' })
    .int({ message: 'Releases must be a whole number from 1 to 100' })
    .min(1, { message: 'Releases must be a whole number from 1 to 100' })
    .max(100, { message: 'Releases must be a whole number from 1 to 100' }),
  reason,
});
export type GrantInput = z.input<typeof grantSchema>;

/** POST /api/admin/workspaces/{id}/suspend. */
export const suspendSchema = z.object({ reason });
export type SuspendInput = z.input<typeof suspendSchema>;

/** POST /api/admin/payments/{id}/refund: how many of the purchase's releases are given back, and why (the credit note prints it). */
export const refundSchema = z.object({
  releases: z
    .number({ message: 'Releases must be a whole number of at least 1' })
    .int({ message: 'Releases must be a whole number of at least 1' })
    .min(1, { message: 'Releases must be a whole number of at least 1' })
    .max(1000, { message: 'Releases must be a whole number of at least 1' }),
  reason,
});
export type RefundInput = z.input<typeof refundSchema>;

/**
 * A share of a purchase's cents for `k` of its releases, prorated; the refund that gives back the last
 * releases takes what is left, so refunds of a purchase always add up to exactly what was paid. The
 * server refunds by it; the refund dialog shows the amount before the operator confirms.
 */
export const prorated = (total: number, alreadyBack: number, k: number, figures: { releases: number; refunded: number }) =>
  figures.refunded + k >= figures.releases ? total - alreadyBack : Math.round((total * k) / figures.releases);

export type RefundResult = {
  refundId: string;
  releases: number;
  /** Cents, VAT included. */
  amount: number;
  creditNote: { id: string; number: string };
  allowance: { limit: number; used: number; remaining: number };
};

/** GET /api/admin/workspaces/{id}: one customer on one page. */
export type AdminWorkspaceDetail = {
  id: WorkspaceId;
  name: string;
  userType: 'trial' | 'active';
  /** Every package it bought was refunded in full (src/shared/billing.ts everyPackageRefunded). */
  packageRefunded: boolean;
  trusted: boolean;
  suspended: { at: string; reason: string } | null;
  createdAt: string;
  members: Array<{ userId: UserId; name: string; email: string; role: WorkspaceRole; verified: boolean; lastSignInAt: string | null }>;
  purchases: Array<{
    id: string;
    planId: string;
    /** Cents, VAT included. */
    amount: number;
    vat: number;
    releases: number;
    refundedReleases: number;
    refundedAmount: number;
    /** Releases of this purchase that could still be refunded now. */
    refundable: number;
    createdAt: string;
  }>;
  grants: Array<{ id: string; releases: number; reason: string; grantedBy: string | null; createdAt: string }>;
  invoices: import('./invoices.js').InvoiceSummary[];
  /** `granted`: how many of the `remaining` releases Nashr granted (counted as spent last, never refundable). */
  allowance: { limit: number; used: number; remaining: number; granted: number };
  /** `allowance`: what the release holds of the allowance now — spent (it went out), held until it is sent, or none (decision 026). */
  releases: Array<{ id: ReleaseId; title: string; status: string; brand: string; held: boolean; allowance: 'spent' | 'held' | 'none'; sentAt: string | null; scheduledAt: string | null; timeZone: string | null }>;
  newsrooms: Array<{ brandId: BrandId; name: string; slug: string | null; enabled: boolean }>;
  recentSignIns: Array<{ userId: UserId; email: string; at: string }>;
};

/** The fewest characters a part of a name or address is looked up by (a trigram index answers from three). */
export const DELIVERY_SEARCH_MIN = 3;

/**
 * GET /api/admin/deliveries?q=&releaseId=: did this person get that release, and what did their server say.
 * q: part of the journalist's address or name.
 */
export const deliveriesQuerySchema = z
  .object({
    page,
    pageSize,
    q: search.refine((text) => text === '' || [...text].length >= DELIVERY_SEARCH_MIN, {
      message: `Type at least ${DELIVERY_SEARCH_MIN} characters of a name or address`,
    }),
    releaseId: releaseIdField('Release id is invalid').optional(),
  })
  .refine((q) => q.q !== '' || q.releaseId !== undefined, {
    message: 'Search by a name, an address or a release',
    path: ['q'],
  });

/** GET /api/admin/releases?q=: releases that went out, found by part of their title (the delivery log's picker). */
export const releaseChoicesQuerySchema = z.object({ q: search, page, pageSize: pageSizeParam(10, 50) });
export type ReleaseChoice = { id: ReleaseId; title: string; workspaceName: string | null; sentAt: string | null };

export type AdminDelivery = {
  releaseId: ReleaseId;
  releaseTitle: string;
  workspace: { id: WorkspaceId; name: string } | null;
  email: string;
  status: string;
  smtpResponse: string | null;
  attempts: number;
  lastAttemptAt: string | null;
  reports: Array<{ kind: string; at: string; detail: string | null }>;
  opens: number;
  clicks: number;
  /** What the journalist wrote back, oldest first (issue 38): a reply, an automatic reply or "left / new address". */
  replies: Array<{ kind: ListedReplyKind; at: string }>;
};

/** GET /api/admin/audit?actor=&workspace=&kind=&from=&to= (and .csv). */
export const auditQuerySchema = z.object({
  page,
  pageSize,
  actor: search,
  workspace: z.uuid({ message: 'Workspace id is invalid' }).optional(),
  kind: search,
  from: dayParam('A date is YYYY-MM-DD').optional(),
  to: dayParam('A date is YYYY-MM-DD').optional(),
});

/** GET /api/admin/audit.csv: the same filters; the headers in the reader's language (lang, else Accept-Language). */
export const auditCsvQuerySchema = auditQuerySchema.omit({ page: true, pageSize: true }).extend({
  lang: z.enum(['en', 'ar'], { message: 'Language must be en or ar' }).optional(),
});
