import { useTranslation } from 'react-i18next';
import { Check, CloudOff, Loader2 } from 'lucide-react';
import { formatTime, translateMessage } from '../../lib/i18n';
import type { SaveState } from './use-autosave';

/** "Saved · 12:04" / "Saving…" / "Not saved", announced politely to screen readers. */
export function SaveStatus({ state }: { state: SaveState }) {
  const { t } = useTranslation('releases');
  return (
    <p role="status" aria-live="polite" data-testid="save-status" className="flex items-center gap-1.5 text-sm text-slate-600">
      {state.kind === 'saved' && (
        <>
          <Check className="h-4 w-4 text-emerald-600" aria-hidden />
          {t('autosave.saved', { time: formatTime(state.at) })}
        </>
      )}
      {state.kind === 'saving' && (
        <>
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
          {t('autosave.saving')}
        </>
      )}
      {state.kind === 'unsaved' && (
        <>
          <CloudOff className="h-4 w-4 text-amber-600" aria-hidden />
          {!state.keptLocally
            ? t('autosave.unsaved')
            : state.reason
              ? t('autosave.keptLocallyBecause', { reason: translateMessage(state.reason) })
              : t('autosave.keptLocally')}
        </>
      )}
    </p>
  );
}
