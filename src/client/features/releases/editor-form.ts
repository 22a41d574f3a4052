import type { Brand } from '../../../shared/brands';
import { instantOf, wallClockOf } from '../../../shared/wall-clock';
import { browserTimeZone } from '../../lib/browser-time-zone';
import type { TOPICS } from '../../../shared/contacts';
import {
  EMBARGO_MESSAGES,
  isScheduleInFuture,
  MAX_TOTAL_ATTACHMENT_BYTES,
  MESSAGES,
  sendPressReleaseSchema,
  todayIsoDate,
  type PreflightInput,
  type PressRelease,
  type ReleaseAction,
  type ReleaseLanguage,
  type SendPressReleaseInput,
} from '../../../shared/releases';

/**
 * The editor's form model: the values the form holds, how they become the POST /api/send-press-release
 * payload, and which rule failed first. Pure functions, so the rules are tested without a browser.
 */

/** A file of the release: either stored with the draft (id) or picked now (base64 content). */
export type EditorAttachment = {
  key: string;
  id?: string;
  originalName: string;
  mimetype: string;
  size: number;
  base64Content?: string;
  /** Sent only with this version; null or absent: with every version. */
  language?: ReleaseLanguage | null;
};

/** The fields written once per version; date, media contact, lists and files are shared. */
export type VersionValues = {
  title: string;
  subtitle: string;
  location: string;
  content: string;
  boilerplate: string;
};
export const VERSION_FIELDS = [
  'title',
  'subtitle',
  'location',
  'content',
  'boilerplate',
] as const satisfies readonly (keyof VersionValues)[];

export type TranslationValues = VersionValues & { language: ReleaseLanguage };

export type EditorValues = {
  title: string;
  subtitle: string;
  releaseDate: string;
  location: string;
  content: string;
  boilerplate: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  language: ReleaseLanguage;
  recipientLists: string[];
  attachments: EditorAttachment[];
  /** `YYYY-MM-DDTHH:mm` on the wall of `scheduleZone` (the datetime-local input's value). */
  scheduledAt: string;
  /** The IANA zone the schedule is entered in (issue 30); the browser's by default. */
  scheduleZone: string;
  /** An embargo (off by default): its lift as `YYYY-MM-DDTHH:mm` on the wall of `embargoZone`. */
  embargoOn: boolean;
  embargoAt: string;
  embargoZone: string;
  /** Whether the notice to journalists asked to agree names the title (else only the brand). */
  embargoNoticeShowsTitle: boolean;
  /** What the release is about (TOPICS): journalists who chose other topics are left out. */
  topics: string[];
  /** The version in the other language, if the release has one. */
  translation: TranslationValues | null;
  /** Both versions in one email, the reader's language first. */
  bilingualEmail: boolean;
  /** The brand it speaks for (issue 28); null until the workspace's brands are known (the server picks its first). */
  brandId: string | null;
};

export type TranslationField = `translation.${keyof TranslationValues}`;
export type EditorField =
  Exclude<keyof EditorValues, 'translation' | 'bilingualEmail' | 'brandId' | 'embargoOn' | 'embargoNoticeShowsTitle'> | TranslationField;

/** SPEC §5 order: the first failing rule in this order is the one the 'Validation Error' toast names. */
export const FIELD_ORDER: EditorField[] = [
  'title',
  'releaseDate',
  'location',
  'content',
  'boilerplate',
  'contactName',
  'contactEmail',
  'contactPhone',
  'language',
  'subtitle',
  'scheduledAt',
  'scheduleZone',
  'embargoAt',
  'embargoZone',
  'topics',
  'translation.language',
  'translation.title',
  'translation.location',
  'translation.content',
  'translation.boilerplate',
  'translation.subtitle',
  'recipientLists',
  'attachments',
];

export const otherLanguage = (language: ReleaseLanguage): ReleaseLanguage =>
  language === 'arabic' ? 'english' : 'arabic';

/** A new, empty version in the other language. */
/** A new second version: empty, but for the brand's boilerplate in that version's language when it has one. */
export const emptyTranslation = (primary: ReleaseLanguage, brand?: BrandDefaults | null): TranslationValues => ({
  language: otherLanguage(primary),
  title: '',
  subtitle: '',
  location: '',
  content: '',
  boilerplate: brand ? boilerplateIn(brand, otherLanguage(primary)) : '',
});

/** The values of one version, as the preview shows it: the shared fields with that version's own. */
export function versionView(values: EditorValues, version: 'primary' | 'translation'): EditorValues {
  if (version === 'primary' || !values.translation) return values;
  const { language, ...fields } = values.translation;
  return { ...values, ...fields, language };
}

