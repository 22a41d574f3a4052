import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function Logo({ to = '/dashboard' }: { to?: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="flex items-center gap-2 font-bold text-brand-800" aria-label={t('brand.home')}>
      <img src="/favicon.svg" alt="" className="h-8 w-8" />
      <span className="text-xl">{t('brand.name')}</span>
    </Link>
  );
}
