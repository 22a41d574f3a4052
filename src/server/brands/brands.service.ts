import { companyBrandIdOf, type BrandId, type WorkspaceId } from '../../shared/ids.js';
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { type Brand, type brandInputSchema } from '../../shared/brands.js';
import { SENT_STATUSES, type ReleaseLanguage } from '../../shared/releases.js';
import { isBrandLimited, type WorkspaceAction, type WorkspaceRole } from '../../shared/workspaces.js';
import type { z } from 'zod';
import type { Db } from '../db/client.js';
import {
  brandLogos,
  brands,
  newsroomAddresses,
  pressReleases,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
} from '../db/schema.js';
import { appError, fieldRefusal, isUniqueViolation } from '../http/errors.js';
import { brandLimit, mayUseBrand, requireAction, type Actor } from '../access/access.js';
import { prepareLogo } from './logo-check.js';
import { newsroomUrl } from '../common/public-urls.js';
import { brandLogoUrl } from './brand-voice.js';

export type BrandDeps = { db: Db; publicUrl: string; now: () => Date };
type BrandRow = typeof brands.$inferSelect;
type BrandFields = z.output<typeof brandInputSchema>;

/**
 * Newsroom addresses that read as the product's own pages, its mail or its staff rather than a brand's
 * (issue 35: `login`, `support`, `security` and `google` were taken), and the names of large companies
 * that an impostor's newsroom would borrow. Every other address is first come, first served across the
 * platform, and once given stays its brand's for good (newsroom_addresses).
 */
const RESERVED_SLUGS = new Set([
  // the product and its routes
  'nashr', 'app', 'api', 'www', 'web', 'static', 'assets', 'public', 'cdn', 'media', 'files', 'uploads',
  'download', 'downloads', 'newsroom', 'newsrooms', 'feed', 'feeds', 'rss', 'atom', 'follow', 'unfollow',
  'unsubscribe', 'subscribe', 'preferences', 'settings', 'profile', 'account',
  'accounts', 'dashboard', 'editor', 'press-releases', 'press-release', 'releases', 'release', 'analytics',
  'contacts', 'contacts-new', 'lists', 'my-lists', 'brands', 'brand', 'workspace', 'workspaces', 'team',
  'invitations', 'invite', 'subscription', 'subscriptions', 'billing', 'invoice', 'invoices', 'checkout',
  'payment', 'payments', 'pricing', 'plans', 'privacy', 'privacy-policy', 'terms', 'terms-of-service',
  'legal', 'contact', 'about', 'blog', 'news', 'press', 'docs', 'status', 'healthz', 'readyz', 'metrics',
  'webhooks', 'webhook', 'sitemap', 'robots', 'favicon', 'review', 'coverage', 'campaigns',
  // signing in and account recovery
  'auth', 'login', 'log-in', 'logout', 'log-out', 'signin', 'sign-in', 'signout', 'sign-out', 'signup',
  'sign-up', 'register', 'verify', 'verification', 'confirm', 'reset', 'password', 'password-reset',
  'forgot-password', 'recover', 'recovery', 'sso', 'oauth', 'mfa', '2fa', 'otp', 'session', 'sessions',
  // staff, help, security and mail roles
  'admin', 'administrator', 'root', 'sysadmin', 'superuser', 'super-admin', 'staff', 'moderator', 'owner',
  'operator', 'official', 'help', 'helpdesk', 'support', 'customer-support', 'customer-service', 'service',
  'care', 'security', 'secure', 'trust', 'safety', 'trust-and-safety', 'abuse', 'fraud', 'phishing', 'spam',
  'compliance', 'postmaster', 'hostmaster', 'webmaster', 'mailer-daemon', 'noreply', 'no-reply', 'bounces',
  'dmarc', 'info', 'team-nashr', 'nashr-team', 'nashr-support', 'test', 'demo', 'example', 'null',
  'undefined',
  // large companies an impostor would borrow
  'google', 'gmail', 'youtube', 'apple', 'icloud', 'microsoft', 'outlook', 'hotmail', 'office', 'amazon',
  'aws', 'meta', 'facebook', 'instagram', 'whatsapp', 'twitter', 'linkedin', 'tiktok', 'snapchat',
  'telegram', 'yahoo', 'paypal', 'stripe', 'visa', 'mastercard', 'netflix', 'openai', 'samsung',
  'aramco', 'saudi-aramco', 'adnoc', 'emirates', 'etihad', 'qatar-airways', 'etisalat', 'eand',
  'stc', 'zain', 'ooredoo', 'careem', 'noon', 'talabat', 'sabic', 'neom', 'reuters', 'bloomberg',
  'al-jazeera', 'aljazeera', 'al-arabiya', 'alarabiya', 'bbc', 'cnn', 'wam', 'spa',
]);

