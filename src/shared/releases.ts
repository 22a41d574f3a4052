import type { BrandId, ReleaseId, UserId, WorkspaceId } from './ids.js';
import { z } from 'zod';
import { brandIdField, releaseIdField } from './id-fields.js';
import { DATE_RANGE_MESSAGE, momentInRange } from './dates.js';
import type { PersonRef } from './workspaces.js';
import { pageParam, pageSizeParam } from './paging.js';
import { TOPICS } from './contacts.js';
import type { LeftOut } from './preferences.js';
import type { EmbargoAudience } from './embargo.js';
import { timeZoneField } from './time-zones.js';
import { releaseStatuses, type RecipientStatus, type ReleaseStatus } from './release-statuses.js';
export type { RecipientStatus } from './release-statuses.js';
import { workspaceRoles } from './workspace-roles.js';

/**
 * Press releases: the SPEC.md §5 rules shared by the editor form and POST /api/send-press-release,
 * the attachment limits, statuses, and the response and analytics shapes of the API.
 * Messages are the English texts; the client translates them by looking the English text up.
 */

// ---------------------------------------------------------------- constants

export const releaseLanguages = ['english', 'arabic'] as const;
export type ReleaseLanguage = (typeof releaseLanguages)[number];

export {
  releaseStatuses,
  READ_ONLY_STATUSES,
  SENT_STATUSES,
  WITHDRAWABLE_STATUSES,
  MOVING_STATUSES,
  type ReleaseStatus,
} from './release-statuses.js';

export const releaseActions = ['send_now', 'schedule', 'save_draft'] as const;
export type ReleaseAction = (typeof releaseActions)[number];

export const ATTACHMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png'] as const;
/** The file input's accept attribute. */
export const ATTACHMENT_ACCEPT = ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(',');
export const ATTACHMENT_MIME_TYPES: Record<(typeof ATTACHMENT_EXTENSIONS)[number], string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};
/** Each file must be under 5 MB (strictly less). */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
/** All files of a release together: at most 15 MB. */
export const MAX_TOTAL_ATTACHMENT_BYTES = 15 * 1024 * 1024;
/** Storage for all of an account's attachment files, each content counted once. */
export const STORAGE_QUOTA_BYTES = { trial: 200 * 1024 * 1024, paid: 2 * 1024 * 1024 * 1024 } as const;

export const MIN = {
  title: 5,
  location: 2,
  content: 50,
  draftContent: 10,
  boilerplate: 20,
  contactName: 2,
  contactPhone: 5,
};

export const MESSAGES = {
  title: 'Press release title is required',
  releaseDate: 'Press release date is required',
  location: 'Press release location is required',
  content: 'Press release content is required',
  boilerplate: 'Company boilerplate (About us) is required',
  contactName: 'Media contact name is required',
  contactEmail: 'Valid media contact email is required',
  contactPhone: 'Media contact phone is required',
  scheduledAt: 'Schedule time is required',
  scheduledInPast: 'Schedule time must be in the future',
  recipientLists: 'Select at least one recipient list',
  unknownList: 'Recipient list not found',
  noAttachments:
    'Press releases must include at least one attachment before sending. Please add an attachment.',
  draftContactName: 'Contact name is required',
  draftContactEmail: 'Valid contact email is required',
  draftContactPhone: 'Contact phone is required',
  action: 'Action must be send_now, schedule or save_draft',
  attachmentType: 'Only PDF, DOC, DOCX, JPG and PNG files are accepted',
  attachmentUnreadable: 'Upload failed: the file could not be read',
} as const;

export const fileTooLargeMessage = (names: string[]) =>
  `Files must be under 5MB. Please compress: ${names.join(', ')}`;
export const totalTooLargeMessage = (totalBytes: number) =>
  `Total attachment size is ${(totalBytes / 1024 / 1024).toFixed(1)} MB. Please reduce to under 15 MB total.`;

export const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
export const storageQuotaMessage = (usedBytes: number, limitBytes: number, addingBytes: number) =>
  `Not enough storage: your files use ${megabytes(usedBytes)} MB of ${megabytes(limitBytes)} MB and these need ` +
  `${megabytes(addingBytes)} MB more. Delete drafts you no longer need, or remove some attachments.`;

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

