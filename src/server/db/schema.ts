import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { releaseStepKinds, releaseStepRoles, type ReleaseStepKind, type ReleaseStepRole, type ReleaseTranslation } from '../../shared/releases.js';
import {
  deliveryAudiences,
  recipientStatuses,
  releaseStatuses,
  trackingEventTypes,
  type DeliveryAudience,
  type RecipientStatus,
  type ReleaseStatus,
  type TrackingEventType,
} from '../../shared/release-statuses.js';
import { REPLY_KINDS, REPLY_MATCHES, RESEARCH_OUTCOMES, RESEARCH_SIGNALS, type ReplyKind, type ReplyMatch, type ResearchOutcome, type ResearchSignal } from '../../shared/replies.js';
import { attemptKinds, roles, type AttemptKind, type Role } from '../../shared/auth.js';
import { paymentStatuses, type PaymentStatus } from '../../shared/billing.js';
import { deliveryReportKinds, suppressionReasons, type DeliveryReportKind, type SuppressionReason } from '../../shared/deliverability.js';
import { coverageKinds, coverageSources, type CoverageKind, type CoverageSource } from '../../shared/coverage.js';
import { documentKinds, type DocumentKind } from '../../shared/invoices.js';
import { dataRequestKinds, dataRequestStates, type DataRequestKind, type DataRequestState } from '../../shared/preferences.js';
import { workspaceRoles, type WorkspaceRole } from '../../shared/workspaces.js';
import { isOneOf } from './sql-literals.js';
import type { BrandId, ReleaseId, UserId, WorkspaceId } from '../../shared/ids.js';

/**
 * Every table of the product, in one place. Migrations are generated from this file by drizzle-kit
 * (`npm run db:generate`) and applied at start. A status, role or kind column has its TypeScript type from the list in
 * src/shared and, where it is checked, a CHECK naming the same list, so the database refuses what the code would not write.
 */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------- accounts

export const users = pgTable(
  'users',
  {
    id: uuid('id').$type<UserId>().primaryKey().defaultRandom(),
    /** Always stored in lower case; compared case-insensitively by storing it so. */
    email: text('email').notNull(),
    /** A requested new address, applied only when the link sent to it is opened (decision 008). */
    pendingEmail: text('pending_email'),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    verified: boolean('verified').notNull().default(false),
    role: text('role').$type<Role>().notNull().default('user'),
    /** When this editor was last told of a release entering the review queue (at most one email per few minutes). */
    reviewAlertedAt: timestamp('review_alerted_at', { withTimezone: true }),
    /** The language of the account's own emails (en | ar): chosen at registration, changed with the site's language. */
    language: text('language').notNull().default('en'),
    /** The workspace the person last chose: where a new session of theirs starts (each session keeps its own). */
    currentWorkspaceId: uuid('current_workspace_id').$type<WorkspaceId>(),
    /** The zone of the person's browser at their last sign-in (IANA): their e-mails state times in it. */
    timeZone: text('time_zone'),
    /** The last sign-in (password or emailed link); none yet for someone who has never signed in. */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_created_at_idx').on(t.createdAt),
    check('users_role_check', isOneOf(t.role, roles)),
  ],
);

// ---------------------------------------------------------------- workspaces

/**
 * The company (decision 021): its name, allowance and purchases, lists, releases and brands (each brand has
 * its own newsroom and followers, decision 022).
 * People are its members (workspace_members), each with one workspace role (src/shared/workspaces.ts).
 */
export const workspaces = pgTable(
  'workspaces',
  {
    id: uuid('id').$type<WorkspaceId>().primaryKey().defaultRandom(),
    name: text('name').notNull(),
    userType: text('user_type').notNull().default('trial'),
    subscriptionPlan: text('subscription_plan'),
    subscriptionStatus: text('subscription_status').notNull().default('trial'),
    stripeCustomerId: text('stripe_customer_id'),
    trialStartDate: timestamp('trial_start_date', { withTimezone: true }).defaultNow(),
    trialEndDate: timestamp('trial_end_date', { withTimezone: true }),
    /** Allowance total: every package bought adds its releases (PRODUCT.md §1). */
    monthlyPressReleaseLimit: integer('monthly_press_release_limit').notNull().default(0),
    pressReleasesUsedThisMonth: integer('press_releases_used_this_month').notNull().default(0),
    lastUsageReset: timestamp('last_usage_reset', { withTimezone: true }).notNull().defaultNow(),
    /** A customer whose releases skip editorial review (set by a super admin). */
    trusted: boolean('trusted').notNull().default(false),
    /** Every release needs a second person's approval, publishers' included. */
    requireSecondApproval: boolean('require_second_approval').notNull().default(false),
    /** The language of mail sent on the workspace's behalf to people who have no account yet (invitations). */
    language: text('language').notNull().default('en'),
    /** Set while a super admin has suspended the workspace (issue 29): members cannot use it, sends are held. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedReason: text('suspended_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('workspaces_created_at_idx').on(t.createdAt)],
);

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: uuid('workspace_id').$type<WorkspaceId>()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** owner | manager | publisher | writer | viewer | client */
    role: text('role').$type<WorkspaceRole>().notNull(),
    /** A client's brands: all they see of the workspace. Null for every other role. */
    brandIds: uuid('brand_ids').array().$type<BrandId[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index('workspace_members_user_idx').on(t.userId),
    check('workspace_members_role_check', isOneOf(t.role, workspaceRoles)),
  ],
);

/** Invitations by email: only the token's hash is kept; valid 14 days, used once. */
export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id').$type<WorkspaceId>()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<WorkspaceRole>().notNull(),
    /** The brands a client invitation gives; null for other roles. */
    brandIds: uuid('brand_ids').array().$type<BrandId[]>(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').$type<UserId>().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('workspace_invitations_token_key').on(t.tokenHash),
    index('workspace_invitations_workspace_idx').on(t.workspaceId, t.createdAt),
    check('workspace_invitations_role_check', isOneOf(t.role, workspaceRoles)),
  ],
);