const sentReleases = sql<number>`(select count(*)::int from ${pressReleases} pr where pr.brand_id = ${brands.id} and pr.status in (${sql.join(
  SENT_STATUSES.map((status) => sql`${status}`),
  sql`, `,
)}))`;

/** Brands with what the list shows beside them, active first, then in the order they were made. */
async function brandRows(db: Db, where: SQL | undefined) {
  return db
    .select({ brand: brands, sentReleases, logoSha256: brandLogos.sha256 })
    .from(brands)
    .leftJoin(brandLogos, eq(brandLogos.brandId, brands.id))
    .where(where)
    .orderBy(sql`${brands.archivedAt} is not null`, asc(brands.createdAt), asc(brands.id));
}

function toBrand(
  publicUrl: string,
  { brand, sentReleases: sent, logoSha256 }: Awaited<ReturnType<typeof brandRows>>[number],
): Brand {
  return {
    id: brand.id,
    name: brand.name,
    nameAr: brand.nameAr,
    senderName: brand.senderName,
    senderNameAr: brand.senderNameAr,
    newsroomSlug: brand.newsroomSlug,
    newsroomEnabled: brand.newsroomEnabled,
    newsroomUrl: brand.newsroomSlug ? newsroomUrl(publicUrl, brand.newsroomSlug) : null,
    boilerplate: brand.boilerplate,
    boilerplateAr: brand.boilerplateAr,
    contactName: brand.contactName,
    contactEmail: brand.contactEmail,
    contactPhone: brand.contactPhone,
    language: brand.language as ReleaseLanguage,
    clientApproval: brand.clientApproval,
    forwardRepliesToClients: brand.forwardRepliesToClients,
    logoUrl: brandLogoUrl(publicUrl, brand.id, logoSha256),
    archivedAt: brand.archivedAt ? new Date(brand.archivedAt).toISOString() : null,
    sentReleases: Number(sent),
    createdAt: new Date(brand.createdAt).toISOString(),
  };
}

async function brandById(deps: BrandDeps, id: BrandId): Promise<Brand> {
  const [row] = await brandRows(deps.db, eq(brands.id, id));
  return toBrand(deps.publicUrl, row);
}

/** The brands of the actor's workspace a client seat is limited to (all of them for the team). */
function visibleBrands(actor: Actor, workspaceId: WorkspaceId): SQL | undefined {
  return and(eq(brands.workspaceId, workspaceId), brandLimit(brands.id, actor));
}

/** GET /api/brands */
export async function listBrands(deps: BrandDeps, actor: Actor): Promise<Brand[]> {
  const workspaceId = requireAction(actor, 'read');
  return (await brandRows(deps.db, visibleBrands(actor, workspaceId))).map((row) =>
    toBrand(deps.publicUrl, row),
  );
}

/**
 * One brand of the actor's current workspace for an action: 404 BRAND_NOT_FOUND when it is another
 * workspace's or outside a client seat's brands (no hint that it exists); then the role's own refusal.
 */
export async function requireBrand(
  db: Db,
  actor: Actor,
  id: BrandId,
  action: WorkspaceAction,
): Promise<BrandRow> {
  const [brand] = await db.select().from(brands).where(eq(brands.id, id));
  if (!brand || brand.workspaceId !== actor.workspace?.id || !mayUseBrand(actor, brand))
    throw appError('BRAND_NOT_FOUND');
  requireAction(actor, action);
  return brand;
}