export function isAcceptedAttachmentName(fileName: string): boolean {
  return (ATTACHMENT_EXTENSIONS as readonly string[]).includes(extensionOf(fileName));
}

/** The size rules of SPEC §5 for files picked in the editor; the server checks the decoded bytes again. */
export function attachmentSizeProblem(files: { name: string; size: number }[]): string | null {
  const tooLarge = files.filter((f) => f.size >= MAX_ATTACHMENT_BYTES).map((f) => f.name);
  if (tooLarge.length) return fileTooLargeMessage(tooLarge);
  const total = files.reduce((sum, f) => sum + f.size, 0);
  if (total > MAX_TOTAL_ATTACHMENT_BYTES) return totalTooLargeMessage(total);
  return null;
}

/** Visible text of rich-text HTML: what the minimum content lengths count. */
export function visibleText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/gi, '_')
    .replace(/\s+/g, ' ')
    .trim();
}

export const todayIsoDate = () => new Date().toISOString().slice(0, 10);

// ---------------------------------------------------------------- field schemas

const text = (max: number) => z.string().trim().max(max);
const required = (min: number, message: string, max = 1000) =>
  z
    .string({ message })
    .trim()
    .min(min, { message })
    .max(max, { message: `Must be at most ${max} characters` });
const emailField = (message: string) => z.string({ message }).trim().max(254, { message }).email({ message });
const richText = (min: number, message: string) =>
  z
    .string({ message })
    .max(200_000, { message: 'Content is too long' })
    .refine((html) => visibleText(html).length >= min, { message });
const isoDate = z
  .string({ message: MESSAGES.releaseDate })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: MESSAGES.releaseDate })
  .refine((v) => !Number.isNaN(Date.parse(v)), { message: MESSAGES.releaseDate });

/** A file meant for the readers of one version only (a PDF in Arabic); absent or null: for everyone. */
const attachmentLanguage = z
  .enum(releaseLanguages, { message: 'Attachment language must be english or arabic' })
  .nullish();

/** A file uploaded with the payload (SPEC §3 Attachment, base64 in JSON). */
export const newAttachmentSchema = z.object({
  originalName: z.string({ message: MESSAGES.attachmentUnreadable }).trim().min(1).max(255),
  filename: z.string().max(300).optional(),
  mimetype: z.string().max(200).optional(),
  size: z.number().int().nonnegative().optional(),
  base64Content: z
    .string({ message: MESSAGES.attachmentUnreadable })
    .min(1, { message: MESSAGES.attachmentUnreadable }),
  language: attachmentLanguage,
});
/** A file already stored with the draft being edited, kept by its id (its language may change). */
export const storedAttachmentRefSchema = z.object({ id: z.string().uuid(), language: attachmentLanguage });
export const attachmentInputSchema = z.union([storedAttachmentRefSchema, newAttachmentSchema]);
export type NewAttachmentInput = z.infer<typeof newAttachmentSchema>;
export type StoredAttachmentRef = z.infer<typeof storedAttachmentRefSchema>;
export type AttachmentInput = z.infer<typeof attachmentInputSchema>;

/**
 * The second version of a release, in the other language (issue 13): its own title, subtitle, content,
 * location and boilerplate; date, media contact, lists and files are shared with the primary version.
 * Send and Schedule hold it to the primary version's rules; a draft may hold it unfinished.
 */
export const translationSchema = z.object({
  language: z.enum(releaseLanguages, { message: 'Translation language must be english or arabic' }),
  title: required(MIN.title, MESSAGES.title, 300),
  subtitle: text(500).optional().default(''),
  content: richText(MIN.content, MESSAGES.content),
  location: required(MIN.location, MESSAGES.location, 200),
  boilerplate: required(MIN.boilerplate, MESSAGES.boilerplate, 5000),
});
export const draftTranslationSchema = z.object({
  language: z.enum(releaseLanguages, { message: 'Translation language must be english or arabic' }),
  title: text(300).optional().default(''),
  subtitle: text(500).optional().default(''),
  content: z.string().max(200_000, { message: 'Content is too long' }).optional().default(''),
  location: text(200).optional().default(''),
  boilerplate: text(5000).optional().default(''),
});
export type ReleaseTranslation = z.output<typeof draftTranslationSchema>;
export const TRANSLATION_MESSAGES = {
  sameLanguage: 'The second version must be in the other language',
} as const;

