import { z } from 'zod';
import { pageParam, pageSizeParam } from './paging.js';
import { knownCity } from './search-places.js';
import { COUNTRIES, type Country } from './country-codes.js';

/**
 * The media database's shared vocabulary: the contact schemas used by the server and the admin forms,
 * the search filter object (also the body of "add every match to a list"), and the masked form of
 * contact emails and phones that viewers without `canViewEmails` receive.
 */

/** The 15 countries (country-codes.ts, below the place words), part of the media database's vocabulary. */
export { COUNTRIES, type Country } from './country-codes.js';

export const MEDIA_TYPES = [
  'Newspaper',
  'Magazine',
  'Online',
  'TV',
  'Radio',
  'News Agency',
  'Blog',
  'Podcast',
  'Influencer',
] as const;

export const TOPICS = [
  'Business',
  'Technology',
  'Finance',
  'Banking',
  'Energy',
  'Real Estate',
  'Health',
  'Travel',
  'Lifestyle',
  'Sports',
  'Automotive',
  'Politics',
  'Entertainment',
  'Fashion',
  'Food',
  'Education',
  'Environment',
  'Telecom',
  'Retail',
  'Startups',
  'Aviation',
  'Culture',
] as const;

export const LANGUAGES = ['English', 'Arabic'] as const;
export type ContactLanguage = (typeof LANGUAGES)[number];

export const CONTACT_PAGE_SIZE = 20;
/** Longer queries are refused (422); the first eight words of a query are read. */
export const SEARCH_MAX_LENGTH = 200;
export const CONTACT_PAGE_SIZE_MAX = 100;
/** Deep offsets are slow and useless to a person; 5,000 pages of 20 is 100,000 contacts. */
export const CONTACT_PAGE_MAX = 50_000;
export const BULK_IDS_MAX = 10_000;
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/** The columns of the import file (SPEC.md §5), in the template's order. Only Email is required. */
export const CSV_COLUMNS = [
  'Name',
  'Outlet Name',
  'Job Title',
  'Contact Topics',
  'Outlet Topics',
  'Category',
  'Media Type',
  'Focus',
  'Email',
  'Country',
  'City',
  'Language',
] as const;

/** A city's longest name in the media database; a longer value is refused, in the form and on import. */
export const CITY_MAX = 100;

const COUNTRY_ALIASES: Record<string, Country> = {
  'united arab emirates': 'UAE',
  emirates: 'UAE',
  'u.a.e.': 'UAE',
  ksa: 'Saudi Arabia',
  'kingdom of saudi arabia': 'Saudi Arabia',
  saudi: 'Saudi Arabia',
};

/** Known spellings of our countries become the canonical name; anything else is kept as written. */
export function canonicalCountry(value: string): string {
  const trimmed = value.trim().replace(/\s+/g, ' ');
  const lower = trimmed.toLowerCase();
  return COUNTRIES.find((c) => c.toLowerCase() === lower) ?? COUNTRY_ALIASES[lower] ?? trimmed;
}

/**
 * A known city, in either script or any of its spellings (shared/search-places.ts), becomes its English
 * name, so that the filter, the search and the facets meet one value; anything else is kept as written.
 */
export function canonicalCity(value: string): string {
  const trimmed = value.trim().replace(/\s+/g, ' ');
  return knownCity(trimmed)?.city ?? trimmed;
}

/**
 * The city by its canonical name, and a contact with a known city and no country put in that city's
 * country (the data cannot say otherwise): every write of a contact goes through this.
 */
export function withCityCountry<T extends { city: string; country: string }>(fields: T): T {
  const city = canonicalCity(fields.city ?? '');
  const country = fields.country || (city && knownCity(city)?.country) || fields.country;
  return city === fields.city && country === fields.country ? fields : { ...fields, city, country };
}

/** English unless the value says Arabic (in either language or as a code). */
export function canonicalLanguage(value: string | undefined | null): ContactLanguage {
  const lower = (value ?? '').trim().toLowerCase();
  return lower === 'arabic' || lower === 'ar' || lower === 'العربية' || lower === 'عربي' ? 'Arabic' : 'English';
}

/** Topics are comma-separated (Latin or Arabic comma); trimmed, de-duplicated, empty ones dropped. */
export function splitTopics(value: string, max = 30): string[] {
  const seen = new Set<string>();
  for (const raw of value.split(/[,،]/)) {
    const topic = raw.trim().replace(/\s+/g, ' ');
    if (topic) seen.add(topic.slice(0, 100));
    if (seen.size >= max) break;
  }
  return [...seen];
}

// ---------------------------------------------------------------- contact input

/** PostgreSQL text cannot hold NUL; it carries no meaning in a name or a query, so it is dropped, not refused. */
export const withoutNul = (value: string) => value.replaceAll('\u0000', '');

