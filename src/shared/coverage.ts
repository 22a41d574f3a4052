import { z } from 'zod';
import { COUNTRIES } from './contacts.js';
import { hasControlCharacter } from './admin.js';

/**
 * Coverage (issue 15): outlets' feeds read by the poller, and the articles found to carry a release,
 * verbatim or written anew (earned), or added by the release's owner.
 */

export const FEED_LANGUAGES = ['english', 'arabic'] as const;
export type FeedLanguage = (typeof FEED_LANGUAGES)[number];
export const FEED_IMPORT_MAX_BYTES = 1024 * 1024;
export { COVERAGE_WINDOW_DAYS } from './coverage-window.js';

const plainText = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required` })
    .max(max, { message: `${label} must be at most ${max} characters` })
    .refine((text) => !hasControlCharacter(text), { message: `${label} contains characters that are not allowed` });

const httpUrlSchema = z
  .string({ message: 'Address is required' })
  .trim()
  .min(1, { message: 'Address is required' })
  .max(2000, { message: 'Address must be at most 2000 characters' })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
      } catch {
        return false;
      }
    },
    { message: 'Address must be a web address starting with http:// or https://' },
  );

export const feedInputSchema = z.object({
  url: httpUrlSchema,
  outlet: plainText('Outlet', 200),
  country: z.enum(COUNTRIES, { message: 'Country must be one of the 15 countries' }),
  language: z.enum(FEED_LANGUAGES, { message: 'Language must be english or arabic' }),
  enabled: z.boolean({ message: 'Enabled must be true or false' }).default(true),
});
export type FeedInput = z.input<typeof feedInputSchema>;

export type FeedStatus = 'ok' | 'not_modified' | 'error' | 'refused';

export type OutletFeed = {
  id: string;
  url: string;
  outlet: string;
  country: string;
  language: FeedLanguage;
  enabled: boolean;
  lastFetchedAt: string | null;
  lastStatus: FeedStatus | null;
  lastError: string | null;
  itemCount: number;
  nextFetchAt: string;
};

export type FeedImportResult = { created: number; updated: number; errors: Array<{ line: number; message: string }> };

export const coverageKinds = ['verbatim', 'earned', 'unverified'] as const;
export type CoverageKind = (typeof coverageKinds)[number];
/** Found in a feed the poller reads, or added by hand. */
export const coverageSources = ['feed', 'manual'] as const;
export type CoverageSource = (typeof coverageSources)[number];

export type CoverageItem = {
  id: number;
  outlet: string;
  country: string;
  language: string;
  title: string;
  url: string;
  publishedAt: string | null;
  kind: CoverageKind;
  excerpt: string;
  source: 'feed' | 'manual';
  /** Published (else found) before the release's embargo lifted (issue 30): the outlet broke it. */
  embargoBreak: boolean;
};

/**
 * Why an article page could not be read (issue 24): larger than a page is read at, nesting deeper or
 * holding more elements than an article needs, or taking longer or more memory than reading one may.
 */
export type PageUnreadable = 'too_large' | 'too_deep' | 'too_many_elements' | 'too_slow' | 'too_much_memory';

/** The answer to adding an article by hand: the item, and why its page could not be read when it could not. */
export type AddedCoverageItem = CoverageItem & { unreadable?: PageUnreadable };

export type Coverage = {
  items: CoverageItem[];
  total: number;
  verbatim: number;
  earned: number;
  /** From the release's send to its first article, in minutes; null before any. */
  minutesToFirst: number | null;
  byCountry: Array<{ country: string; count: number }>;
};

export const addCoverageSchema = z.object({ url: httpUrlSchema });

/** The dashboard's count: articles found for the user's releases in the last 30 days. */
export type RecentCoverage = { articles: number; releases: number };

/** POST /api/admin/feeds/starter: the curated MENA outlet feeds shipped with Nashr, added once. */
export type StarterFeedsResult = { added: number; skipped: number };