/** The version in the other language must be in the other language. */
const translationInOtherLanguage = (
  release: { language: ReleaseLanguage; translation?: { language: ReleaseLanguage } | null },
  ctx: z.RefinementCtx,
) => {
  if (release.translation && release.translation.language === release.language) {
    ctx.addIssue({
      code: 'custom',
      path: ['translation', 'language'],
      message: TRANSLATION_MESSAGES.sameLanguage,
    });
  }
};

/** The languages a release is written in: its primary version first. */
export function versionsOf(release: {
  language: string;
  translation?: { language: string } | null;
}): ReleaseLanguage[] {
  const primary = release.language === 'arabic' ? 'arabic' : 'english';
  const second = release.translation?.language;
  return second && second !== primary ? [primary, second as ReleaseLanguage] : [primary];
}

/**
 * The version a journalist receives: the one in their contact language (English, Arabic) when the
 * release has it, otherwise the primary one.
 */
export function versionFor(
  contactLanguage: string | null | undefined,
  versions: readonly ReleaseLanguage[],
): ReleaseLanguage {
  const wanted = (contactLanguage ?? '').toLowerCase();
  return versions.find((v) => v === wanted) ?? versions[0];
}

/** The editor's fields for Send Now and Schedule (SPEC §5, strict). */
export const releaseFieldsSchema = z.object({
  title: required(MIN.title, MESSAGES.title, 300),
  subtitle: text(500).optional().default(''),
  releaseDate: isoDate,
  location: required(MIN.location, MESSAGES.location, 200),
  content: richText(MIN.content, MESSAGES.content),
  boilerplate: required(MIN.boilerplate, MESSAGES.boilerplate, 5000),
  contactName: required(MIN.contactName, MESSAGES.contactName, 200),
  contactEmail: emailField(MESSAGES.contactEmail),
  contactPhone: required(MIN.contactPhone, MESSAGES.contactPhone, 50),
  language: z.enum(releaseLanguages).default('english'),
  recipientLists: z
    .array(z.string().uuid({ message: MESSAGES.unknownList }), { message: MESSAGES.recipientLists })
    .min(1, { message: MESSAGES.recipientLists })
    .max(100),
  attachments: z
    .array(attachmentInputSchema, { message: MESSAGES.noAttachments })
    .min(1, { message: MESSAGES.noAttachments })
    .max(20),
  translation: translationSchema.nullish(),
  /** Both versions in one email, the recipient's language first. */
  bilingualEmail: z.boolean({ message: 'bilingualEmail must be true or false' }).default(false),
});

/** Save Draft (SPEC §5, looser): recipient lists may be empty, most fields optional. */
export const draftFieldsSchema = z.object({
  title: required(MIN.title, MESSAGES.title, 300),
  subtitle: text(500).optional().default(''),
  releaseDate: z.string().trim().max(20).optional().default(''),
  location: text(200).optional().default(''),
  content: richText(MIN.draftContent, MESSAGES.content),
  boilerplate: text(5000).optional().default(''),
  contactName: required(MIN.contactName, MESSAGES.draftContactName, 200),
  contactEmail: emailField(MESSAGES.draftContactEmail),
  contactPhone: required(MIN.contactPhone, MESSAGES.draftContactPhone, 50),
  language: z.enum(releaseLanguages).default('english'),
  recipientLists: z
    .array(z.string().uuid({ message: MESSAGES.unknownList }))
    .max(100)
    .default([]),
  attachments: z.array(attachmentInputSchema).max(20).default([]),
  translation: draftTranslationSchema.nullish(),
  bilingualEmail: z.boolean({ message: 'bilingualEmail must be true or false' }).default(false),
});

/** SPEC §7 fields the prototype sends that the server ignores: the sender is fixed, the subject is the title. */
const ignoredSpecFields = {
  fromEmail: z.unknown().optional(),
  fromName: z.unknown().optional(),
  subject: z.unknown().optional(),
  message: z.unknown().optional(),
};
export const EMBARGO_MESSAGES = {
  until: 'An embargo needs a date and a time',
  timeZone: 'An embargo needs a time zone',
  past: 'The embargo must lift in the future',
  beforeSend: 'The embargo must lift after the scheduled send',
} as const;