/**
 * A brand speaks in a workspace's releases (decision 022): a company has one (itself; the migration gave
 * it the workspace's own id), an agency one per client. Its names are the From ("{sender} via Nashr"),
 * its newsroom is public, and its names are what earned coverage looks for. Archived brands keep their
 * public pages but take no new release.
 */
export const brands = pgTable(
  'brands',
  {
    id: uuid('id').$type<BrandId>().primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id').$type<WorkspaceId>()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameAr: text('name_ar').notNull().default(''),
    /** The name before "via Nashr"; empty means the brand's name. */
    senderName: text('sender_name').notNull().default(''),
    /** The name before "عبر نشر" in the From of an Arabic e-mail; empty means the Arabic name, else the sender name. */
    senderNameAr: text('sender_name_ar').notNull().default(''),
    /** The brand's public newsroom, /newsroom/{slug}: given at its first release that goes out, or chosen. */
    newsroomSlug: text('newsroom_slug'),
    newsroomEnabled: boolean('newsroom_enabled').notNull().default(true),
    boilerplate: text('boilerplate').notNull().default(''),
    boilerplateAr: text('boilerplate_ar').notNull().default(''),
    contactName: text('contact_name').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    /** A new release's language: english | arabic. */
    language: text('language').notNull().default('english'),
    /** A publisher's Send or Schedule first goes to the brand's clients for approval. */
    clientApproval: boolean('client_approval').notNull().default(false),
    /** Journalists' replies to its releases are forwarded to the brand's clients too, not only the media contact (issue 38). */
    forwardRepliesToClients: boolean('forward_replies_to_clients').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('brands_newsroom_slug_key').on(t.newsroomSlug), index('brands_workspace_idx').on(t.workspaceId, t.createdAt)],
);

/**
 * Every newsroom address ever given (issue 35), kept after the brand moves to another: sent e-mails and feed
 * readers still hold the old one, which answers with a permanent redirect to the brand's current address,
 * and no other brand, of any workspace, may take it. A deleted brand's (or workspace's) addresses stay,
 * with no brand (set null), and are never given out again. Written by the database itself: the trigger
 * brands_newsroom_address records every address a brand row takes, and refuses one held by another brand,
 * whatever code path writes it.
 */
