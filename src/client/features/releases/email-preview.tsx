import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Paperclip } from 'lucide-react';
import type { ReleaseLanguage } from '../../../shared/releases';
import { cn } from '../../ui/cn';
import { Dialog } from '../../ui/dialog';
import { formatNumber, isolate } from '../../lib/i18n';
import { formatKb, toPreflightPayload, versionView, type EditorValues } from './editor-form';
import type { Version } from './version-fields';
import { usePreflight, useReleaseSender, type RecipientList } from './releases-api';
import { previewEdition, type PreviewEdition } from './preview-edition';

/**
 * The e-mail the readers of `version` receive, rendered by the sender's own function (preview-edition.ts):
 * embargo, brand logo, both versions when one e-mail carries them, and its From. Deferred, so typing stays quick.
 */
export function useExactEmail(
  values: EditorValues,
  version: Version,
  releaseId?: string,
): PreviewEdition & { fromText: string; replyTo: string } {
  const { t } = useTranslation('releases');
  const sender = useReleaseSender(true, values.brandId);
  const deferred = useDeferredValue(values);
  const preview = useMemo(
    () => previewEdition(deferred, version, sender.data, { releaseId, origin: window.location.origin }),
    [deferred, version, sender.data, releaseId],
  );
  const fromText = preview.from ?? (sender.isError ? t('preview.fromUnknown') : t('preview.fromLoading'));
  return { ...preview, fromText, replyTo: values.contactEmail };
}

/** An e-mail's HTML in a sandboxed frame (no scripts, no same-origin access). */
export function EmailFrame({ html, title, className }: { html: string; title: string; className?: string }) {
  return <iframe title={title} sandbox="" srcDoc={html} className={className} data-testid="email-preview-frame" />;
}

/** The editor's live preview of the version being written: the exact e-mail its readers get, From and subject above it. */
export function LiveEmailPreview({ values, version, releaseId }: { values: EditorValues; version: Version; releaseId?: string }) {
  const { t } = useTranslation('releases');
  const preview = useExactEmail(values, version, releaseId);
  return (
    <section
      aria-labelledby="live-preview-title"
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <h2
        id="live-preview-title"
        className="border-b border-slate-100 px-4 py-3 font-semibold text-slate-900"
      >
        {t('preview.live')}
      </h2>
      <div className="px-4 pt-3">
        <Envelope rows={envelopeRows(t, preview)} />
      </div>
      <EmailFrame
        html={preview.email.html}
        title={t('preview.live')}
        className="h-[640px] w-full rounded-b-xl bg-slate-100"
      />
    </section>
  );
}

/**
 * SPEC §2 'Email Preview - Exact Template': To, From, Subject, the rendered HTML and the attachments with
 * sizes. A release with two versions gets a switch between them; it opens on `initialVersion` (the one
 * being edited), and the parent remounts it at each opening.
 */
export function PreviewEmailDialog({
  open,
  onOpenChange,
  values: allValues,
  lists,
  releaseId,
  initialVersion = 'primary',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  values: EditorValues;
  lists: RecipientList[];
  releaseId: string | undefined;
  initialVersion?: Version;
}) {
  const { t } = useTranslation('releases');
  const { shown, setVersion, values } = useShownVersion(allValues, initialVersion);
  // The brand picked in the editor speaks: its "{sender} via Nashr" (or "عبر نشر" in an Arabic e-mail).
  const preview = useExactEmail(allValues, shown, releaseId);
  const files = preview.email.files;
  const chosen = lists.filter((l) => values.recipientLists.includes(l.id));
  // Who really receives it: the lists' unique addresses minus suppressed ones, as the server counts them.
  const preflight = usePreflight(
    toPreflightPayload(allValues, 'send_now', releaseId),
    open && chosen.length > 0,
  );
  const listNames = chosen
    .map((l) => t('preview.listWithCount', { name: isolate(l.name), count: l.contactCount }))
    .join(', ');
  const recipients = preflight.data
    ? t('preview.recipients', {
        count: preflight.data.recipients,
        n: formatNumber(preflight.data.recipients),
      })
    : '';
  const to = chosen.length ? [recipients, listNames].filter(Boolean).join(' — ') : t('preview.noRecipients');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('preview.dialogTitle')} size="xl">
      <VersionSwitch values={allValues} shown={shown} onSelect={setVersion} />
      <Envelope rows={[{ label: t('preview.to'), value: to }, ...envelopeRows(t, preview)]} />
      <EmailFrame
        html={preview.email.html}
        title={t('preview.dialogTitle')}
        className="h-[60vh] w-full rounded-md border border-slate-200 bg-slate-100"
      />
      <h3 className="mt-4 text-sm font-semibold text-slate-700">{t('preview.attachments')}</h3>
      {files.length === 0 ? (
        <p className="text-sm text-slate-500">{t('preview.noAttachments')}</p>
      ) : (
        <FileList
          files={files.map((a) => ({ name: a.originalName, size: a.size }))}
          label={t('preview.attachments')}
          className="mt-1 space-y-1 text-sm"
        />
      )}
    </Dialog>
  );
}