/**
 * An embargo (issue 30): the instant it lifts and the zone it was entered in, never a date alone. That it
 * lies in the future and after the scheduled send is checked against the server clock.
 */
export const embargoSchema = z.object({
  until: z
    .string({ message: EMBARGO_MESSAGES.until })
    .max(40, { message: EMBARGO_MESSAGES.until })
    // An instant: a date with a time; "2026-12-01" alone is a day, not a moment.
    .refine((v) => /T\d{2}:\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), { message: EMBARGO_MESSAGES.until, abort: true })
    .refine(momentInRange, { message: DATE_RANGE_MESSAGE }),
  timeZone: z.string({ message: EMBARGO_MESSAGES.timeZone }).min(1, { message: EMBARGO_MESSAGES.timeZone }).pipe(timeZoneField),
});
export type Embargo = z.infer<typeof embargoSchema>;

const existingId = {
  existingPressReleaseId: releaseIdField().nullish(),
  /** The brand it speaks for (issue 28); the workspace's first brand when absent. */
  brandId: brandIdField().nullish(),
  /** The IANA zone `scheduledAt` was entered in (issue 30); it is stored as an instant either way. */
  timeZone: timeZoneField.nullish(),
  embargo: embargoSchema.nullish(),
  /** Whether the embargo notice names the title (else only "a press release from {Brand}"); kept when left out. */
  embargoNoticeShowsTitle: z.boolean({ message: 'embargoNoticeShowsTitle must be true or false' }).optional(),
  /** What the release is about: journalists who chose other topics are left out (issue 30). */
  topics: z.array(z.enum(TOPICS, { message: 'Unknown topic' })).max(TOPICS.length).optional(),
};

const scheduledAtField = z
  .string({ message: MESSAGES.scheduledAt })
  .min(1, { message: MESSAGES.scheduledAt })
  .refine((v) => !Number.isNaN(Date.parse(v)), { message: MESSAGES.scheduledAt, abort: true })
  .refine(momentInRange, { message: DATE_RANGE_MESSAGE });

/** POST /api/send-press-release. The schedule's "in the future" rule is checked against the server clock. */
export const sendPressReleaseSchema = z
  .discriminatedUnion(
    'action',
    [
      releaseFieldsSchema.extend({
        action: z.literal('send_now'),
        scheduledAt: z.unknown().optional(),
        ...existingId,
        ...ignoredSpecFields,
      }),
      releaseFieldsSchema.extend({
        action: z.literal('schedule'),
        scheduledAt: scheduledAtField,
        ...existingId,
        ...ignoredSpecFields,
      }),
      draftFieldsSchema.extend({
        action: z.literal('save_draft'),
        scheduledAt: z.unknown().optional(),
        ...existingId,
        ...ignoredSpecFields,
      }),
    ],
    { message: MESSAGES.action },
  )
  .superRefine(translationInOtherLanguage);
export type SendPressReleaseInput = z.input<typeof sendPressReleaseSchema>;
export type SendPressReleasePayload = z.infer<typeof sendPressReleaseSchema>;

export const isScheduleInFuture = (scheduledAt: string, now = new Date()) =>
  Date.parse(scheduledAt) > now.getTime();

/** Far beyond any real list; it keeps an offset a number the database accepts. */
const RELEASE_PAGE_MAX = 1_000_000;

export const listReleasesQuerySchema = z.object({
  status: z.enum(releaseStatuses).optional(),
  /** One brand's releases (issue 28). */
  brandId: brandIdField().optional(),
  search: z.string().trim().max(200).optional(),
  page: pageParam(RELEASE_PAGE_MAX),
  pageSize: pageSizeParam(20, 100),
});
export type ListReleasesQuery = z.input<typeof listReleasesQuerySchema>;

export const recipientStatusFilters = [
  'queued',
  'sending',
  'sent',
  'bounced',
  'complained',
  'failed',
  'opened',
  'clicked',
  'unsubscribed',
] as const;
/** How the recipients table can be ordered: as sent (default), most opens or clicks, latest activity. */
export const recipientSorts = ['sent', 'opens', 'clicks', 'lastActivity'] as const;
export type RecipientSort = (typeof recipientSorts)[number];

