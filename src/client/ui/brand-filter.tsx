import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BarChart3 } from 'lucide-react';
import type { Brand } from '../../shared/brands';
import { brandName } from '../lib/brands';
import { reportLinkState } from '../lib/report-origin';
import { cn } from './cn';
import { Select } from './field';

/**
 * Lists narrowed to one brand: shown only when there are two brands or more to tell apart; with a brand
 * chosen, its report is a click away.
 */
export function BrandFilter({
  brands,
  value,
  onChange,
  className,
}: {
  brands: Brand[] | undefined;
  value: string;
  onChange: (brandId: string) => void;
  className?: string;
}) {
  const { t, i18n } = useTranslation('brands');
  if (!brands || brands.length < 2) return null;
  return (
    <div className={cn('flex items-center gap-2 sm:shrink-0', className)}>
      <Select
        className="sm:w-48"
        aria-label={t('picker.filter')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid="brand-filter"
      >
        <option value="">{t('picker.allBrands')}</option>
        {brands.map((brand) => (
          <option key={brand.id} value={brand.id}>
            {brandName(brand, i18n.language)}
          </option>
        ))}
      </Select>
      {value && <BrandReportLink brandId={value} />}
    </div>
  );
}

/** To a brand's report (releases, figures and coverage of a period; printable, as CSV). */
export function BrandReportLink({ brandId, label }: { brandId: string; label?: string }) {
  const { t } = useTranslation('brands');
  const location = useLocation();
  return (
    <Link
      to={`/brands/${brandId}/report`}
      state={reportLinkState(location)}
      className="inline-flex shrink-0 items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
    >
      <BarChart3 className="h-4 w-4" aria-hidden />
      {label ?? t('report.open')}
    </Link>
  );
}