export const newsroomAddresses = pgTable(
  'newsroom_addresses',
  {
    slug: text('slug').primaryKey(),
    /** The brand it is (or was) the address of; null once that brand is deleted: then it is reserved. */
    brandId: uuid('brand_id').$type<BrandId>().references(() => brands.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('newsroom_addresses_brand_idx').on(t.brandId)],
);

/** A brand's logo, checked by content (PNG, JPEG or SVG, at most 1 MB); kept apart so brand reads stay small. */
export const brandLogos = pgTable('brand_logos', {
  brandId: uuid('brand_id').$type<BrandId>()
    .primaryKey()
    .references(() => brands.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  sha256: text('sha256').notNull(),
  content: bytea('content').notNull(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- sessions

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie value; the value itself is never stored. */
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id').$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Where this signed-in device acts: switching workspace on one device leaves the others where they are. */
    currentWorkspaceId: uuid('current_workspace_id').$type<WorkspaceId>(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use email links (verification, password reset); only the hash of the token is stored. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id').$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Rate-limit ledger kept in the database so that every web process sees the same counts. */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').$type<AttemptKind>().notNull(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('auth_attempts_lookup_idx').on(t.kind, t.key, t.createdAt), check('auth_attempts_kind_check', isOneOf(t.kind, attemptKinds))],
);

// ---------------------------------------------------------------- platform

/** Generated secrets and other process-wide values that must survive restarts. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Messages kept in capture mode (no SMTP_URL): read by super admins in the Outbox. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    messageId: text('message_id'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id').$type<UserId>().references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    /** Set for what happened inside one workspace: its owners and managers read it as the activity. */
    workspaceId: uuid('workspace_id').$type<WorkspaceId>().references(() => workspaces.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    target: text('target'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_workspace_idx').on(t.workspaceId, t.createdAt)],
);

// ---------------------------------------------------------------- media database

export const globalContacts = pgTable(
  'global_contacts',
  {
    id: serial('id').primaryKey(),
    /** Lower case; unique. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    organization: text('organization').notNull().default(''),
    position: text('position').notNull().default(''),
    category: text('category').notNull().default(''),
    country: text('country').notNull().default(''),
    /** Where the journalist works, as data says (issue 37): a known city by its English name (shared/search-places.ts), '' unknown. */
    city: text('city').notNull().default(''),
    specialization: text('specialization').notNull().default(''),
    focus: text('focus').notNull().default(''),
    contactTopics: text('contact_topics').notNull().default(''),
    outletTopics: text('outlet_topics').notNull().default(''),
    /** contactTopics split and trimmed, for facet counts and filtering by topic. */
    contactTopicList: text('contact_topic_list').array().notNull().default(sql`'{}'::text[]`),
    mediaType: text('media_type').notNull().default(''),
    language: text('language').notNull().default('English'),
    /** Lower-cased, Arabic-folded text of every searchable field (see src/shared/text-fold.ts). */
    searchText: text('search_text').notNull().default(''),
    /** A super admin accredited this journalist for embargoed releases (issue 30), with a note why. */
    embargoAccredited: boolean('embargo_accredited').notNull().default(false),
    accreditationNote: text('accreditation_note').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('global_contacts_email_key').on(t.email),
    index('global_contacts_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Part of an address (`@gulfnews`), searched by viewers who may see addresses only.
    index('global_contacts_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('global_contacts_country_idx').on(t.country),
    index('global_contacts_media_type_idx').on(t.mediaType),
    index('global_contacts_language_idx').on(t.language),
    index('global_contacts_topics_idx').using('gin', t.contactTopicList),
    // The operator's delivery log finds a journalist by part of their name.
    index('global_contacts_name_trgm_idx').using('gin', sql`lower(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
  ],
);

/**
 * What each change of the media database touched, by data version (app_settings contacts_version,
 * a counter that every writer bumps under its row lock, so versions commit in order): a web process
 * holding the contacts index of an earlier version reloads only these contacts. `contactIds` is null
 * when a change touched too many to list (an import): readers then reload everything. Old versions
 * are pruned; a process that fell further behind reloads everything too.
 */
export const contactChanges = pgTable('contact_changes', {
  version: bigint('version', { mode: 'number' }).primaryKey(),
  contactIds: integer('contact_ids').array(),
  createdAt: createdAt(),
});

/**
 * The contacts index (contacts-index.ts) as a process last loaded it in full, for the next start to read in
 * one piece and bring forward by the changes listed since (docs/decisions/032). Only the newest is kept.
 */
export const contactsIndexSnapshots = pgTable('contacts_index_snapshots', {
  version: bigint('version', { mode: 'number' }).primaryKey(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});

/**
 * The words index of the media database: for every word of a contact's search text (see
 * searchWordsOf in src/shared/text-fold.ts), the ids of the contacts that have it. Kept by the
 * contacts service in the same transaction as every insert, update and delete. Ids are stored in
 * blocks of 16,384 consecutive ids so that adding a contact rewrites one small array, not a word's
 * whole list.
 */
export const contactWords = pgTable(
  'contact_words',
  {
    word: text('word').notNull(),
    block: integer('block').notNull(),
    contactIds: integer('contact_ids').array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.word, t.block] }),
    index('contact_words_word_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
    // The words of addresses (one or more per contact, nearly all unique) are most of the words; viewers
    // who may not see addresses (and every variant, slip and suggestion) search only the others.
    index('contact_words_public_word_trgm_idx')
      .using('gin', sql`${t.word} gin_trgm_ops`)
      .where(sql`${t.word} NOT LIKE '@%'`),
  ],
);

export const userLists = pgTable(
  'user_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id').$type<WorkspaceId>()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').$type<UserId>().references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('user_lists_workspace_idx').on(t.workspaceId, t.createdAt)],
);

export const listContacts = pgTable(
  'list_contacts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    listId: uuid('list_id')
      .notNull()
      .references(() => userLists.id, { onDelete: 'cascade' }),
    globalContactId: integer('global_contact_id')
      .notNull()
      .references(() => globalContacts.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('list_contacts_list_contact_key').on(t.listId, t.globalContactId),
    index('list_contacts_contact_idx').on(t.globalContactId),
  ],
);

// ---------------------------------------------------------------- press releases

export const pressReleases = pgTable(
  'press_releases',
  {
    id: uuid('id').$type<ReleaseId>().primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id').$type<WorkspaceId>()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The brand it speaks for: its From, newsroom, feeds and coverage names. */
    brandId: uuid('brand_id').$type<BrandId>()
      .notNull()
      .references(() => brands.id),
    /** Who wrote it, who approved it inside the workspace, who sent it: kept when they leave. */
    authorId: uuid('author_id').$type<UserId>().references(() => users.id, { onDelete: 'set null' }),
    approvedBy: uuid('approved_by').$type<UserId>().references(() => users.id, { onDelete: 'set null' }),
    sentBy: uuid('sent_by').$type<UserId>().references(() => users.id, { onDelete: 'set null' }),
    /** An approver's words when returning it to its writer; cleared at the next submission. */
    approvalComment: text('approval_comment'),
    /** The brand's client who approved it, when, and the version they approved (a digest of its text). */
    clientApprovedBy: uuid('client_approved_by').$type<UserId>().references(() => users.id, { onDelete: 'set null' }),
    clientApprovedAt: timestamp('client_approved_at', { withTimezone: true }),
    clientApprovedVersion: text('client_approved_version'),
    /** A client's words when returning it; cleared at the next send. */
    clientComment: text('client_comment'),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    /** Sanitised HTML (allow-list) — sanitised again before sending. */
    content: text('content').notNull().default(''),
    releaseDate: text('release_date').notNull().default(''),
    location: text('location').notNull().default(''),
    boilerplate: text('boilerplate').notNull().default(''),
    contactName: text('contact_name').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    language: text('language').notNull().default('english'),
    /** The version in the other language (title, subtitle, content, location, boilerplate), if any. */
    translation: jsonb('translation').$type<ReleaseTranslation>(),
    /** Both versions in one email, the recipient's language first; otherwise each gets their own. */
    bilingualEmail: boolean('bilingual_email').notNull().default(false),
    /** draft | scheduled | sending | sent | failed */
    status: text('status').$type<ReleaseStatus>().notNull().default('draft'),
    templateId: text('template_id'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    /** The IANA zone the schedule was entered in (issue 30); null for releases scheduled before. */
    timeZone: text('time_zone'),
    /** While set and in the future, only journalists who accept embargoes get it and nothing public shows it. */
    embargoUntil: timestamp('embargo_until', { withTimezone: true }),
    embargoTimeZone: text('embargo_time_zone'),
    /** Whether the embargo notice to journalists who have not agreed yet names the title, or only the brand. */
    embargoNoticeShowsTitle: boolean('embargo_notice_shows_title').notNull().default(false),
    /** When its web version, newsroom entry and feeds appeared: at the send, or at the embargo's lift. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** What it is about (TOPICS): journalists who chose other topics are left out. */
    topics: text('topics').array().notNull().default(sql`'{}'::text[]`),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    recipientCount: integer('recipient_count').notNull().default(0),
    recipientLists: jsonb('recipient_lists').$type<string[]>().notNull().default([]),
    /** Public web-version address (/r/{slug}). */
    slug: text('slug'),
    /** True while the release holds one press release of its owner's allowance (given back on cancel). */
    allowanceUsed: boolean('allowance_used').notNull().default(false),
    /**
     * Who last submitted it, and everyone who saved its text since it was last returned or sent back
     * (decision 026): with "every release needs a second person" none of them may approve that version.
     */
    submittedBy: uuid('submitted_by').$type<UserId>().references(() => users.id, { onDelete: 'set null' }),
    editedBy: uuid('edited_by').array().$type<UserId[]>().notNull().default(sql`'{}'::uuid[]`),
    /** When its owner was told of the first article found (coverage): once per release. */
    coverageNotifiedAt: timestamp('coverage_notified_at', { withTimezone: true }),
    /** Scheduler lease: the worker that turns a due scheduled release into deliveries. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('press_releases_status_check', isOneOf(t.status, releaseStatuses)),
    index('press_releases_workspace_idx').on(t.workspaceId, t.createdAt),
    index('press_releases_brand_idx').on(t.brandId, t.sentAt),
    index('press_releases_status_idx').on(t.status, t.scheduledAt),
    // The scheduler looks for lifted embargoes every tick: only the few releases still waiting for theirs.
    index('press_releases_embargo_pending_idx').on(t.embargoUntil).where(sql`${t.publishedAt} is null and ${t.embargoUntil} is not null`),
    uniqueIndex('press_releases_slug_key').on(t.slug),
    // The operator picks a release by part of its title (the delivery log).
    index('press_releases_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

/**
 * A release's timeline (decision 026): every step of every round, written by the lifecycle only
 * (src/server/releases/lifecycle.ts) in the transaction that takes the step. The actor's role is kept as
 * it was then; their name is read at display time (null actor: the service took the step).
 */
export const releaseSteps = pgTable(
  'release_steps',
  {
    /** Steps taken in one transaction share their time: the id keeps their order. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    releaseId: uuid('release_id').$type<ReleaseId>()
      .notNull()
      .references(() => pressReleases.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ReleaseStepKind>().notNull(),
    actorId: uuid('actor_id').$type<UserId>().references(() => users.id, { onDelete: 'set null' }),
    /** The name as it read when the step was taken: still shown once the account is gone. */
    actorName: text('actor_name'),
    actorRole: text('actor_role').$type<ReleaseStepRole>().notNull(),
    comment: text('comment'),
    round: integer('round').notNull().default(1),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('release_steps_release_idx').on(t.releaseId, t.id),
    check('release_steps_kind_check', isOneOf(t.kind, releaseStepKinds)),
    check('release_steps_actor_role_check', isOneOf(t.actorRole, releaseStepRoles)),
  ],
);

/**
 * Editorial review: one row per submission of a release to the review queue, decided once (approved,
 * changes_requested, rejected) or withdrawn by its owner. The release's status says where it stands;
 * these rows keep the history, the editor's words and the figures for turnaround.
 */
export const releaseReviews = pgTable(
  'release_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    releaseId: uuid('release_id').$type<ReleaseId>()
      .notNull()
      .references(() => pressReleases.id, { onDelete: 'cascade' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').$type<UserId>().references(() => users.id, { onDelete: 'set null' }),
    decidedByEmail: text('decided_by_email'),
    /** approved | changes_requested | rejected | withdrawn; null while waiting. */
    decision: text('decision'),
    comment: text('comment'),
  },
  (t) => [index('release_reviews_release_idx').on(t.releaseId, t.submittedAt), index('release_reviews_decided_idx').on(t.decidedAt)],
);

/**
 * The bytes of an account's files, stored once per content (sha256): a release's attachments, its
 * duplicates and its re-uploads all point at one blob. Kept per account, so storage counts against that
 * account's quota and one account's files never reveal another's. A blob no attachment points at goes.
 */
export const attachmentBlobs = pgTable(
  'attachment_blobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id').$type<WorkspaceId>()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    sha256: text('sha256').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('attachment_blobs_workspace_sha256_key').on(t.workspaceId, t.sha256)],
);

/** A file of a release: its name and place, and the blob holding its bytes. */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    releaseId: uuid('release_id').$type<ReleaseId>()
      .notNull()
      .references(() => pressReleases.id, { onDelete: 'cascade' }),
    blobId: uuid('blob_id')
      .notNull()
      .references(() => attachmentBlobs.id),
    originalName: text('original_name').notNull(),
    filename: text('filename').notNull(),
    mimetype: text('mimetype').notNull().default('application/octet-stream'),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /** english | arabic: sent only with that version; null: with every version. */
    language: text('language'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('attachments_release_idx').on(t.releaseId, t.position),
    index('attachments_blob_idx').on(t.blobId),
  ],
);

/** Links of a release's content, frozen at send time: click redirects only go to these. */
export const releaseLinks = pgTable(
  'release_links',
  {
    releaseId: uuid('release_id').$type<ReleaseId>()
      .notNull()
      .references(() => pressReleases.id, { onDelete: 'cascade' }),
    linkId: integer('link_id').notNull(),
    url: text('url').notNull(),
  },
  (t) => [primaryKey({ columns: [t.releaseId, t.linkId] })],
);

/** The delivery queue: one row per unique recipient address of a release. */
export const deliveries = pgTable(
  'deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    releaseId: uuid('release_id').$type<ReleaseId>()
      .notNull()
      .references(() => pressReleases.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    contactId: integer('contact_id'),
    /**
     * list: a journalist of the chosen lists; follower: someone following the company's newsroom (free);
     * embargo_notice: a journalist asked to agree to the embargo before the release is sent them (decision 027).
     */
    audience: text('audience').$type<DeliveryAudience>().notNull().default('list'),
    /** The version this recipient was sent (english | arabic): their contact language when the release has it. */
    language: text('language').notNull().default('english'),
    /** Random token used in tracking URLs. */
    token: text('token').notNull(),
    /** queued | sending | sent | bounced | complained (delivered, then reported as spam) | failed */
    status: text('status').$type<RecipientStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** The receiving server's answer to the latest attempt, accepted or not ("250 2.0.0 Ok: queued as …"). */
    smtpResponse: text('smtp_response'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One release e-mail per address and release, and one embargo notice beside it (decision 027).
    uniqueIndex('deliveries_release_email_key').on(t.releaseId, t.email).where(sql`audience <> 'embargo_notice'`),
    uniqueIndex('deliveries_release_notice_key').on(t.releaseId, t.email).where(sql`audience = 'embargo_notice'`),
    uniqueIndex('deliveries_token_key').on(t.token),
    index('deliveries_queue_idx').on(t.status, t.nextAttemptAt),
    // The operator's delivery log looks an address up across every release.
    index('deliveries_email_idx').on(t.email),
    // …and by part of an address (`@gulfnews`).
    index('deliveries_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    check('deliveries_status_check', isOneOf(t.status, recipientStatuses)),
    check('deliveries_audience_check', isOneOf(t.audience, deliveryAudiences)),
  ],
);

/**
 * People following a company's newsroom by email (double opt-in): once confirmed they receive its later
 * releases in their language, free of charge, until they unsubscribe. Kept apart from the media database.
 */
export const newsroomFollowers = pgTable(
  'newsroom_followers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The brand followed (its newsroom). */
    brandId: uuid('brand_id').$type<BrandId>()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** english | arabic */
    language: text('language').notNull(),
    /** For the confirmation link (random, single purpose). */
    token: text('token').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /** When the last confirmation was mailed: an address is asked again at most once a day. */
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('newsroom_followers_brand_email_key').on(t.brandId, t.email),
    uniqueIndex('newsroom_followers_token_key').on(t.token),
    index('newsroom_followers_email_sent_idx').on(t.email, t.confirmationSentAt),
  ],
);

export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    releaseId: uuid('release_id').$type<ReleaseId>()
      .notNull()
      .references(() => pressReleases.id, { onDelete: 'cascade' }),
    /** open | machine_open | click | download | unsubscribe */
    type: text('type').$type<TrackingEventType>().notNull(),
    linkId: integer('link_id'),
    attachmentId: uuid('attachment_id'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('tracking_events_release_idx').on(t.releaseId, t.type, t.createdAt),
    index('tracking_events_delivery_idx').on(t.deliveryId),
    check('tracking_events_type_check', isOneOf(t.type, trackingEventTypes)),
  ],
);

/**
 * What mail servers reported about a delivery after accepting it (issue 14): a bounce notification (hard:
 * 5.x.x, soft: 4.x.x) or a spam complaint, as read by the inbound listener. Soft bounces of an address are
 * counted here over 30 days.
 */
export const deliveryReports = pgTable(
  'delivery_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** hard | soft | delayed | complaint */
    kind: text('kind').$type<DeliveryReportKind>().notNull(),
    /** The enhanced status code (5.1.1) of a bounce, or the feedback type of a complaint (abuse). */
    status: text('status'),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [
    index('delivery_reports_email_idx').on(t.email, t.createdAt),
    index('delivery_reports_delivery_idx').on(t.deliveryId),
    check('delivery_reports_kind_check', isOneOf(t.kind, deliveryReportKinds)),
  ],
);

/**
 * Reports already applied, so a replayed one changes nothing: the report's Message-ID (or the hash of its
 * bytes) for reports by mail, the SNS MessageId for Amazon SES, per delivery it was applied to.
 */
export const seenReports = pgTable(
  'seen_reports',
  {
    reportId: text('report_id').notNull(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.deliveryId] }), index('seen_reports_delivery_idx').on(t.deliveryId)],
);

/**
 * What journalists wrote back to a release (issue 38): mail to a delivery's reply address
 * (r-{delivery}.{mac}@REPLY_DOMAIN), or to the From or bounce address naming the delivery's Message-ID in
 * In-Reply-To/References. Kept REPLY_RETENTION_DAYS, then purged by the scheduler. `raw` is the whole
 * message as it arrived (the listener refuses more than its size limit); `html` is sanitised, without
 * remote images. Only kind 'reply' counts as a reply.
 */
export const inboundReplies = pgTable(
  'inbound_replies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    releaseId: uuid('release_id').$type<ReleaseId>()
      .notNull()
      .references(() => pressReleases.id, { onDelete: 'cascade' }),
    /** reply | auto_reply | left | bounce (handed to the bounce path) */
    kind: text('kind').$type<ReplyKind>().notNull(),
    /** How it was matched: its reply address, or its In-Reply-To/References. */
    matchedBy: text('matched_by').$type<ReplyMatch>().notNull(),
    fromAddress: text('from_address').notNull(),
    fromName: text('from_name').notNull().default(''),
    subject: text('subject').notNull().default(''),
    /** The visible new text, without the quoted original or the signature. */
    text: text('text').notNull().default(''),
    html: text('html'),
    raw: bytea('raw').notNull(),
    messageId: text('message_id'),
    /** The day an automatic reply says its writer is back (YYYY-MM-DD). */
    returnDate: text('return_date'),
    /** The address a "left / new address" reply gives. */
    newAddress: text('new_address'),
    /** SPF and DMARC of the replier's domain as checked at arrival (pass, fail, softfail, none, …). */
    spf: text('spf').notNull().default('none'),
    dmarc: text('dmarc').notNull().default('none'),
    /** DMARC failed, or SPF failed with no DMARC record: shown flagged, never dropped. */
    authFailed: boolean('auth_failed').notNull().default(false),
    /** Files of the message: forwarded up to the limit, the rest linked from the release page. */
    attachments: jsonb('attachments').$type<Array<{ filename: string; contentType: string; size: number; forwarded: boolean }>>().notNull().default([]),
    forwardedAt: timestamp('forwarded_at', { withTimezone: true }),
    forwardedTo: text('forwarded_to').array().notNull().default(sql`'{}'::text[]`),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('inbound_replies_release_idx').on(t.releaseId, t.receivedAt),
    index('inbound_replies_delivery_idx').on(t.deliveryId),
    index('inbound_replies_received_idx').on(t.receivedAt),
    // The same message relayed twice (a retry after a lost answer) is kept once.
    uniqueIndex('inbound_replies_delivery_message_key').on(t.deliveryId, t.messageId),
    check('inbound_replies_kind_check', isOneOf(t.kind, REPLY_KINDS)),
    check('inbound_replies_matched_by_check', isOneOf(t.matchedBy, REPLY_MATCHES)),
  ],
);

/**
 * The operator's research queue (issue 38): signals that a journalist's address in the media database may
 * be out of date — a "left / new address" reply or a hard bounce — until the operator corrects the
 * contact, marks them left, or dismisses the signal.
 */
export const researchItems = pgTable(
  'research_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    contactId: integer('contact_id').references(() => globalContacts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** left | new_address | hard_bounce */
    signal: text('signal').$type<ResearchSignal>().notNull(),
    /** The words that say so: the reply's text or the server's answer. */
    evidence: text('evidence').notNull().default(''),
    newAddress: text('new_address'),
    deliveryId: bigint('delivery_id', { mode: 'number' }).references(() => deliveries.id, { onDelete: 'set null' }),
    replyId: bigint('reply_id', { mode: 'number' }).references(() => inboundReplies.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** corrected | left | dismissed */
    resolution: text('resolution').$type<ResearchOutcome>(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').$type<UserId>().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('research_items_open_idx').on(t.resolvedAt, t.createdAt),
    index('research_items_contact_idx').on(t.contactId),
    // One open item per address and signal: a second bounce or auto-reply adds nothing to research.
    uniqueIndex('research_items_open_key').on(t.email, t.signal).where(sql`${t.resolvedAt} is null`),
    check('research_items_signal_check', isOneOf(t.signal, RESEARCH_SIGNALS)),
    check('research_items_resolution_check', sql`${t.resolution} IS NULL OR ${isOneOf(t.resolution, RESEARCH_OUTCOMES)}`),
  ],
);

/** Addresses never mailed again by anyone: unsubscribed, bounced or complained. Lower case. */
export const suppressions = pgTable(
  'suppressions',
  {
    email: text('email').primaryKey(),
    reason: text('reason').$type<SuppressionReason>().notNull(),
    releaseId: uuid('release_id').$type<ReleaseId>(),
    createdAt: createdAt(),
  },
  (t) => [check('suppressions_reason_check', isOneOf(t.reason, suppressionReasons))],
);

/**
 * Addresses that chose to stop hearing from one company only ("only from {Company}" on the
 * unsubscribe page); other companies' releases still reach them. Lower case. To the journalist a company
 * is its name (decision 018): the row also holds the brand's workspace and the names it went by when they
 * chose, so a brand of that workspace renamed to one of them, or made anew under one, is left out too.
 */
export const companyUnsubscribes = pgTable(
  'company_unsubscribes',
  {
    /** The brand the address no longer hears from. */
    brandId: uuid('brand_id').$type<BrandId>()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /**
     * The brand's workspace: its other brands going by one of `names` are left out as well. Written with
     * every row since issue 35; older rows got it from their brand in the migration that added it.
     */
    workspaceId: uuid('workspace_id').$type<WorkspaceId>().references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The name the journalist chose it by (the brand's name then). */
    companyName: text('company_name').notNull().default(''),
    /** The brand's names then (name, Arabic name, sender name), as the SQL function company_name_keys folds them. */
    names: text('names').array().notNull().default(sql`'{}'::text[]`),
    releaseId: uuid('release_id').$type<ReleaseId>(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.email] }),
    index('company_unsubscribes_workspace_email_idx').on(t.workspaceId, t.email),
  ],
);

// ---------------------------------------------------------------- coverage

/**
 * Outlets' feeds (RSS, Atom or a news sitemap) that the poller reads for coverage, managed by super
 * admins. Claimed for a fetch with a lease like deliveries (lockedBy/lockedUntil), so no two workers
 * fetch one feed at once; a failing feed's next fetch moves further away with each failure.
 */
export const outletFeeds = pgTable(
  'outlet_feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    /** The URL's host, lower case: at most one feed of a host is fetched at a time. */
    host: text('host').notNull(),
    outlet: text('outlet').notNull(),
    country: text('country').notNull(),
    /** english | arabic */
    language: text('language').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
    /** ok | not_modified | error | refused */
    lastStatus: text('last_status'),
    lastError: text('last_error'),
    itemCount: integer('item_count').notNull().default(0),
    failures: integer('failures').notNull().default(0),
    nextFetchAt: timestamp('next_fetch_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('outlet_feeds_url_key').on(t.url), index('outlet_feeds_due_idx').on(t.nextFetchAt)],
);

/** Every article the poller has read, by its address: an article is matched once, however often it is updated. */
export const coverageArticles = pgTable(
  'coverage_articles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    url: text('url').notNull(),
    feedId: uuid('feed_id').references(() => outletFeeds.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('coverage_articles_url_key').on(t.url), index('coverage_articles_feed_idx').on(t.feedId)],
);

/** An article found to carry a release (from a feed) or added by the release's owner. */
export const coverageItems = pgTable(
  'coverage_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    releaseId: uuid('release_id').$type<ReleaseId>()
      .notNull()
      .references(() => pressReleases.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    outlet: text('outlet').notNull(),
    country: text('country').notNull().default(''),
    /** english | arabic | '' when unknown */
    language: text('language').notNull().default(''),
    title: text('title').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** verbatim | earned | unverified (added by its owner, not confirmed from the page) */
    kind: text('kind').$type<CoverageKind>().notNull(),
    excerpt: text('excerpt').notNull().default(''),
    /** feed | manual */
    source: text('source').$type<CoverageSource>().notNull(),
    /** Published before the release's embargo lifted (issue 30). */
    embargoBreak: boolean('embargo_break').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coverage_items_release_url_key').on(t.releaseId, t.url),
    index('coverage_items_created_idx').on(t.createdAt),
    check('coverage_items_kind_check', isOneOf(t.kind, coverageKinds)),
    check('coverage_items_source_check', isOneOf(t.source, coverageSources)),
  ],
);

// ---------------------------------------------------------------- billing

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id').$type<WorkspaceId>()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The member who bought it. */
    paidBy: uuid('paid_by').$type<UserId>().references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    /** Unique: a payment intent credits its releases exactly once. */
    paymentIntentId: text('payment_intent_id').notNull(),
    planId: text('plan_id').notNull(),
    /** Amount in cents. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status').$type<PaymentStatus>().notNull(),
    /** Numbers the receipts in order (receipt NSR-{year}-{seq}); earlier payments were numbered when it came. */
    receiptSeq: serial('receipt_seq').notNull(),
    /** Press releases the buyer could send right after this purchase; null for payments made before receipts. */
    balanceAfter: integer('balance_after'),
    /** The press releases the package added to the allowance. */
    releases: integer('releases').notNull().default(0),
    /** Cents of VAT inside `amount` (issue 29); 0 for purchases made before tax invoices. */
    vat: integer('vat').notNull().default(0),
    /** The buyer's purchase order reference, printed on the invoice. */
    poNumber: text('po_number'),
    /** Releases and cents (VAT included) given back by refunds so far. */
    refundedReleases: integer('refunded_releases').notNull().default(0),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_intent_key').on(t.paymentIntentId),
    index('payments_workspace_idx').on(t.workspaceId, t.createdAt),
    check('payments_status_check', isOneOf(t.status, paymentStatuses)),
  ],
);

/** Demo provider's payment intents (used only when no Stripe key is configured). */
export const demoPaymentIntents = pgTable('demo_payment_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  workspaceId: uuid('workspace_id').$type<WorkspaceId>()
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  planId: text('plan_id').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull().default('usd'),
  /** requires_payment_method | succeeded */
  status: text('status').notNull().default('requires_payment_method'),
  /** Paid with Stripe's test card whose refunds fail (4000 0000 0000 5126), so a failed refund can be tried. */
  refundFails: boolean('refund_fails').notNull().default(false),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- tax invoices (issue 29, decision 023)

/** The buyer's details for its invoices; a workspace without one is asked for it at checkout. */
export const billingProfiles = pgTable('billing_profiles', {
  workspaceId: uuid('workspace_id').$type<WorkspaceId>()
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  legalName: text('legal_name').notNull(),
  /** The legal name in Arabic where the buyer's country registers one; '' when not given. */
  legalNameAr: text('legal_name_ar').notNull().default(''),
  address: text('address').notNull(),
  /** As the contacts database names countries (src/shared/contacts.ts). */
  country: text('country').notNull(),
  /** '' when the buyer is not registered for VAT. */
  taxNumber: text('tax_number').notNull().default(''),
  updatedAt: updatedAt(),
});

/** The seller's legal identity and tax rules as the console last saved them (one row; configuration otherwise). */
export const sellerSettings = pgTable('seller_settings', {
  id: integer('id').primaryKey().default(1),
  /** SellerSettings of src/shared/invoices.ts. */
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  updatedBy: uuid('updated_by').$type<UserId>().references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/**
 * The last number given in each series (an invoice prefix and a kind). A number is taken by updating this
 * row inside the transaction that records the payment or refund, so a rolled-back one is given again.
 */
export const documentSequences = pgTable(
  'document_sequences',
  {
    series: text('series').notNull(),
    kind: text('kind').$type<DocumentKind>().notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.kind] }), check('document_sequences_kind_check', isOneOf(t.kind, documentKinds))],
);

/**
 * Tax invoices and credit notes. `document` is everything printed, fixed when issued: a trigger refuses any
 * change but the workspace's removal (migration 0025), so a document outlives the customer.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id').$type<WorkspaceId>().references(() => workspaces.id, { onDelete: 'set null' }),
    paymentId: uuid('payment_id').notNull(),
    /** invoice | credit_note */
    kind: text('kind').$type<DocumentKind>().notNull(),
    series: text('series').notNull(),
    seq: integer('seq').notNull(),
    number: text('number').notNull(),
    /** A credit note's invoice. */
    refersTo: uuid('refers_to'),
    total: integer('total').notNull(),
    vat: integer('vat').notNull(),
    currency: text('currency').notNull(),
    /** InvoiceDocument of src/shared/invoices.ts. */
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_series_seq_key').on(t.series, t.kind, t.seq),
    index('invoices_workspace_idx').on(t.workspaceId, t.issuedAt),
    index('invoices_payment_idx').on(t.paymentId),
    check('invoices_kind_check', isOneOf(t.kind, documentKinds)),
  ],
);

/** What the checkout showed before payment, kept by payment intent so the invoice states the same VAT. */
export const checkoutQuotes = pgTable('checkout_quotes', {
  paymentIntentId: text('payment_intent_id').primaryKey(),
  workspaceId: uuid('workspace_id').$type<WorkspaceId>()
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  planId: text('plan_id').notNull(),
  subtotal: integer('subtotal').notNull(),
  vat: integer('vat').notNull(),
  /** Basis points: 500 is 5 %. */
  vatRateBp: integer('vat_rate_bp').notNull(),
  reverseCharge: boolean('reverse_charge').notNull(),
  poNumber: text('po_number'),
  /** BillingProfile at checkout. */
  buyer: jsonb('buyer').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});

/** A refund a super admin made: the provider's refund, the releases taken back and its credit note. */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    releases: integer('releases').notNull(),
    /** Cents, VAT included. */
    amount: integer('amount').notNull(),
    vat: integer('vat').notNull(),
    providerRefundId: text('provider_refund_id').notNull(),
    creditNoteId: uuid('credit_note_id').notNull(),
    /** Why the money went back, as the credit note prints it ('' for refunds made before it was asked). */
    reason: text('reason').notNull().default(''),
    refundedBy: uuid('refunded_by').$type<UserId>().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('refunds_payment_idx').on(t.paymentId)],
);

/** Releases a super admin gave a workspace without a payment ("Granted by Nashr"), with the reason. */
export const allowanceGrants = pgTable(
  'allowance_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id').$type<WorkspaceId>()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    releases: integer('releases').notNull(),
    reason: text('reason').notNull(),
    grantedBy: uuid('granted_by').$type<UserId>().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('allowance_grants_workspace_idx').on(t.workspaceId, t.createdAt)],
);

// ---------------------------------------------------------------- journalists' preferences (issue 30, decision 024)

/**
 * What a journalist chose on their preference page, apart from the curated contact (the import never writes
 * here). Empty topics or countries mean all; a null weekly cap means no limit.
 */
export const journalistPreferences = pgTable('journalist_preferences', {
  contactId: integer('contact_id')
    .primaryKey()
    .references(() => globalContacts.id, { onDelete: 'cascade' }),
  /** arabic | english */
  languages: text('languages').array().notNull().default(sql`'{arabic,english}'::text[]`),
  topics: text('topics').array().notNull().default(sql`'{}'::text[]`),
  countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
  weeklyCap: integer('weekly_cap'),
  digest: boolean('digest').notNull().default(false),
  acceptsEmbargo: boolean('accepts_embargo').notNull().default(false),
  /** The zone they read times in (IANA); null: the zone a time was entered in. */
  timeZone: text('time_zone'),
  unsubscribedAll: boolean('unsubscribed_all').notNull().default(false),
  updatedAt: updatedAt(),
});

/** Every change a journalist made to their preferences, with its time: the consent record. */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    contactId: integer('contact_id').references(() => globalContacts.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    /** The fields changed: { field: { from, to } }. */
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull(),
    /** The delivery whose link was used. */
    deliveryId: bigint('delivery_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [index('consent_records_contact_idx').on(t.contactId, t.createdAt)],
);

/** A journalist's request for a copy of their data or its erasure: a super admin's queue with a due date. */
export const dataRequests = pgTable(
  'data_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactId: integer('contact_id').references(() => globalContacts.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    /** access | erasure */
    kind: text('kind').$type<DataRequestKind>().notNull(),
    /** open | done */
    status: text('status').$type<DataRequestState>().notNull().default('open'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').$type<UserId>().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('data_requests_status_idx').on(t.status, t.dueAt),
    check('data_requests_kind_check', isOneOf(t.kind, dataRequestKinds)),
    check('data_requests_status_check', isOneOf(t.status, dataRequestStates)),
  ],
);