/** The words the interface shows for a delivery's state, used by the CSV report as well. */
export const RECIPIENT_STATUS_WORDS: Record<string, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Delivered',
  bounced: 'Bounced',
  complained: 'Complained',
  failed: 'Failed',
};

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** GET /api/press-releases/{id}/report.csv?tz=Asia/Dubai: times in the reader's zone (UTC when not given). */
export const reportQuerySchema = z.object({
  tz: z.string().max(64).refine(isTimeZone, { message: 'Unknown time zone' }).default('UTC'),
  /** The reader's interface language: the report's headers and words follow it. */
  lang: z.enum(['en', 'ar'], { message: 'Language must be en or ar' }).default('en'),
});

export const recipientsQuerySchema = z.object({
  status: z.enum(recipientStatusFilters).optional(),
  sort: z.enum(recipientSorts).default('sent'),
  page: pageParam(RELEASE_PAGE_MAX),
  pageSize: pageSizeParam(50, 100),
});

// ---------------------------------------------------------------- responses

/** Attachment metadata as the API shows it; the bytes are downloaded separately. */
export type AttachmentInfo = {
  id: string;
  originalName: string;
  filename: string;
  mimetype: string;
  size: number;
  /** Sent only with the version in this language; null: with every version. */
  language: ReleaseLanguage | null;
};

/** The brand as a release names it. */
export type ReleaseBrand = { id: BrandId; name: string; nameAr: string; logoUrl: string | null };

export type PressReleaseSummary = {
  id: ReleaseId;
  /** Its author's id; null when the author's account is gone. */
  userId: UserId | null;
  workspaceId: WorkspaceId;
  /** The brand it speaks for (issue 28). */
  brandId: BrandId;
  brand: ReleaseBrand | null;
  /** Who wrote it, who approved it inside the workspace, who sent or scheduled it. */
  author: PersonRef | null;
  approvedBy: PersonRef | null;
  sentBy: PersonRef | null;
  /** Only in a super admin's view. */
  userEmail?: string;
  title: string;
  /** The title of the version in the other language, if there is one: lists show the reader's version. */
  translationTitle?: string | null;
  subtitle: string;
  language: ReleaseLanguage;
  status: ReleaseStatus;
  scheduledAt: string | null;
  /** The zone the schedule was entered in (null: the browser's at the time, before issue 30). */
  timeZone: string | null;
  /** The embargo, while the release has one; publishedAt is when its public pages appeared (the lift). */
  embargo: Embargo | null;
  /** Whether the embargo notice to journalists who have not agreed names the title, or only the brand. */
  embargoNoticeShowsTitle: boolean;
  publishedAt: string | null;
  topics: string[];
  sentAt: string | null;
  recipientCount: number;
  recipientLists: string[];
  createdAt: string;
  updatedAt: string;
};

export type PressRelease = PressReleaseSummary & {
  /** An approver's words when they returned it to its writer. */
  approvalComment: string | null;
  /** The brand's client who approved it and when (issue 28); a client's words when they returned it. */
  clientApprovedBy: PersonRef | null;
  clientApprovedAt: string | null;
  /** A short digest of the title, content and translation the client approved: which version it was. */
  clientApprovedVersion: string | null;
  clientComment: string | null;
  content: string;
  releaseDate: string;
  location: string;
  boilerplate: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  attachments: AttachmentInfo[];
  /** The version in the other language, if the release has one. */
  translation: ReleaseTranslation | null;
  bilingualEmail: boolean;
  /** Public web version (/r/{slug}) once the release has gone out. */
  webUrl: string | null;
  /** The company's public newsroom (absolute), once it has one and while it is online. */
  newsroomUrl: string | null;
  /** The latest editorial review, null when the release was never submitted to review. */
  review: ReleaseReview | null;
  /** When the relay accepted the first and the latest message of it (null until one is). */
  firstAcceptedAt: string | null;
  lastAcceptedAt: string | null;
  /** Every step of every round, oldest first. */
  timeline: ReleaseStep[];
  /** While it is `changes_requested`: who sent it back and their words. */
  returned: ReleaseReturn | null;
  /** Whether it holds one press release of its workspace's allowance now (held until it is sent, then spent). */
  holdsAllowance: boolean;
  /** Gates still ahead before it goes out (for a draft or a return: every gate a send would meet). */
  gatesAhead: ReleaseGate[];
  /** Its workspace is suspended: nothing of it moves or is sent until a super admin reactivates it. */
  heldBySuspension: boolean;
};

