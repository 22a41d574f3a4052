import { useId, useState } from 'react';
import { CheckCircle2, Download, FileWarning, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ImportSummary } from '../../../shared/contacts';
import { downloadFile } from '../../lib/api';
import { formatNumber, translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Label } from '../../ui/field';
import { TableHead } from '../../ui/table';
import { useToast } from '../../ui/toast';
import { CONTACTS_PATH, uploadContactsCsv, useInvalidateContacts } from './contacts-api';
import { countText } from './contacts-text';
import { useFailureToast } from './use-failure-toast';

type Phase =
  { step: 'choose' } | { step: 'uploading'; percent: number } | { step: 'done'; summary: ImportSummary };

/** Super admin: pick a .csv, watch it upload, then read what was added and every rejected row. */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('contacts');
  const toast = useToast();
  const failed = useFailureToast();
  const invalidateContacts = useInvalidateContacts();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: 'choose' });
  const busy = phase.step === 'uploading';

  const close = () => {
    if (busy) return;
    setFile(null);
    setPhase({ step: 'choose' });
    onClose();
  };

  const downloadTemplate = async () => {
    try {
      await downloadFile(`${CONTACTS_PATH}/template`, 'contacts-template.csv');
      toast({ title: t('toast.templateDownloaded') });
    } catch {
      toast({
        title: t('toast.downloadFailed'),
        description: t('toast.downloadFailedDescription'),
        variant: 'destructive',
      });
    }
  };

  const startImport = async () => {
    if (!file) return;
    setPhase({ step: 'uploading', percent: 0 });
    try {
      const { summary } = await uploadContactsCsv(file, (percent) =>
        setPhase({ step: 'uploading', percent }),
      );
      setPhase({ step: 'done', summary });
      const errorCount = summary.errorCount ?? summary.errors.length;
      toast({
        title: countText(t, 'toast.imported', summary.added),
        description:
          errorCount > 0 ? countText(t, 'toast.importErrors', errorCount) : t('toast.importAllGood'),
      });
      await invalidateContacts();
    } catch (error) {
      setPhase({ step: 'choose' });
      failed(error, t('toast.importFailed'));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && close()}
      title={t('import.title')}
      description={t('import.description')}
      size="lg"
      footer={
        phase.step === 'done' ? (
          <>
            <Button variant="secondary" onClick={() => (setFile(null), setPhase({ step: 'choose' }))}>
              {t('import.another')}
            </Button>
            <Button onClick={close}>{t('actions.done')}</Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={close} disabled={busy}>
              {t('actions.cancel')}
            </Button>
            <Button onClick={startImport} disabled={!file} loading={busy}>
              <Upload className="h-4 w-4" aria-hidden />
              {busy ? t('import.importing') : t('import.submit')}
            </Button>
          </>
        )
      }
    >
      {phase.step === 'done' ? (
        <ImportReport summary={phase.summary} />
      ) : (
        <div className="space-y-4">
          <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600">
            <p>{t('import.columns')}</p>
            <Button variant="link" size="sm" onClick={downloadTemplate} className="mt-1">
              <Download className="h-4 w-4" aria-hidden />
              {t('import.template')}
            </Button>
          </div>
          <div>
            <Label htmlFor={inputId}>{t('import.file')}</Label>
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              disabled={busy}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              className="block w-full text-sm text-slate-700 file:me-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800 hover:file:bg-brand-100"
            />
            {file && (
              <p className="mt-1 text-xs text-slate-500">
                <bdi>{file.name}</bdi> · {formatNumber(Math.max(1, Math.round(file.size / 1024)))} KB
              </p>
            )}
          </div>
          {phase.step === 'uploading' && (
            <div>
              <div
                role="progressbar"
                aria-label={t('import.progress')}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={phase.percent}
                className="h-2 overflow-hidden rounded-full bg-slate-200"
              >
                <div className="h-full bg-brand-600 transition-all" style={{ width: `${phase.percent}%` }} />
              </div>
              <p className="mt-1 text-xs text-slate-500">
                {phase.percent < 100
                  ? t('import.uploading', { percent: phase.percent })
                  : t('import.processing')}
              </p>
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}

function ImportReport({ summary }: { summary: ImportSummary }) {
  const { t } = useTranslation('contacts');
  const errorCount = summary.errorCount ?? summary.errors.length;
  return (
    <div className="space-y-4" data-testid="import-report">
      <div className="flex flex-wrap gap-3">
        <p className="flex items-center gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800">
          <CheckCircle2 className="h-4 w-4" aria-hidden />
          {countText(t, 'import.added', summary.added)}
        </p>
        <p className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-800">
          <FileWarning className="h-4 w-4" aria-hidden />
          {countText(t, 'import.rejected', errorCount)}
        </p>
      </div>
      {summary.errors.length > 0 && (
        <div className="max-h-72 overflow-auto rounded-lg border border-slate-200">
          <table className="w-full text-sm">
            <caption className="sr-only">{t('import.rejectedRows')}</caption>
            <TableHead boxed labels={[t('import.row'), t('fields.email'), t('import.reason')]} />
            <tbody>
              {summary.errors.map((e) => (
                <tr key={`${e.row}-${e.email}`} className="border-t border-slate-100">
                  <td className="px-3 py-2 tabular-nums">{formatNumber(e.row)}</td>
                  <td className="px-3 py-2" dir="ltr">
                    {e.email || '—'}
                  </td>
                  <td className="px-3 py-2">{translateMessage(e.message)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {errorCount > summary.errors.length && (
            <p className="border-t border-slate-100 px-3 py-2 text-xs text-slate-500">
              {t('import.moreErrors', {
                shown: formatNumber(summary.errors.length),
                total: formatNumber(errorCount),
              })}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