const text = (max: number) =>
  z.string().transform(withoutNul).pipe(z.string().trim().max(max, { message: `Must be at most ${max} characters` })).default('');

/** Contact ids are 32-bit serials: a bigger number names no contact and must not reach a query as one. */
export const CONTACT_ID_MAX = 2_147_483_647;
export const contactIdSchema = z
  .number({ message: 'Contact ids must be numbers' })
  .int({ message: 'Contact ids must be whole numbers' })
  .min(1, { message: 'Contact ids must be between 1 and 2147483647' })
  .max(CONTACT_ID_MAX, { message: 'Contact ids must be between 1 and 2147483647' });

export const contactEmailSchema = z
  .string({ message: 'Email is required' })
  .trim()
  .min(1, { message: 'Email is required' })
  .max(254, { message: 'Invalid email address' })
  .email({ message: 'Invalid email address' })
  .transform((value) => value.toLowerCase());

export const contactInputSchema = z.object({
  email: contactEmailSchema,
  firstName: text(100),
  lastName: text(100),
  phone: text(50),
  organization: text(200),
  position: text(200),
  category: text(200),
  country: text(100).transform(canonicalCountry),
  city: text(CITY_MAX).transform(canonicalCity),
  specialization: text(500),
  focus: text(500),
  contactTopics: text(2000),
  outletTopics: text(2000),
  mediaType: text(100),
  language: z
    .string()
    .optional()
    .transform((v) => canonicalLanguage(v)),
});
export type ContactInput = z.input<typeof contactInputSchema>;
export type ContactFields = z.output<typeof contactInputSchema>;

/** Every field but the email, empty: where the admin form and test fixtures start. */
export const BLANK_CONTACT: Omit<ContactFields, 'email'> = {
  firstName: '',
  lastName: '',
  phone: '',
  organization: '',
  position: '',
  category: '',
  country: '',
  city: '',
  specialization: '',
  focus: '',
  contactTopics: '',
  outletTopics: '',
  mediaType: '',
  language: 'English',
};

// ---------------------------------------------------------------- search filter

const manyValues = z.preprocess(
  (v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]),
  z
    .array(z.string({ message: 'Invalid filter' }).transform(withoutNul).pipe(z.string().trim().max(100, { message: 'Filter value is too long' })), {
      message: 'Invalid filter',
    })
    .max(50, { message: 'Too many filter values' })
    .transform((values) => [...new Set(values.filter(Boolean))]),
);

/**
 * The search filter: a query string's parameters (repeat a parameter for several values) or a JSON
 * object with arrays. Values of one filter are alternatives (OR); different filters all apply (AND).
 */
export const contactFilterSchema = z.object({
  search: z
    .string({ message: 'Search must be one text' })
    .max(SEARCH_MAX_LENGTH, { message: 'Search is too long' })
    .transform(withoutNul)
    .optional()
    .default(''),
  country: manyValues,
  /** Where the data says a contact works (its city column): strict, unlike a city word of the search. */
  city: manyValues.transform((values) => [...new Set(values.map(canonicalCity))]),
  contactTopic: manyValues,
  mediaType: manyValues,
  language: z.preprocess(
    (v) => (v === '' || v === null || (typeof v === 'string' && v.toLowerCase() === 'all') ? undefined : v),
    z.enum(LANGUAGES, { message: 'Language must be English or Arabic' }).optional(),
  ),
  /**
   * Also count the contacts a beat word reaches only through its topics ("economy": tagged Finance) when
   * some contacts have the word itself (docs/decisions/019, issue 37). Without it those are offered, not shown.
   */
  related: z.preprocess(
    (v) => (Array.isArray(v) ? v[0] : v),
    z.union([z.boolean(), z.enum(['1', 'true', '0', 'false', ''], { message: 'Invalid filter' })]).optional(),
  ).transform((v) => v === true || v === '1' || v === 'true'),
});
export type ContactFilter = z.output<typeof contactFilterSchema>;
/** What a client sends (as query parameters or as the `filter` of a bulk add). */
export type ContactFilterInput = {
  search?: string;
  country?: string[];
  city?: string[];
  contactTopic?: string[];
  mediaType?: string[];
  language?: ContactLanguage | '';
  related?: boolean;
};

export const pageSchema = z.object({
  page: pageParam(CONTACT_PAGE_MAX),
  pageSize: pageSizeParam(CONTACT_PAGE_SIZE, CONTACT_PAGE_SIZE_MAX),
});

export const contactSearchQuerySchema = contactFilterSchema.extend(pageSchema.shape);