// ---------------------------------------------------------------- lifecycle (decision 026)

/**
 * The steps of a release's timeline, every round kept (src/server/releases/lifecycle.ts writes them):
 * a writer's submission to the workspace's approver and its answer, the brand's client's answer, Nashr's
 * editor's decision, the schedule, the send, the embargo's lift, the end of the send, a withdrawal.
 */
export const releaseStepKinds = [
  'submitted',
  'approved',
  'returned',
  'sent_to_client',
  'client_approved',
  'client_returned',
  'submitted_to_review',
  'review_approved',
  'changes_requested',
  'rejected',
  'scheduled',
  'unscheduled',
  'sending',
  'sent',
  'failed',
  'embargo_lifted',
  'withdrawn',
  'held',
] as const;
export type ReleaseStepKind = (typeof releaseStepKinds)[number];

/** Who took a step: a workspace role, Nashr's editor, a super admin, or the service itself (null name). */
export const releaseStepRoles = [...workspaceRoles, 'editor', 'super_admin', 'system'] as const;
export type ReleaseStepRole = (typeof releaseStepRoles)[number];

export type ReleaseStep = {
  kind: ReleaseStepKind;
  /** The person, as their name reads now (null when the service took the step: a schedule's time, the engine). */
  by: { name: string; role: ReleaseStepRole } | null;
  comment: string | null;
  at: string;
  /** The round it belongs to: 1 for the first submission, one more for every resubmission after a return. */
  round: number;
};

/** Who sent a release back for changes, with their words: shown on its page until it is resubmitted. */
export type ReleaseReturn = {
  /** The workspace's approver, the brand's client, or Nashr's editor. */
  source: 'workspace' | 'client' | 'review';
  by: { name: string; role: ReleaseStepRole } | null;
  comment: string;
  at: string;
};

/** The gates a release still has ahead of it before it goes out, in order. */
export const releaseGates = ['workspace_approval', 'client_approval', 'review'] as const;
export type ReleaseGate = (typeof releaseGates)[number];

export const reviewDecisions = ['approved', 'changes_requested', 'rejected', 'withdrawn'] as const;
export type ReviewDecision = (typeof reviewDecisions)[number];

export type ReleaseReview = {
  submittedAt: string;
  decidedAt: string | null;
  /** The editor who decided: their name (their address only when their account no longer exists). */
  decidedBy: string | null;
  decision: ReviewDecision | null;
  comment: string | null;
};

export type SendPressReleaseResponse = { pressRelease: PressRelease };
/**
 * GET /api/press-releases/sender: the From every release e-mail of the brand is sent with (MAIL_FROM's address),
 * per language of the e-mail ("… via Nashr", "… عبر نشر"), and the brand as e-mails show it (names, logo),
 * so the previews render exactly what is sent. `from` is the English one.
 */
export type ReleaseSender = {
  from: string;
  fromByLanguage: Record<ReleaseLanguage, string>;
  brand: { name: string; nameAr: string; logoUrl: string | null } | null;
};
export type ReleasesPage = { items: PressReleaseSummary[]; total: number; page: number; pageSize: number };

/** GET /api/analytics/dashboard: the editor dashboard (SPEC §2) and the analytics dashboard. */
export type AnalyticsDashboard = {
  totalReleases: number;
  /** Releases created this calendar month. */
  thisMonth: number;
  /** Releases sent this calendar month (the "This Month – Releases sent" card). */
  sentThisMonth: number;
  /**
   * Text such as "23%": unique human opens ÷ recipients of releases sent in the last 30 days; null while
   * nothing went out in that time (no rate yet, rather than a rate of 0 %).
   */
  openRate: string | null;
  /** Distinct contacts across the user's lists. */
  mediaContacts: number;
  /** Unique human opens across sent releases. */
  totalOpens: number;
  totalRecipients: number;
  /** Rounded percentage: totalOpens ÷ totalRecipients across sent releases. */
  averageOpenRate: number;
  /** Human replies across sent releases, and their rate of delivered list messages (issue 38). */
  replies: number;
  replyRate: number;
  /** Up to 8 sent releases, newest first. */
  releases: ReleasePerformance[];
};