/** Who journalists may call about a release; a new one starts with its author's name and address. */
export type MediaContact = Pick<EditorValues, 'contactName' | 'contactEmail' | 'contactPhone'>;

/** The account's own details as a release's media contact (an account has no phone: left to fill in). */
export const mediaContactOf = (user: {
  firstName: string;
  lastName: string;
  email: string;
}): MediaContact => ({
  contactName: `${user.firstName} ${user.lastName}`.trim(),
  contactEmail: user.email,
  contactPhone: '',
});

/**
 * A new release is written, by default, in the language of the interface its author uses, with its
 * author as the media contact.
 */
export function emptyValues(
  today = todayIsoDate(),
  language: ReleaseLanguage = 'english',
  contact?: MediaContact,
  brandId: string | null = null,
): EditorValues {
  return {
    title: '',
    subtitle: '',
    releaseDate: today,
    location: '',
    content: '',
    boilerplate: '',
    contactName: contact?.contactName ?? '',
    contactEmail: contact?.contactEmail ?? '',
    contactPhone: contact?.contactPhone ?? '',
    language,
    recipientLists: [],
    attachments: [],
    scheduledAt: '',
    scheduleZone: browserTimeZone(),
    embargoOn: false,
    embargoAt: '',
    embargoZone: browserTimeZone(),
    embargoNoticeShowsTitle: false,
    topics: [],
    translation: null,
    bilingualEmail: false,
    brandId,
  };
}

export function valuesFromRelease(release: PressRelease, today = todayIsoDate()): EditorValues {
  return {
    title: release.title,
    subtitle: release.subtitle ?? '',
    releaseDate: release.releaseDate || today,
    location: release.location ?? '',
    content: release.content ?? '',
    boilerplate: release.boilerplate ?? '',
    contactName: release.contactName ?? '',
    contactEmail: release.contactEmail ?? '',
    contactPhone: release.contactPhone ?? '',
    language: release.language === 'arabic' ? 'arabic' : 'english',
    recipientLists: release.recipientLists ?? [],
    attachments: (release.attachments ?? []).map((a) => ({
      key: a.id,
      id: a.id,
      originalName: a.originalName,
      mimetype: a.mimetype,
      size: a.size,
      language: a.language ?? null,
    })),
    scheduledAt: release.scheduledAt ? toZonedInputValue(release.scheduledAt, release.timeZone ?? browserTimeZone()) : '',
    scheduleZone: release.timeZone ?? browserTimeZone(),
    embargoOn: Boolean(release.embargo),
    embargoAt: release.embargo ? toZonedInputValue(release.embargo.until, release.embargo.timeZone) : '',
    embargoZone: release.embargo?.timeZone ?? release.timeZone ?? browserTimeZone(),
    embargoNoticeShowsTitle: release.embargoNoticeShowsTitle ?? false,
    topics: release.topics ?? [],
    translation: release.translation ? { ...release.translation } : null,
    bilingualEmail: release.bilingualEmail ?? false,
    brandId: release.brandId ?? null,
  };
}

/** What a brand gives a release by default (issue 28): its boilerplates, media contact and language. */
export type BrandDefaults = Pick<
  Brand,
  'boilerplate' | 'boilerplateAr' | 'contactName' | 'contactEmail' | 'contactPhone' | 'language'
>;

const boilerplateIn = (brand: BrandDefaults, language: ReleaseLanguage) =>
  language === 'arabic' ? brand.boilerplateAr : brand.boilerplate;

/**
 * The release's fields once `next` is picked in place of `previous`: a field takes the new brand's
 * default only while it is empty or still holds what was put there for the writer (the previous brand's
 * default, or `prefilled`: the author's own contact on a new release), so nothing typed is overwritten.
 * A new release also takes the brand's language; each version's boilerplate is the brand's in that
 * version's language.
 */
