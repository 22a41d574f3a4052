import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { formatDate } from '../../lib/i18n';
import { Input, Label } from '../../ui/field';
import { OwnText } from '../../ui/own-text';
import { useReleaseChoices } from './desk-api';
import { useDebouncedValue } from '../../lib/use-debounced-value';

export type PickedRelease = { id: string; title: string };

/**
 * A release chosen by part of its title (issue 37), never by its id: the releases that went out, found on
 * the server as one types, newest first. A combobox with a listbox of choices (WAI-ARIA pattern).
 */
export function ReleasePicker({ value, onChange }: { value: PickedRelease | null; onChange: (release: PickedRelease | null) => void }) {
  const { t } = useTranslation('desk');
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const q = useDebouncedValue(text.trim());
  const choices = useReleaseChoices(q);
  const listId = `${id}-choices`;
  if (value) {
    return (
      <div>
        <Label htmlFor={`${id}-chosen`}>{t('deliveryLog.release')}</Label>
        <div id={`${id}-chosen`} className="flex h-10 items-center gap-2 rounded-md border border-slate-300 bg-slate-50 px-3 text-sm" data-testid="release-chosen">
          <OwnText className="min-w-0 flex-1 font-medium text-slate-900">{value.title || t('releases.untitled')}</OwnText>
          <button type="button" className="rounded p-1 text-slate-600 hover:bg-slate-200" onClick={() => onChange(null)} aria-label={t('deliveryLog.releaseClear', { title: value.title })}>
            <X className="h-4 w-4" aria-hidden />
          </button>
        </div>
      </div>
    );
  }
  const items = choices.data?.items ?? [];
  return (
    <div className="relative">
      <Label htmlFor={`${id}-input`}>{t('deliveryLog.release')}</Label>
      <Input
        id={`${id}-input`}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        autoComplete="off"
        value={text}
        placeholder={t('deliveryLog.releasePlaceholder')}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
      />
      {open && (
        <ul id={listId} role="listbox" aria-label={t('deliveryLog.release')} className="absolute inset-x-0 z-20 mt-1 max-h-72 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg">
          {choices.isPending ? (
            <li className="px-3 py-2 text-sm text-slate-600">{t('deliveryLog.releaseLoading')}</li>
          ) : items.length === 0 ? (
            <li className="px-3 py-2 text-sm text-slate-600">{t('deliveryLog.releaseNone')}</li>
          ) : (
            items.map((release) => (
              <li
                key={release.id}
                role="option"
                aria-selected={false}
                className="cursor-pointer px-3 py-2 text-sm hover:bg-slate-100"
                // Chosen before the field's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  onChange({ id: release.id, title: release.title });
                  setText('');
                  setOpen(false);
                }}
              >
                <OwnText className="block font-medium text-slate-900">{release.title || t('releases.untitled')}</OwnText>
                <span className="block text-xs text-slate-600">
                  {t('deliveryLog.releaseFrom', { workspace: release.workspaceName ?? '—', date: release.sentAt ? formatDate(release.sentAt) : '—' })}
                </span>
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
