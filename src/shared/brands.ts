import type { BrandId, ReleaseId } from './ids.js';
import { z } from 'zod';
import { brandIdField } from './id-fields.js';
import { dayParam } from './dates.js';
import { releaseLanguages, reportQuerySchema, type ReleaseBrand, type ReleaseLanguage } from './releases.js';
import { plainSenderName, plainSenderText } from './sender-name.js';

/**
 * Brands (issue 28, decision 022): who a workspace's release speaks for. A company has one brand (itself);
 * an agency one per client. Unlimited, with no fee per brand. A client seat sees only its brands.
 */

export const LOGO_MAX_BYTES = 1024 * 1024;
/** A logo's largest side, in pixels: a larger PNG or JPEG is refused (issue 35: 12000 × 12000 fits in 137 KB). */
export const LOGO_MAX_PIXELS = 4096;
/** The largest side a logo is kept at: a larger one is scaled down when uploaded (e-mails show it at 200 × 80). */
export const LOGO_STORED_PIXELS = 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

export const BRAND_MESSAGES = {
  name: 'Enter the brand name',
  nameTooLong: 'The brand name is too long (at most 120 characters)',
  senderName: 'The sender name is too long (at most 80 characters)',
  newsroomSlug: 'Use 3 to 60 lower-case letters, digits and hyphens',
  contactEmail: 'Enter a valid email address',
  language: 'Language must be english or arabic',
} as const;

const shortText = (max: number) => z.string().trim().max(max);

/** A newsroom address the brand chooses: /newsroom/{slug}. */
export const newsroomSlugField = z
  .string({ message: BRAND_MESSAGES.newsroomSlug })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{1,58})[a-z0-9]$/, { message: BRAND_MESSAGES.newsroomSlug });

/** A brand's fields as they may be given: only the name is needed; nothing is filled in here. */
const brandFields = {
  /** The names journalists read as the sender (issue 35: none may pass for an address, sender-name.ts). */
  name: plainSenderName(
    z
      .string({ message: BRAND_MESSAGES.name })
      .trim()
      .min(1, { message: BRAND_MESSAGES.name })
      .max(120, { message: BRAND_MESSAGES.nameTooLong }),
  ),
  nameAr: plainSenderName(shortText(120)).optional(),
  /** The name before "via Nashr"; empty means the brand's name. */
  senderName: plainSenderName(shortText(80)).optional(),
  /** The name before "عبر نشر" of an Arabic e-mail; empty means the Arabic name, else the sender name. */
  senderNameAr: plainSenderName(shortText(80)).optional(),
  /** Chosen address; given at the brand's first release that goes out when absent. */
  newsroomSlug: newsroomSlugField.nullish(),
  newsroomEnabled: z.boolean().optional(),
  boilerplate: shortText(5000).optional(),
  boilerplateAr: shortText(5000).optional(),
  contactName: shortText(200).optional(),
  contactEmail: z
    .union([
      z.literal(''),
      z.string().trim().toLowerCase().max(254).email({ message: BRAND_MESSAGES.contactEmail }),
    ])
    .optional(),
  contactPhone: shortText(50).optional(),
  language: z.enum(releaseLanguages, { message: BRAND_MESSAGES.language }).optional(),
  /** A publisher's Send or Schedule first goes to the brand's clients. */
  clientApproval: z.boolean().optional(),
  /** Journalists' replies go to the brand's client seats as well as to the release's media contact (issue 38). */
  forwardRepliesToClients: z.boolean().optional(),
};

/** POST /api/brands: a new brand, its absent fields filled with their defaults. */
export const brandInputSchema = z.object({
  ...brandFields,
  nameAr: brandFields.nameAr.default(''),
  senderName: brandFields.senderName.default(''),
  senderNameAr: brandFields.senderNameAr.default(''),
  newsroomEnabled: brandFields.newsroomEnabled.default(true),
  boilerplate: brandFields.boilerplate.default(''),
  boilerplateAr: brandFields.boilerplateAr.default(''),
  contactName: brandFields.contactName.default(''),
  contactEmail: brandFields.contactEmail.default(''),
  contactPhone: brandFields.contactPhone.default(''),
  language: brandFields.language.default('english'),
  clientApproval: brandFields.clientApproval.default(false),
  forwardRepliesToClients: brandFields.forwardRepliesToClients.default(false),
});
export type BrandInput = z.input<typeof brandInputSchema>;

/** PATCH /api/brands/{id}: the fields given, and only those (no defaults: an absent field stays as it is). */
export const brandPatchSchema = z.object(brandFields).partial();

/** GET /api/brands */
export type Brand = {
  id: BrandId;
  name: string;
  nameAr: string;
  senderName: string;
  senderNameAr: string;
  newsroomSlug: string | null;
  newsroomEnabled: boolean;
  /** Absolute address of the newsroom once it has one. */
  newsroomUrl: string | null;
  boilerplate: string;
  boilerplateAr: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  language: ReleaseLanguage;
  clientApproval: boolean;
  forwardRepliesToClients: boolean;
  /** Address of the logo image (changes with the logo), or null. */
  logoUrl: string | null;
  archivedAt: string | null;
  /** Releases that went out for the brand. */
  sentReleases: number;
  createdAt: string;
};