/** Which version the exact preview shows (for a release with two): each named in its own language, the shown one pressed. */
export function VersionSwitch({
  values,
  shown,
  onSelect,
}: {
  values: Pick<EditorValues, 'language' | 'translation'>;
  shown: Version;
  onSelect: (version: Version) => void;
}) {
  const { t } = useTranslation('releases');
  if (!values.translation) return null;
  const versions: Array<{ version: Version; language: ReleaseLanguage }> = [
    { version: 'primary', language: values.language },
    { version: 'translation', language: values.translation.language },
  ];
  return (
    <div
      role="group"
      aria-label={t('preview.versionSwitch')}
      className="mb-4 inline-flex rounded-lg border border-slate-200 p-0.5"
      data-testid="preview-version-switch"
    >
      {versions.map(({ version, language }) => (
        <button
          key={version}
          type="button"
          aria-pressed={shown === version}
          onClick={() => onSelect(version)}
          className={cn(
            'rounded-md px-3 py-1.5 text-sm font-medium',
            shown === version ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100',
          )}
        >
          <span lang={language === 'arabic' ? 'ar' : 'en'}>{t(`versions.tab.${language}`)}</span>
        </button>
      ))}
    </div>
  );
}

type EnvelopeRow = { label: string; value: ReactNode };

/** The version an exact preview shows (the primary unless the other is asked for and exists) and its values. */
export function useShownVersion(all: EditorValues, initial: Version = 'primary') {
  const [version, setVersion] = useState<Version>(initial);
  const shown: Version = version === 'translation' && all.translation ? 'translation' : 'primary';
  return { shown, setVersion, values: versionView(all, shown) };
}

/** From, Reply-To and Subject of the e-mail shown, as it is sent. */
export const envelopeRows = (
  t: (key: string) => string,
  preview: { fromText: string; email: { subject: string }; replyTo: string },
): EnvelopeRow[] => [
  { label: t('releases:preview.from'), value: preview.fromText },
  { label: t('releases:preview.replyTo'), value: preview.replyTo || '—' },
  { label: t('releases:preview.subject'), value: preview.email.subject || '—' },
];

/** The e-mail's header lines above the exact preview, each value in its own direction. */
export function Envelope({ rows }: { rows: EnvelopeRow[] }) {
  return (
    <dl className="mb-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm" data-testid="email-envelope">
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className="font-medium text-slate-500">{row.label}</dt>
          <dd className="break-words text-slate-900">
            <bdi>{row.value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The files of a release, each with its size: in the preview and in the pre-send check. */
export function FileList({
  files,
  label,
  className,
}: {
  files: Array<{ name: string; size: number }>;
  label: string;
  className?: string;
}) {
  return (
    <ul className={className} aria-label={label}>
      {files.map((file, i) => (
        <li key={i} className="flex items-center gap-2">
          <Paperclip className="h-4 w-4 text-slate-400" aria-hidden />
          <bdi>{file.name}</bdi>
          <span className="text-slate-500" dir="ltr">
            ({formatKb(file.size)})
          </span>
        </li>
      ))}
    </ul>
  );
}