export function withBrand(
  values: EditorValues,
  previous: BrandDefaults | null,
  next: BrandDefaults & { id: string },
  options: { isNew: boolean; prefilled?: Partial<MediaContact> } = { isNew: false },
): EditorValues {
  const language = options.isNew ? next.language : values.language;
  const translation =
    values.translation && values.translation.language === language
      ? { ...values.translation, language: otherLanguage(language) }
      : values.translation;
  // The previous brand's contact never stays behind for another brand: emptied when the new one has none.
  const pick = (value: string, wanted: string, previousValue: string | undefined, prefilled?: string) => {
    if (previousValue && value === previousValue) return wanted;
    return wanted && (value.trim() === '' || value === prefilled) ? wanted : value;
  };
  const previousBoilerplates = previous ? [previous.boilerplate, previous.boilerplateAr] : [];
  const boilerplate = (value: string, versionLanguage: ReleaseLanguage) => {
    const wanted = boilerplateIn(next, versionLanguage);
    const replaceable =
      value.trim() === '' ||
      previousBoilerplates.includes(value) ||
      value === boilerplateIn(next, otherLanguage(versionLanguage));
    return wanted && replaceable ? wanted : value;
  };
  const prefilled = options.prefilled ?? {};
  return {
    ...values,
    brandId: next.id,
    language,
    boilerplate: boilerplate(values.boilerplate, language),
    contactName: pick(values.contactName, next.contactName, previous?.contactName, prefilled.contactName),
    contactEmail: pick(
      values.contactEmail,
      next.contactEmail,
      previous?.contactEmail,
      prefilled.contactEmail,
    ),
    contactPhone: pick(
      values.contactPhone,
      next.contactPhone,
      previous?.contactPhone,
      prefilled.contactPhone,
    ),
    translation: translation
      ? { ...translation, boilerplate: boilerplate(translation.boilerplate, translation.language) }
      : null,
  };
}

/** `YYYY-MM-DDTHH:mm` of a moment in the browser's time zone. */
export function toLocalInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The datetime-local value (browser zone) as an absolute ISO instant, or '' when it is not a time. */
export function localInputToIso(value: string): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

type Topic = (typeof TOPICS)[number];

/** `YYYY-MM-DDTHH:mm` of a moment on the wall of `zone`. */
export function toZonedInputValue(instant: Date | string, zone: string): string {
  const wall = wallClockOf(instant, zone);
  return `${wall.date}T${wall.time}`;
}

/** A datetime-local value read in `zone`, as an ISO instant; '' when it is not a time. */
export function zonedInputToIso(value: string, zone: string): string {
  const [date, time] = value.split('T');
  return (date && time && instantOf(date, time.slice(0, 5), zone)?.toISOString()) || '';
}

/** The embargo the payload carries: null when off; a draft leaves out one not finished yet. */
function embargoOf(values: EditorValues, action: ReleaseAction | 'preflight') {
  if (!values.embargoOn) return null;
  const until = zonedInputToIso(values.embargoAt, values.embargoZone);
  if (action === 'save_draft' && !until) return undefined;
  return { until, timeZone: values.embargoZone };
}

export function toPayload(
  values: EditorValues,
  action: ReleaseAction,
  existingPressReleaseId?: string | null,
): SendPressReleaseInput {
  const language = values.translation
    ? (a: EditorAttachment) => ({ language: a.language ?? null })
    : () => ({});
  const attachments = values.attachments.map((a) =>
    a.id
      ? { id: a.id, ...language(a) }
      : {
          originalName: a.originalName,
          filename: `${Date.now()}-${a.originalName}`,
          mimetype: a.mimetype,
          size: a.size,
          base64Content: a.base64Content ?? '',
          ...language(a),
        },
  );
  const common = {
    title: values.title,
    subtitle: values.subtitle,
    releaseDate: values.releaseDate,
    location: values.location,
    content: values.content,
    boilerplate: values.boilerplate,
    contactName: values.contactName,
    contactEmail: values.contactEmail,
    contactPhone: values.contactPhone,
    language: values.language,
    recipientLists: values.recipientLists,
    attachments,
    translation: values.translation,
    bilingualEmail: Boolean(values.translation) && values.bilingualEmail,
    // SPEC §7 fields; the server fixes the sender and uses the title as subject.
    subject: values.title,
    message: values.content,
    existingPressReleaseId: existingPressReleaseId ?? undefined,
    brandId: values.brandId ?? undefined,
    timeZone: values.scheduleZone,
    embargo: embargoOf(values, action),
    embargoNoticeShowsTitle: values.embargoNoticeShowsTitle,
    topics: values.topics as Topic[],
  };
  if (action === 'schedule')
    return { ...common, action, scheduledAt: zonedInputToIso(values.scheduledAt, values.scheduleZone) };
  return { ...common, action };
}

export type FormProblems = Partial<Record<EditorField, string>>;

/** The problems as react-hook-form keeps errors: a version's fields under `translation`. */
export function nestedErrors(problems: FormProblems): Record<string, unknown> {
  const errors: Record<string, Record<string, unknown>> = {};
  for (const [field, message] of Object.entries(problems)) {
    const error = { type: 'validate', message };
    const [head, tail] = field.split('.');
    if (tail) errors[head] = { ...errors[head], [tail]: error };
    else errors[head] = error;
  }
  return errors;
}

