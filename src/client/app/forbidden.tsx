import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ShieldAlert } from 'lucide-react';

/** The 403 page: for the platform's own pages, or (`role`) a workspace page the member's role does not include. */
export function ForbiddenPage({ role = false }: { role?: boolean }) {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-3 px-4 text-center">
      <ShieldAlert className="h-12 w-12 text-amber-500" aria-hidden />
      <p className="text-5xl font-bold text-slate-800">403</p>
      <h1 className="text-xl font-semibold">{t('forbidden.title')}</h1>
      <p className="text-slate-600">{role ? t('forbidden.roleDescription') : t('forbidden.description')}</p>
      <Link to="/dashboard" className="font-medium text-brand-600 hover:underline">
        {t('forbidden.back')}
      </Link>
    </main>
  );
}