export type ReleasePerformance = {
  id: ReleaseId;
  title: string;
  status: ReleaseStatus;
  sentAt: string | null;
  recipientCount: number;
  /** Deliveries accepted by the receiving server. */
  sent: number;
  /** Unique human opens. */
  opens: number;
  /** Rounded percentage of opens ÷ recipients. */
  openRate: number;
  /** Human replies and their rate of delivered list messages, as on the release's page. */
  replies: number;
  replyRate: number;
  userEmail?: string;
};

/** One version's recipients and what they did. */
export type VersionFigures = {
  language: ReleaseLanguage;
  recipients: number;
  delivered: number;
  opens: number;
  uniqueOpens: number;
  openRate: number;
  clicks: number;
  downloads: number;
  unsubscribes: number;
};

/** What the newsroom's followers (free, apart from the journalists) did with a release. */
export type FollowerFigures = Omit<VersionFigures, 'language' | 'openRate'>;

/** How the CSV report names a version. */
export const VERSION_WORDS: Record<ReleaseLanguage, string> = { english: 'English', arabic: 'Arabic' };

/** GET /api/press-releases/{id}/analytics. Rates are rounded percentages of delivered messages. */
export type ReleaseAnalytics = {
  releaseId: string;
  status: ReleaseStatus;
  /** Every figure per version of the release, the primary first (one entry for a one-language release). */
  byVersion: VersionFigures[];
  /** The company's newsroom followers who were sent it: counted apart from the journalists below. */
  followers: FollowerFigures;
  recipients: number;
  /** Accepted and not bounced later (a message reported as spam was delivered). */
  delivered: number;
  bounced: number;
  /** Messages reported as spam by their recipients (feedback loops). */
  complaints: number;
  /** Messages a server reported as temporarily undeliverable after accepting them. */
  softBounces: number;
  failed: number;
  /** Queued or being sent. */
  pending: number;
  /** Of the pending, those a server refused for now: tried again until the retry window ends (RETRY_WINDOW). */
  waitingToRetry: number;
  /** Delivered ÷ (recipients − pending), a rounded percentage. */
  deliveryRate: number;
  /** Human opens (every pixel load not counted as a machine open). */
  opens: number;
  uniqueOpens: number;
  /** Pixel loads by mail-privacy proxies or scanners within seconds of delivery. */
  machineOpens: number;
  clicks: number;
  uniqueClicks: number;
  downloads: number;
  unsubscribes: number;
  openRate: number;
  clickRate: number;
  /** Journalists who wrote back (human replies, not automatic ones), and their share of delivered messages (issue 38). */
  replies: number;
  replyRate: number;
  /** Hourly buckets. */
  timeline: { at: string; opens: number; clicks: number }[];
};


export type ReleaseRecipient = {
  id: number;
  /** The journalist as the media database names them (empty once the contact was deleted). */
  name: string;
  outlet: string;
  country: string;
  language: string;
  /** Masked unless the viewer may see contact emails. */
  email: string;
  /** The version they were sent. */
  version: ReleaseLanguage;
  status: RecipientStatus;
  attempts: number;
  sentAt: string | null;
  firstOpenAt: string | null;
  opens: number;
  clicks: number;
  downloads: number;
  unsubscribed: boolean;
  /** Times a server reported the message temporarily undeliverable after accepting it. */
  softBounces: number;
  /** They wrote back (a human reply, issue 38). */
  replied: boolean;
  /** The latest open, click, download or unsubscribe. */
  lastActivityAt: string | null;
  lastError: string | null;
};

export type RecipientsPage = { items: ReleaseRecipient[]; total: number; page: number; pageSize: number };

// ---------------------------------------------------------------- pre-send check

