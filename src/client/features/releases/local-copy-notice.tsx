import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PressRelease } from '../../../shared/releases';
import { formatDate } from '../../lib/i18n';
import { Button } from '../../ui/button';
import type { EditorValues } from './editor-form';
import { dropLocalCopies, fingerprint, readLocalCopy } from './use-autosave';

/** Work kept on this device that the server does not have (a closed tab, a lost connection) is offered back. */
export function LocalCopyNotice({
  userId,
  release,
  initialValues,
  onRestore,
}: {
  userId: string | undefined;
  release?: PressRelease;
  initialValues: EditorValues;
  onRestore: (values: EditorValues) => void;
}) {
  const { t } = useTranslation('releases');
  const [copy, setCopy] = useState(() => {
    const found = userId ? readLocalCopy(userId, release?.id) : undefined;
    if (!found || fingerprint(found.values) === fingerprint(initialValues)) return undefined;
    return !release || found.savedAt > release.updatedAt ? found : undefined;
  });
  if (!copy || !userId) return null;
  const close = () => {
    dropLocalCopies(userId, [release?.id]);
    setCopy(undefined);
  };
  return (
    <div role="region" aria-label={t('localCopy.title')} className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 sm:flex-row sm:items-center">
      <p className="flex-1 text-sm text-amber-900">{t('localCopy.text', { when: formatDate(copy.savedAt, true) })}</p>
      <div className="flex gap-2">
        <Button size="sm" onClick={() => { onRestore(copy.values); setCopy(undefined); }}>
          {t('localCopy.restore')}
        </Button>
        <Button size="sm" variant="secondary" onClick={close}>
          {t('localCopy.discard')}
        </Button>
      </div>
    </div>
  );
}