/** The brand as a release names it, declared beside the release answers that carry it. */
export type { ReleaseBrand } from './releases.js';

/** GET /api/press-releases/sender?brandId= */
export const senderQuerySchema = z.object({ brandId: brandIdField().optional() });

/** GET /api/brands/{id}/report?from&to */
export const brandReportQuerySchema = z.object({
  from: dayParam('from must be a date (YYYY-MM-DD)').optional(),
  to: dayParam('to must be a date (YYYY-MM-DD)').optional(),
});

/** `?brandId=` of the views that narrow to one brand (analytics dashboard, campaigns, spends). */
export const brandIdFilter = brandIdField().optional();
export const brandFilterQuerySchema = z.object({ brandId: brandIdFilter });

/** The most days a brand report covers: a year, leap day included. */
export const BRAND_REPORT_MAX_DAYS = 366;
/** Days the report covers when `from` is not given: the last 30, today included. */
export const BRAND_REPORT_DEFAULT_DAYS = 30;

/**
 * GET /api/brands/{id}/report.csv: the period, the reader's zone for the send times, and the language of
 * the headers (`lang`, else the request's Accept-Language, else the account's language).
 */
export const brandReportCsvQuerySchema = brandReportQuerySchema.extend({
  tz: reportQuerySchema.shape.tz,
  lang: z.enum(['en', 'ar'], { message: 'Language must be en or ar' }).optional(),
});

export type BrandReportRow = {
  id: ReleaseId;
  title: string;
  sentAt: string;
  recipients: number;
  delivered: number;
  humanOpens: number;
  clicks: number;
  downloads: number;
  /** Human replies and their rate of delivered messages (issue 38), as on the release's page. */
  replies: number;
  replyRate: number;
  articles: { verbatim: number; earned: number };
};
export type BrandReport = {
  brand: ReleaseBrand;
  from: string;
  to: string;
  releases: BrandReportRow[];
  totals: Omit<BrandReportRow, 'id' | 'title' | 'sentAt'> & { releases: number };
};

/** The name the email's From shows before "via Nashr". */
export const senderNameOf = (brand: { name: string; senderName: string }): string =>
  plainSenderText(brand.senderName) || plainSenderText(brand.name);

/** The names a brand signs with: its names and sender names in both languages. */
export type SenderNames = { name: string; nameAr: string; senderName: string; senderNameAr?: string };

/**
 * The name an e-mail in `language` shows before "via Nashr" (issue 37): an Arabic e-mail is signed with the
 * brand's Arabic sender name, else its Arabic name, wherever one exists; else, as an English one, with its
 * sender name or name.
 */
export const senderNameIn = (brand: SenderNames, language: string): string =>
  (language === 'arabic' && (plainSenderText(brand.senderNameAr ?? '') || plainSenderText(brand.nameAr))) ||
  senderNameOf(brand);

/** Nashr's own name as each language's readers read it (PRODUCT.md: نشر, "to publish"). */
export const NASHR_NAMES = { english: 'Nashr', arabic: 'نشر' } as const;

/**
 * The name of the mailbox Nashr sends from (MAIL_FROM's), as a reader of `language` reads it: Nashr's Arabic
 * name for an Arabic reader when it is the product's name; an installation named otherwise keeps its name.
 */
export const nashrNameIn = (mailboxName: string | undefined, language: string): string =>
  !mailboxName || mailboxName === NASHR_NAMES.english ? NASHR_NAMES[language === 'arabic' ? 'arabic' : 'english'] : mailboxName;

/**
 * The From's display name of a release e-mail, in the language of its (first) version: "{sender} via Nashr",
 * or "{sender} عبر نشر" in Arabic (decision 022). `mailboxName` is MAIL_FROM's own name: an installation
 * named otherwise keeps its name in both languages; without a sender the mailbox's name alone.
 */
export function fromDisplayName(sender: string, language: string, mailboxName?: string): string | undefined {
  const nashr = nashrNameIn(mailboxName, language);
  const name = plainSenderText(sender);
  if (!name) return mailboxName;
  return language === 'arabic' ? `${name} عبر ${nashr}` : `${name} via ${nashr}`;
}

/** The From as a person reads it: `Name <address>`, or the bare address. */
export const fromLine = (from: { name: string | undefined; address: string }): string =>
  from.name ? `${from.name} <${from.address}>` : from.address;

/** Where a brand's logo is served (public: newsrooms, web versions and emails show it); `v` changes with the image. */
export const brandLogoPath = (brandId: string, sha256: string): string =>
  `/api/brands/${brandId}/logo?v=${sha256.slice(0, 12)}`;