/**
 * Every rule of the chosen action (the shared schema, plus the schedule's future time on the browser's clock),
 * one message per field.
 */
export function validate(values: EditorValues, action: ReleaseAction, now = new Date()): FormProblems {
  const problems: FormProblems = {};
  const result = sendPressReleaseSchema.safeParse(toPayload(values, action));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = fieldOfPath(issue.path.map(String).join('.'));
      if (FIELD_ORDER.includes(field) && !problems[field]) problems[field] = issue.message;
    }
  }
  const scheduled = zonedInputToIso(values.scheduledAt, values.scheduleZone);
  if (action === 'schedule' && !problems.scheduledAt) {
    if (!scheduled) problems.scheduledAt = MESSAGES.scheduledAt;
    else if (!isScheduleInFuture(scheduled, now)) problems.scheduledAt = MESSAGES.scheduledInPast;
  }
  const embargo = action === 'save_draft' ? undefined : embargoOf(values, action);
  if (embargo && !problems.embargoAt && embargo.until) {
    if (!isScheduleInFuture(embargo.until, now)) problems.embargoAt = EMBARGO_MESSAGES.past;
    else if (action === 'schedule' && scheduled && Date.parse(embargo.until) <= Date.parse(scheduled))
      problems.embargoAt = EMBARGO_MESSAGES.beforeSend;
  }
  return problems;
}

/**
 * The form field a payload path (the schema's or the server's) belongs to: a version's field
 * (translation.title), the embargo's parts, the schedule's zone, one file (attachments.2.size) → attachments.
 */
export function fieldOfPath(path: string): EditorField {
  if (path.startsWith('translation.')) return path.split('.').slice(0, 2).join('.') as EditorField;
  if (path === 'embargo.timeZone') return 'embargoZone';
  if (path.startsWith('embargo')) return 'embargoAt';
  if (path === 'timeZone') return 'scheduleZone';
  return path.split('.')[0] as EditorField;
}

/** The first failing rule in SPEC order, or null. */
export function firstProblem(problems: FormProblems): { field: EditorField; message: string } | null {
  const field = FIELD_ORDER.find((f) => problems[f]);
  return field ? { field, message: problems[field]! } : null;
}

export const totalAttachmentBytes = (attachments: Pick<EditorAttachment, 'size'>[]) =>
  attachments.reduce((sum, a) => sum + a.size, 0);
export const attachmentsTooLarge = (attachments: Pick<EditorAttachment, 'size'>[]) =>
  totalAttachmentBytes(attachments) > MAX_TOTAL_ATTACHMENT_BYTES;

export const formatKb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * After a draft save, the files that were uploaded with it are stored: they get their server ids (and drop
 * their bytes) so the next save refers to them instead of uploading them again. The server answers kept
 * files first and new ones after them, each group in the order sent; files added or removed while the save
 * was running are left as they are.
 */
export function withStoredFiles(
  current: EditorAttachment[],
  sent: EditorAttachment[],
  saved: PressRelease,
): EditorAttachment[] {
  const keptIds = new Set(sent.filter((a) => a.id).map((a) => a.id));
  const storedNew = saved.attachments.filter((a) => !keptIds.has(a.id));
  const idByKey = new Map(sent.filter((a) => !a.id).map((a, i) => [a.key, storedNew[i]?.id]));
  return current.map((file) => {
    const id = file.id ? undefined : idByKey.get(file.key);
    return id
      ? {
          key: file.key,
          id,
          originalName: file.originalName,
          mimetype: file.mimetype,
          size: file.size,
          language: file.language,
        }
      : file;
  });
}

/** The body of POST /api/press-releases/preflight: what the editor holds, files by id or by name and size. */
export function toPreflightPayload(
  values: EditorValues,
  action: 'send_now' | 'schedule',
  existingPressReleaseId?: string,
): PreflightInput {
  return {
    existingPressReleaseId,
    action,
    scheduledAt: action === 'schedule' ? zonedInputToIso(values.scheduledAt, values.scheduleZone) : undefined,
    timeZone: values.scheduleZone,
    embargo: embargoOf(values, 'preflight'),
    topics: values.topics as Topic[],
    language: values.language,
    content: values.content,
    translation: values.translation
      ? { language: values.translation.language, content: values.translation.content }
      : null,
    recipientLists: values.recipientLists,
    attachments: values.attachments.map((a) =>
      a.id ? { id: a.id } : { originalName: a.originalName, size: a.size },
    ),
  };
}