export const bulkDeleteSchema = z.object({
  ids: z
    .array(contactIdSchema, { message: 'ids must be a list of contact ids' })
    .min(1, { message: 'Select at least one contact' })
    .max(BULK_IDS_MAX, { message: `At most ${BULK_IDS_MAX} contacts at once` }),
});

// ---------------------------------------------------------------- responses

export type Contact = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  organization: string;
  position: string;
  category: string;
  country: string;
  city: string;
  specialization: string;
  focus: string;
  contactTopics: string;
  outletTopics: string;
  mediaType: string;
  language: string;
  createdAt: string;
  updatedAt: string;
  /** True when email and phone are the masked forms (the viewer lacks canViewEmails). */
  masked: boolean;
  /** Set when the contact unsubscribed from the viewer's releases, or from every release sent through Nashr. */
  unsubscribed?: 'company' | 'everyone';
};

/** A word of the query and the other spellings that also found contacts ("also showing Mohamed, Muhammad"). */
export type MatchedAs = { term: string; as: string[] };
/**
 * How a word of the query was read (issue 26): a place applied as a country filter (a city: its country,
 * naming contacts first), or a beat read as a topic (its tagged contacts first).
 */
export type Interpretation = {
  term: string;
  as: { country: string } | { topic: string } | { city: string; country: string };
};
/**
 * A city word of the query (issue 37): the contacts whose city is recorded as one of `cities`, and those of
 * the cities' countries with no city recorded, which the search also shows (after them) and says so.
 * A contact whose city is recorded as another one is not shown.
 */
export type CityBreadth = { cities: string[]; countries: string[]; inCity: number; withoutCity: number };
/**
 * Beat words that some contacts have in their own details ("Economy Editor"): those are shown; the ones
 * reached only through the beat's topics (tagged Finance) are `more` — shown after them with
 * `related: true` in the filter, otherwise only offered. With no contact having the word, the topics
 * are read at once and `direct` is 0.
 */
export type RelatedBreadth = { terms: string[]; topics: string[]; direct: number; more: number; included: boolean };
export type ContactPage = {
  items: Contact[];
  total: number;
  overallTotal: number;
  page: number;
  pageSize: number;
  /** Present when variants, synonyms or corrected typos found some of the contacts. */
  matchedAs?: MatchedAs[];
  /** Words a query word that found nothing may have meant, or was read as ("Did you mean: economy?"). */
  suggestions?: string[];
  /** Places and beats the query was read as. */
  interpreted?: Interpretation[];
  cityBreadth?: CityBreadth;
  relatedBreadth?: RelatedBreadth;
};

export type FacetValue = { value: string; count: number };
export type ContactFacets = {
  countries: FacetValue[];
  /** Counted under the other filters, so under a chosen country only its cities appear. */
  cities: FacetValue[];
  contactTopics: FacetValue[];
  mediaTypes: FacetValue[];
  languages: FacetValue[];
};

export type BulkDeleteResult = { deleted: number; failed: Array<{ id: number; reason: string }> };

export type ImportRowError = { row: number; email: string; message: string };
/** `errors` lists at most IMPORT_ERRORS_LISTED rows; `errorCount` counts them all. */
export type ImportSummary = { added: number; errorCount: number; errors: ImportRowError[] };
export const IMPORT_ERRORS_LISTED = 1000;

// ---------------------------------------------------------------- masking

export const MASK = '•••••';

/** Keeps the first letter and the top-level domain: enough to tell cards apart, never the address. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at < 1) return MASK;
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const tld = dot >= 0 ? domain.slice(dot + 1) : '';
  return `${email[0]}${MASK}@${MASK}${tld ? `.${tld}` : ''}`;
}

/** Anything shaped like an address inside free text; strictness does not matter, everything it finds is masked. */
const ADDRESS_IN_TEXT = /[^\s<>()[\]{},;:"@]+@[^\s<>()[\]{},;:"@]+/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Masks the addresses inside a text such as a mail server's refusal, which names the address it refused,
 * sometimes the one it forwards to, and sometimes only the part before the @.
 */
export function maskAddressesIn(text: string, recipient: string): string {
  const masked = text.replace(ADDRESS_IN_TEXT, maskEmail);
  const local = recipient.slice(0, recipient.indexOf('@'));
  if (local.length < 2) return masked;
  const alone = new RegExp(`(?<![\\p{L}\\p{N}._%+-])${escapeRegExp(local)}(?![\\p{L}\\p{N}_%+-]|\\.[\\p{L}\\p{N}])`, 'giu');
  return masked.replace(alone, MASK);
}

/** Keeps a leading + and the first three digits (the country code); every other digit becomes •. */
export function maskPhone(phone: string): string {
  let kept = 0;
  return phone.replace(/\d/g, (digit) => (kept++ < 3 ? digit : '•'));
}

export const isMaskedEmail = (value: string) => value.includes(MASK);