/** Brand writes take turns per workspace (the workspace row's lock), so two same names cannot both pass. */
async function lockWorkspace(tx: Db, workspaceId: WorkspaceId): Promise<void> {
  await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).for('update');
}

async function requireFreeName(tx: Db, workspaceId: WorkspaceId, name: string, except?: BrandId): Promise<void> {
  const [taken] = await tx
    .select({ id: brands.id })
    .from(brands)
    .where(
      and(
        eq(brands.workspaceId, workspaceId),
        sql`lower(${brands.name}) = lower(${name})`,
        except ? ne(brands.id, except) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw fieldRefusal('name', 'BRAND_NAME_TAKEN');
}

const slugTaken = () => fieldRefusal('newsroomSlug', 'NEWSROOM_ADDRESS_TAKEN');

/**
 * A newsroom address held by another brand, or reserved, is taken; one another brand held before (it
 * moved on, or is gone with its workspace) is retired: it stays that brand's for good, so sent e-mails
 * and feeds never lead to someone else (issue 35). Only the brand it was given to may take it back. The
 * database decides between two requests that both pass this check (see `withSlugIndex`).
 */
async function requireFreeSlug(tx: Db, slug: string, brandId?: BrandId): Promise<void> {
  if (RESERVED_SLUGS.has(slug)) throw slugTaken();
  const [brand] = await tx
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.newsroomSlug, slug), brandId ? ne(brands.id, brandId) : undefined))
    .limit(1);
  if (brand) throw slugTaken();
  // Read with whether the brand it was given to still holds it, in one statement: a brand that took the address
  // between the query above and this one (a parallel request) holds it, so the answer is taken, not retired.
  const [given] = await tx
    .select({ brandId: newsroomAddresses.brandId, heldBy: brands.id })
    .from(newsroomAddresses)
    .leftJoin(brands, and(eq(brands.id, newsroomAddresses.brandId), eq(brands.newsroomSlug, slug)))
    .where(eq(newsroomAddresses.slug, slug));
  if (!given || given.brandId === brandId) return;
  throw given.heldBy ? slugTaken() : fieldRefusal('newsroomSlug', 'NEWSROOM_ADDRESS_RETIRED');
}

/**
 * The newsroom address index, or the trigger recording every address given (newsroom_addresses), refusing
 * a write (a parallel request took it first) is the same 409.
 */
async function withSlugIndex<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/**
 * The company renamed (profile or workspace settings): its own brand (the workspace's id), which still
 * bears the old name, takes the new one, so a one-brand company's From follows its name. A brand renamed
 * on its own, or a new name another brand already has, is left as it is.
 */
export async function renameCompanyBrand(
  tx: Db,
  workspaceId: WorkspaceId,
  oldName: string,
  newName: string,
): Promise<void> {
  await lockWorkspace(tx, workspaceId);
  const [clash] = await tx
    .select({ id: brands.id })
    .from(brands)
    .where(
      and(
        eq(brands.workspaceId, workspaceId),
        sql`lower(${brands.name}) = lower(${newName})`,
        ne(brands.id, companyBrandIdOf(workspaceId)),
      ),
    )
    .limit(1);
  if (clash) return;
  await tx
    .update(brands)
    .set({ name: newName, updatedAt: new Date() })
    .where(and(eq(brands.id, companyBrandIdOf(workspaceId)), eq(brands.name, oldName)));
}

/** POST /api/brands */
export async function createBrand(deps: BrandDeps, actor: Actor, input: BrandFields): Promise<Brand> {
  const workspaceId = requireAction(actor, 'manage');
  const id = await withSlugIndex(() =>
    deps.db.transaction(async (tx) => {
      await lockWorkspace(tx, workspaceId);
      await requireFreeName(tx, workspaceId, input.name);
      if (input.newsroomSlug) await requireFreeSlug(tx, input.newsroomSlug);
      const [row] = await tx
        .insert(brands)
        .values({ ...input, newsroomSlug: input.newsroomSlug ?? null, workspaceId })
        .returning({ id: brands.id });
      return row.id;
    }),
  );
  return brandById(deps, id);
}

