import { useTranslation } from 'react-i18next';
import type { ReleaseBrand } from '../../shared/brands';
import { brandName, useSeveralBrands } from '../lib/brands';
import { cn } from './cn';

/** A brand's logo as a small square beside its name, or its initial when it has none. */
export function BrandMark({
  brand,
  className,
}: {
  brand: Pick<ReleaseBrand, 'name' | 'logoUrl'>;
  className?: string;
}) {
  const box = cn(
    'inline-flex h-6 w-6 shrink-0 items-center justify-center overflow-hidden rounded border border-slate-200 bg-white',
    className,
  );
  if (brand.logoUrl) {
    return (
      <span className={box}>
        <img src={brand.logoUrl} alt="" className="max-h-full max-w-full object-contain" loading="lazy" />
      </span>
    );
  }
  return (
    <span className={cn(box, 'bg-brand-50 text-xs font-semibold text-brand-700')} aria-hidden>
      {brand.name.trim().charAt(0).toUpperCase()}
    </span>
  );
}

/** A release's brand in a list or on its page: its logo and name, where there is more than one brand. */
export function BrandTag({ brand }: { brand: ReleaseBrand | null | undefined }) {
  const { i18n } = useTranslation();
  const several = useSeveralBrands();
  if (!brand || !several) return null;
  return (
    <span
      className="inline-flex min-w-0 items-center gap-1.5 text-xs text-slate-600"
      data-testid="release-brand"
    >
      <BrandMark brand={brand} className="h-5 w-5" />
      <bdi className="truncate">{brandName(brand, i18n.language)}</bdi>
    </span>
  );
}
