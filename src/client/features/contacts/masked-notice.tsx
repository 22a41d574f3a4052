import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Shown whenever the server sent masked addresses (the viewer has not bought a package). */
export function MaskedNotice() {
  const { t } = useTranslation('contacts');
  return (
    <div
      role="note"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-gold-400 bg-gold-400/15 px-4 py-3 text-sm text-slate-800"
    >
      <Lock className="h-4 w-4 shrink-0 text-gold-600" aria-hidden />
      <div className="flex-1">
        <p className="font-semibold">{t('masked.title')}</p>
        <p className="text-slate-600">{t('masked.description')}</p>
      </div>
      <Link
        to="/subscription"
        className="rounded-md bg-gold-500 px-3 py-1.5 font-medium text-brand-900 hover:bg-gold-400"
      >
        {t('masked.action')}
      </Link>
    </div>
  );
}