/** PATCH /api/brands/{id}: the fields given; an absent field keeps its value. */
export async function updateBrand(
  deps: BrandDeps,
  actor: Actor,
  id: BrandId,
  input: Partial<BrandFields>,
): Promise<Brand> {
  const brand = await requireBrand(deps.db, actor, id, 'manage');
  // A newsroom address once given stays (sent mail and feeds link to it): null does not take it away.
  const changes = Object.fromEntries(
    Object.entries(input).filter(
      ([key, value]) => value !== undefined && !(key === 'newsroomSlug' && value === null),
    ),
  );
  await withSlugIndex(() =>
    deps.db.transaction(async (tx) => {
      await lockWorkspace(tx, brand.workspaceId);
      if (input.name !== undefined) await requireFreeName(tx, brand.workspaceId, input.name, brand.id);
      // The address it already has is kept as it is (one given before a word was reserved included).
      if (input.newsroomSlug && input.newsroomSlug !== brand.newsroomSlug)
        await requireFreeSlug(tx, input.newsroomSlug, brand.id);
      await tx
        .update(brands)
        .set({ ...changes, updatedAt: deps.now() })
        .where(eq(brands.id, brand.id));
    }),
  );
  return brandById(deps, brand.id);
}

/** Another active brand of the workspace than `brandId`, the first made; undefined when it is the last. */
async function otherActiveBrand(tx: Db, workspaceId: WorkspaceId, brandId: BrandId): Promise<BrandRow | undefined> {
  const [other] = await tx
    .select()
    .from(brands)
    .where(and(eq(brands.workspaceId, workspaceId), isNull(brands.archivedAt), ne(brands.id, brandId)))
    .orderBy(asc(brands.createdAt), asc(brands.id))
    .limit(1);
  return other;
}

/** POST /api/brands/{id}/archive: it takes no new release but keeps its public pages. */
export async function archiveBrand(deps: BrandDeps, actor: Actor, id: BrandId): Promise<Brand> {
  const brand = await requireBrand(deps.db, actor, id, 'manage');
  await deps.db.transaction(async (tx) => {
    await lockWorkspace(tx, brand.workspaceId);
    if (!(await otherActiveBrand(tx, brand.workspaceId, brand.id))) throw appError('LAST_BRAND');
    await tx
      .update(brands)
      .set({ archivedAt: deps.now(), updatedAt: deps.now() })
      .where(and(eq(brands.id, brand.id), isNull(brands.archivedAt)));
  });
  return brandById(deps, brand.id);
}

/** POST /api/brands/{id}/unarchive */
export async function unarchiveBrand(deps: BrandDeps, actor: Actor, id: BrandId): Promise<Brand> {
  const brand = await requireBrand(deps.db, actor, id, 'manage');
  await deps.db
    .update(brands)
    .set({ archivedAt: null, updatedAt: deps.now() })
    .where(eq(brands.id, brand.id));
  return brandById(deps, brand.id);
}

/**
 * DELETE /api/brands/{id}: only a brand none of whose releases ever went out (one that did is archived
 * instead, keeping its public pages). Its drafts, scheduled and waiting releases move to the workspace's
 * first other active brand, and client seats stop naming it.
 */
