import { z } from 'zod';
import { COUNTRIES, TOPICS } from './contacts.js';
import { timeZoneField } from './time-zones.js';

/**
 * What a journalist chooses on their preference page (issue 30, decision 024), kept apart from the curated
 * contact fields: the media database's import never writes these. Every change is a consent record.
 */

export const preferenceLanguages = ['arabic', 'english'] as const;
export const WEEKLY_CAP_MIN = 1;
export const WEEKLY_CAP_MAX = 50;
const WEEKLY_CAP_MESSAGE = `A weekly limit is a whole number from ${WEEKLY_CAP_MIN} to ${WEEKLY_CAP_MAX}`;

/** GET /api/preferences/{token}. Empty topics or countries mean "all"; a null cap means no limit. */
export type JournalistPreferences = {
  languages: Array<(typeof preferenceLanguages)[number]>;
  topics: string[];
  countries: string[];
  weeklyCap: number | null;
  /** At most one release e-mail a day. */
  digest: boolean;
  acceptsEmbargo: boolean;
  /** The zone they read times in (an embargo notice's lift); null: the zone the time was entered in. */
  timeZone: string | null;
  /** The companies (brands) whose releases they no longer want, by name. */
  unsubscribedFrom: string[];
  unsubscribedAll: boolean;
};

/** The page also shows who the link is for and which companies can be unsubscribed from. */
export type PreferencePage = JournalistPreferences & {
  /** The address, masked (the page is reachable by its link alone). */
  email: string;
  name: string;
  /** Companies that sent this address releases: what "unsubscribe from one company" can name. */
  companies: string[];
  /** The Arabic name of each of `companies` that has one, which the page shows in Arabic (issue 37). */
  companyNamesAr: Record<string, string>;
  /** Pending requests for a copy or erasure of their data. */
  requests: Array<{ kind: DataRequestKind; createdAt: string; dueAt: string }>;
};

/** PUT /api/preferences/{token}: any subset of the fields. */
export const preferencesUpdateSchema = z
  .object({
    languages: z
      .array(z.enum(preferenceLanguages, { message: 'Choose Arabic, English or both' }))
      .min(1, { message: 'Choose Arabic, English or both' })
      .max(2),
    topics: z.array(z.enum(TOPICS, { message: 'Unknown topic' })).max(TOPICS.length),
    countries: z.array(z.enum(COUNTRIES, { message: 'Unknown country' })).max(COUNTRIES.length),
    weeklyCap: z
      .number({ message: WEEKLY_CAP_MESSAGE })
      .int({ message: WEEKLY_CAP_MESSAGE })
      .min(WEEKLY_CAP_MIN, { message: WEEKLY_CAP_MESSAGE })
      .max(WEEKLY_CAP_MAX, { message: WEEKLY_CAP_MESSAGE })
      .nullable(),
    digest: z.boolean({ message: 'digest must be true or false' }),
    acceptsEmbargo: z.boolean({ message: 'acceptsEmbargo must be true or false' }),
    timeZone: timeZoneField.nullable(),
    unsubscribedFrom: z.array(z.string().trim().min(1).max(200)).max(500),
    unsubscribedAll: z.boolean({ message: 'unsubscribedAll must be true or false' }),
  })
  .partial()
  .strict();
export type PreferencesUpdate = z.infer<typeof preferencesUpdateSchema>;

export const dataRequestKinds = ['access', 'erasure'] as const;
export type DataRequestKind = (typeof dataRequestKinds)[number];
export const dataRequestStates = ['open', 'done'] as const;
export type DataRequestState = (typeof dataRequestStates)[number];
/** Both laws give a month to answer; the queue shows the day it is due. */
export const DATA_REQUEST_DAYS = 30;
export const dataRequestSchema = z.object({ kind: z.enum(dataRequestKinds, { message: 'Ask for a copy or for erasure' }) });

/** Why a journalist on the chosen lists does not get a release (the pre-send summary counts each). */
export const leftOutReasons = [
  'language',
  'topic',
  'country',
  'weekly_cap',
  'company_unsubscribe',
  'unsubscribed',
  'suppressed',
] as const;
export type LeftOutReason = (typeof leftOutReasons)[number];
export type LeftOut = { reason: LeftOutReason; count: number };

/** A super admin's queue of access and erasure requests. */
export type DataRequest = {
  id: string;
  kind: DataRequestKind;
  email: string;
  contactId: number | null;
  status: 'open' | 'done';
  createdAt: string;
  dueAt: string;
  resolvedAt: string | null;
  /** In the answer that resolves an erasure request: what was erased, and what was kept. */
  erasure?: ErasureOutcome;
};

/**
 * What an erasure keeps (issue 35), as the law asks: the consent records (proof of what the person chose),
 * the delivery records (what was sent to the address, when, and how the server answered), their
 * unsubscribes, and the address on the suppression list, so nothing is sent to it again.
 */
export const ERASURE_KEPT = ['consent_records', 'deliveries', 'unsubscribes', 'suppression'] as const;
export type ErasureOutcome = {
  /** The curated contact, the customer lists it was taken off, their choices, their opens/clicks/downloads, their newsroom follows, their replies. */
  erased: { contact: boolean; lists: number; preferences: boolean; events: number; follows: number; replies: number };
  kept: Array<(typeof ERASURE_KEPT)[number]>;
};

/** GET /api/admin/contacts/{id}/preferences: a journalist's own choices, their accreditation and consent records, for a super admin. */
export type ContactPreferences = {
  contactId: number;
  email: string;
  preferences: JournalistPreferences;
  embargoAccredited: boolean;
  accreditationNote: string;
  /** Newest first; `changes` is { field: { from, to } } as the preference page writes it. */
  consentRecords: Array<{ id: number; changes: Record<string, unknown>; deliveryId: number | null; createdAt: string }>;
};