/** GET /api/press-releases/{id}/preflight?scheduledAt=&timeZone=: another send time than the saved one. */
export const preflightQuerySchema = z.object({
  scheduledAt: z
    .string()
    .max(40)
    .refine((v) => !Number.isNaN(Date.parse(v)), { message: MESSAGES.scheduledAt, abort: true })
    .refine(momentInRange, { message: DATE_RANGE_MESSAGE })
    .optional(),
  timeZone: timeZoneField.optional(),
});

/**
 * POST /api/press-releases/preflight: what the editor holds now (nothing is stored). Files are named by
 * their stored id or by name and size; their bytes are not needed to count them.
 */
export const preflightInputSchema = z.object({
  existingPressReleaseId: releaseIdField().nullish(),
  action: z.enum(['send_now', 'schedule']).default('send_now'),
  scheduledAt: z.string().max(40).nullish(),
  timeZone: timeZoneField.nullish(),
  embargo: embargoSchema.nullish(),
  topics: z.array(z.enum(TOPICS, { message: 'Unknown topic' })).max(TOPICS.length).optional(),
  /** The brand it speaks for: addresses unsubscribed from that brand are not counted (decision 022). */
  brandId: brandIdField().nullish(),
  language: z.enum(releaseLanguages).default('english'),
  content: z.string().max(200_000, { message: 'Content is too long' }).default(''),
  /** The version in the other language, if any: recipients are counted per version. */
  translation: z
    .object({
      language: z.enum(releaseLanguages),
      content: z.string().max(200_000, { message: 'Content is too long' }).default(''),
    })
    .nullish(),
  recipientLists: z
    .array(z.string().uuid({ message: MESSAGES.unknownList }))
    .max(100)
    .default([]),
  attachments: z
    .array(
      z.union([
        storedAttachmentRefSchema,
        z.object({ originalName: z.string().trim().min(1).max(255), size: z.number().int().nonnegative() }),
      ]),
    )
    .max(20)
    .default([]),
});
export type PreflightInput = z.input<typeof preflightInputSchema>;

export const preflightWarningCodes = [
  'EMPTY_LIST',
  'NO_RECIPIENTS',
  'LINK_NOT_HTTP',
  'IMAGE_NOT_SENT',
  'LANGUAGE_MISMATCH',
  // The send time against the recipients' working day (issue 30): params.countries names them.
  'weekend',
  'night',
  'holiday',
  'ramadan_hours',
] as const;
export type PreflightWarning = {
  code: (typeof preflightWarningCodes)[number];
  message: string;
  params?: Record<string, string | number>;
};

/** The suppression reasons a recipient can be left out for. */
export type SuppressedCount = { reason: string; count: number };

/** GET /api/press-releases/{id}/preflight and POST /api/press-releases/preflight. */
export type Preflight = {
  lists: Array<{ id: string; name: string; contacts: number }>;
  /** Who will receive it: unique addresses of the lists minus suppressed ones. */
  recipients: number;
  /** List memberships that name an address already counted (the same journalist in two lists). */
  duplicates: number;
  suppressed: number;
  suppressedByReason: SuppressedCount[];
  byCountry: Array<{ country: string; count: number }>;
  byLanguage: Array<{ language: string; count: number }>;
  /** Recipients per version of the release (each gets the version in their language, else the primary). */
  byVersion: Array<{ language: ReleaseLanguage; count: number }>;
  attachments: Array<{ name: string; size: number }>;
  /** null remainingAfter: not limited (a super admin). */
  allowance: { spends: number; remainingAfter: number | null };
  /** ISO time of a scheduled send; null for Send Now. */
  sendAt: string | null;
  /** Whether it first waits for a publisher of the workspace (a writer's, or with second approval on). */
  approval: boolean;
  /** Whether an editor reviews it before it goes out (a customer's release, review on, not trusted). */
  review: boolean;
  warnings: PreflightWarning[];
  /** Journalists on the lists who will not get it, by reason (their preferences, suppressions). */
  leftOut: LeftOut[];
  /**
   * Under an embargo still ahead: how many of `recipients` get it now, are asked to agree, and get it at the
   * lift (EmbargoAudience; before the send `atLift` is `asked`, nobody having agreed yet). null without one.
   */
  embargo: EmbargoAudience | null;
};