export async function deleteBrand(deps: BrandDeps, actor: Actor, id: BrandId): Promise<void> {
  const brand = await requireBrand(deps.db, actor, id, 'manage');
  await deps.db.transaction(async (tx) => {
    await lockWorkspace(tx, brand.workspaceId);
    const [went] = await tx
      .select({ id: pressReleases.id })
      .from(pressReleases)
      .where(
        and(
          eq(pressReleases.brandId, brand.id),
          sql`(${pressReleases.sentAt} is not null or ${inArray(pressReleases.status, [...SENT_STATUSES])})`,
        ),
      )
      .limit(1);
    if (went) throw appError('BRAND_HAS_RELEASES');
    const heir = await otherActiveBrand(tx, brand.workspaceId, brand.id);
    if (!heir) throw appError('LAST_BRAND');
    await tx.update(pressReleases).set({ brandId: heir.id }).where(eq(pressReleases.brandId, brand.id));
    for (const table of [workspaceMembers, workspaceInvitations])
      await tx
        .update(table)
        .set({ brandIds: sql`array_remove(${table.brandIds}, ${brand.id}::uuid)` })
        .where(
          and(eq(table.workspaceId, brand.workspaceId), sql`${brand.id}::uuid = any(${table.brandIds})`),
        );
    await tx.delete(brands).where(eq(brands.id, brand.id));
  });
}

// ---------------------------------------------------------------- logo

/**
 * PUT /api/brands/{id}/logo: the image's bytes, judged by content and scaled down when larger than the
 * e-mails need (logo-check.ts). The digest is of the bytes kept.
 */
export async function setBrandLogo(
  deps: BrandDeps,
  actor: Actor,
  id: BrandId,
  upload: Buffer,
  /** Counts a scaling against the actor's limit (throws 429 past it). */
  beforeScaling?: () => void,
): Promise<Brand> {
  const brand = await requireBrand(deps.db, actor, id, 'manage');
  const { contentType, content } = await prepareLogo(upload, beforeScaling);
  const sha256 = createHash('sha256').update(content).digest('hex');
  const values = { brandId: brand.id, contentType, sha256, content, updatedAt: deps.now() };
  await deps.db
    .insert(brandLogos)
    .values(values)
    .onConflictDoUpdate({
      target: brandLogos.brandId,
      set: { contentType, sha256, content, updatedAt: deps.now() },
    });
  return brandById(deps, brand.id);
}

/** DELETE /api/brands/{id}/logo */
export async function removeBrandLogo(deps: BrandDeps, actor: Actor, id: BrandId): Promise<Brand> {
  const brand = await requireBrand(deps.db, actor, id, 'manage');
  await deps.db.delete(brandLogos).where(eq(brandLogos.brandId, brand.id));
  return brandById(deps, brand.id);
}

/** GET /api/brands/{id}/logo: public (newsrooms, web versions and emails show it), archived brands' too. */
export async function brandLogo(db: Db, id: BrandId) {
  const [logo] = await db
    .select({ contentType: brandLogos.contentType, sha256: brandLogos.sha256, content: brandLogos.content })
    .from(brandLogos)
    .where(eq(brandLogos.brandId, id));
  return logo;
}

// ---------------------------------------------------------------- client seats

/**
 * The brands a member or invitation of `role` is limited to: for a client seat, at least one, each an
 * active brand of the workspace (another workspace's brand is unknown here: 404); null for the team's
 * roles, who see every brand. Answers the brands (ids in the order given, without repeats).
 */
export async function seatBrands(
  db: Db,
  workspaceId: WorkspaceId,
  role: WorkspaceRole,
  brandIds: BrandId[] | undefined,
): Promise<Array<{ id: BrandId; name: string; nameAr: string }> | null> {
  if (!isBrandLimited(role)) return null;
  const ids = [...new Set(brandIds ?? [])];
  if (!ids.length) throw fieldRefusal('brandIds', 'CLIENT_BRANDS_REQUIRED');
  const rows = await db
    .select({ id: brands.id, name: brands.name, nameAr: brands.nameAr, archivedAt: brands.archivedAt })
    .from(brands)
    .where(and(eq(brands.workspaceId, workspaceId), inArray(brands.id, ids)));
  if (rows.length !== ids.length) throw appError('BRAND_NOT_FOUND');
  if (rows.some((row) => row.archivedAt)) throw fieldRefusal('brandIds', 'BRAND_ARCHIVED');
  return ids
    .map((id) => rows.find((row) => row.id === id)!)
    .map(({ id, name, nameAr }) => ({ id, name, nameAr }));
}
