import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FileText, Paperclip, Upload, X } from 'lucide-react';
import { ATTACHMENT_ACCEPT, MESSAGES, type ReleaseLanguage } from '../../../shared/releases';
import { isolate, translateMessage } from '../../lib/i18n';
import { useToast } from '../../ui/toast';
import { cn } from '../../ui/cn';
import { FieldError, Select } from '../../ui/field';
import { formatKb, totalAttachmentBytes, type EditorAttachment } from './editor-form';
import { checkPickedFiles, filesWithWrongContent, readAttachment } from './attachment-files';

/** Attachments with drag and drop and a file picker; the SPEC §5 limits are checked before reading. */
export function AttachmentsField({
  value,
  onChange,
  disabled,
  error,
  versions,
}: {
  value: EditorAttachment[];
  onChange: (next: EditorAttachment[]) => void;
  disabled?: boolean;
  error?: string;
  /** The release's languages when it has two: each file can then go with one version only. */
  versions?: ReleaseLanguage[];
}) {
  const { t } = useTranslation('releases');
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  async function addFiles(files: File[]) {
    if (!files.length) return;
    const outcome = checkPickedFiles(files, totalAttachmentBytes(value));
    if (outcome.kind === 'rejectedType') {
      return toast({ title: t('toasts.uploadFailed'), description: `${translateMessage(MESSAGES.attachmentType)} (${outcome.names.join(', ')})`, variant: 'destructive' });
    }
    if (outcome.kind === 'tooLarge') {
      return toast({ title: t('toasts.fileTooLarge'), description: t('toasts.fileTooLargeDescription', { names: outcome.names.join(', ') }), variant: 'destructive' });
    }
    if (outcome.kind === 'totalTooLarge') {
      return toast({
        title: t('toasts.filesTooLarge'),
        description: t('toasts.filesTooLargeDescription', { size: (outcome.totalBytes / 1024 / 1024).toFixed(1) }),
        variant: 'destructive',
      });
    }
    try {
      const wrongContent = await filesWithWrongContent(outcome.files);
      if (wrongContent.length) {
        return toast({ title: t('toasts.uploadFailed'), description: t('toasts.wrongContent', { names: wrongContent.map(isolate).join(', ') }), variant: 'destructive' });
      }
      const read = await Promise.all(outcome.files.map(readAttachment));
      onChange([...value, ...read]);
      toast({ title: t('toasts.filesAttached'), description: t('toasts.filesAttachedDescription', { count: read.length }) });
    } catch (e) {
      toast({ title: t('toasts.uploadFailed'), description: e instanceof Error ? e.message : undefined, variant: 'destructive' });
    }
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) void addFiles([...event.dataTransfer.files]);
  };

  return (
    <div>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="attachment-dropzone"
        className={cn(
          'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center',
          dragging ? 'border-brand-500 bg-brand-50' : error ? 'border-red-400' : 'border-slate-300',
        )}
      >
        <Upload className="h-8 w-8 text-slate-400" aria-hidden />
        <p className="text-sm text-slate-600">{t('attachments.drop')}</p>
        <label className={cn('cursor-pointer rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50', disabled && 'pointer-events-none opacity-50')}>
          {t('attachments.choose')}
          <input
            ref={input}
            type="file"
            multiple
            accept={ATTACHMENT_ACCEPT}
            disabled={disabled}
            className="sr-only"
            aria-label={t('attachments.choose')}
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = '';
              void addFiles(files);
            }}
          />
        </label>
        <p className="text-xs text-slate-500">{t('attachments.rules')}</p>
      </div>
      <FieldError id="attachments-error" message={error} />
      {value.length > 0 && (
        <ul className="mt-3 space-y-2" aria-label={t('attachments.attached')}>
          {value.map((a) => (
            <li key={a.key} className="flex items-center gap-3 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm">
              {a.mimetype.startsWith('image/') ? <Paperclip className="h-4 w-4 text-slate-400" aria-hidden /> : <FileText className="h-4 w-4 text-slate-400" aria-hidden />}
              <span className="min-w-0 flex-1 truncate" dir="auto">
                {a.originalName}
              </span>
              <span className="text-xs text-slate-500" dir="ltr">
                {formatKb(a.size)}
              </span>
              {versions && (
                <Select
                  aria-label={t('attachments.versionFor', { name: a.originalName })}
                  className="w-40"
                  value={a.language ?? ''}
                  disabled={disabled}
                  onChange={(e) =>
                    onChange(value.map((x) => (x.key === a.key ? { ...x, language: (e.target.value || null) as ReleaseLanguage | null } : x)))
                  }
                >
                  <option value="">{t('attachments.everyVersion')}</option>
                  {versions.map((language) => (
                    <option key={language} value={language}>
                      {t(`attachments.onlyVersion.${language}`)}
                    </option>
                  ))}
                </Select>
              )}
              <button
                type="button"
                disabled={disabled}
                onClick={() => onChange(value.filter((x) => x.key !== a.key))}
                aria-label={t('attachments.remove', { name: a.originalName })}
                className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-red-600"
              >
                <X className="h-4 w-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
