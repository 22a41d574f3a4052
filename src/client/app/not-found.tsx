import { Link, useLocation } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../lib/document-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  const location = useLocation();
  useDocumentTitle(t('notFound.title'));
  return (
    <main className="flex min-h-[70vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-6xl font-bold text-brand-700">404</p>
      <h1 className="text-2xl font-bold">{t('notFound.title')}</h1>
      <p className="text-slate-600">{t('notFound.description')}</p>
      <code className="rounded bg-slate-100 px-3 py-1 text-sm text-slate-600">
        {/* The path is isolated so that it reads left to right inside an Arabic sentence. */}
        <Trans t={t} i18nKey="notFound.hint" values={{ path: location.pathname }} components={{ path: <bdi dir="ltr" /> }} />
      </code>
      <Link to="/" className="font-medium text-brand-600 hover:underline">
        {t('notFound.home')}
      </Link>
    </main>
  );
}

