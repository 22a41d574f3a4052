import {
  renderEdition,
  type EmailTemplateRelease,
  type ReleaseEmailSource,
  type ReleaseVersion,
  type RenderedEdition,
} from '../../../shared/email-template';
import type { ReleaseSender } from '../../../shared/releases';
import { zonedInputToIso, type EditorAttachment, type EditorValues } from './editor-form';

/**
 * The editor's values as the shared template reads a release (issue 37): both versions, whether one
 * e-mail carries both, the files, and the embargo while it is still ahead of `now` — as the sender reads
 * the stored release, so a preview and the e-mail sent are one rendering.
 */
export function emailSourceOfValues(values: EditorValues, now = new Date()): ReleaseEmailSource<EditorAttachment> {
  const primary: EmailTemplateRelease = {
    title: values.title,
    subtitle: values.subtitle,
    content: values.content,
    releaseDate: values.releaseDate,
    location: values.location,
    boilerplate: values.boilerplate,
    contactName: values.contactName,
    contactEmail: values.contactEmail,
    contactPhone: values.contactPhone,
    language: values.language,
  };
  const until = values.embargoOn ? zonedInputToIso(values.embargoAt, values.embargoZone) : '';
  return {
    primary,
    translation: values.translation ? { ...primary, ...values.translation } : null,
    bilingualEmail: Boolean(values.translation) && values.bilingualEmail,
    files: values.attachments,
    embargo: until && Date.parse(until) > now.getTime() ? { until, timeZone: values.embargoZone } : null,
  };
}

export type PreviewEdition = {
  email: RenderedEdition<EditorAttachment>;
  /** The From of this e-mail as sent (in its language), or null while it is not known yet. */
  from: string | null;
};

/**
 * What the readers of `version` receive, as a test send shows it (no tracking): the same renderEdition
 * the sender calls, with the brand's names and logo and the From of the e-mail's language from
 * GET /api/press-releases/sender. A stored file links to its signed-in address, a new one nowhere yet.
 */
export function previewEdition(
  values: EditorValues,
  version: ReleaseVersion,
  sender: ReleaseSender | undefined,
  options: { releaseId?: string; origin?: string; now?: Date } = {},
): PreviewEdition {
  const fileUrl = (file: EditorAttachment) =>
    file.id && options.releaseId ? `${options.origin ?? ''}/api/press-releases/${options.releaseId}/attachments/${file.id}` : '#';
  const email = renderEdition(emailSourceOfValues(values, options.now), version, sender?.brand ?? null, (_v, files) => ({
    downloads: files.map((file) => ({ name: file.originalName, size: file.size, url: fileUrl(file) })),
  }));
  return { email, from: sender ? sender.fromByLanguage[email.lang === 'ar' ? 'arabic' : 'english'] : null };
}
