import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BarChart3 } from 'lucide-react';
import { senderNameOf, type Brand, type ReleaseBrand } from '../../../shared/brands';
import type { ReleasesPage } from '../../../shared/releases';
import { api, toQuery } from '../../lib/api';
import { useBrands } from './brands-api';
import { useCurrentUser } from '../../lib/session';
import { cn } from '../../ui/cn';
import { Field, Select } from '../../ui/field';
import { reportLinkState } from './report-origin';

/**
 * The brand a release speaks for (issue 28): the workspace's brands as the server lists them (a client
 * seat gets only its own), the one a new release starts with, and the editor's picker.
 */

/** The brands one may pick: the active ones, and the release's own even if archived since. */
export const pickableBrands = (brands: readonly Brand[] | undefined, keepId?: string | null): Brand[] =>
  (brands ?? []).filter((brand) => !brand.archivedAt || brand.id === keepId);

/** A brand's name in the reader's language: the Arabic name when the page is Arabic and it has one. */
export function brandName(brand: Pick<ReleaseBrand, 'name' | 'nameAr'>, language: string): string {
  return language === 'ar' && brand.nameAr.trim() ? brand.nameAr : brand.name;
}

const storageKey = (workspaceId: string) => `nashr-brand:${workspaceId}`;

/** The brand last chosen in this workspace, remembered on this device. */
export function rememberBrand(workspaceId: string | undefined, brandId: string | null): void {
  if (!workspaceId || !brandId) return;
  try {
    localStorage.setItem(storageKey(workspaceId), brandId);
  } catch {
    // Private browsing may refuse storage: the most recent release still gives the default.
  }
}

function rememberedBrand(workspaceId: string | undefined): string | null {
  if (!workspaceId) return null;
  try {
    return localStorage.getItem(storageKey(workspaceId));
  } catch {
    return null;
  }
}

/**
 * The brand a new release starts with: the one last picked on this device, else the most recent
 * release's, else the workspace's first active brand. `pending` while the answers it needs are on their way;
 * a failed brand list gives no brand (the server then uses the workspace's first).
 */
export function useDefaultBrand(enabled: boolean): {
  pending: boolean;
  brand: Brand | null;
  brands: Brand[];
} {
  const { data: user } = useCurrentUser();
  const brands = useBrands(enabled);
  const workspaceId = user?.workspace?.id;
  const remembered = rememberedBrand(workspaceId);
  const active = pickableBrands(brands.data);
  const knownRemembered = active.find((brand) => brand.id === remembered);
  const latestQuery = { page: 1, pageSize: 1 };
  const latest = useQuery({
    queryKey: ['/api/press-releases', latestQuery],
    queryFn: () => api.get<ReleasesPage>(`/api/press-releases${toQuery(latestQuery)}`),
    enabled: enabled && !knownRemembered && active.length > 1,
  });
  if (!enabled) return { pending: false, brand: null, brands: [] };
  if (brands.isPending) return { pending: true, brand: null, brands: [] };
  if (knownRemembered) return { pending: false, brand: knownRemembered, brands: active };
  if (active.length > 1 && latest.isPending) return { pending: true, brand: null, brands: active };
  const latestBrandId = latest.data?.items[0]?.brandId;
  const brand = active.find((b) => b.id === latestBrandId) ?? active[0] ?? null;
  return { pending: false, brand, brands: active };
}

/** The brand's logo as a small square, or its initial when it has none. */
export function BrandLogo({
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

/** Whether releases are told apart by brand: only where more than one brand is in sight (an agency). */
export function useSeveralBrands(): boolean {
  const brands = useBrands();
  return (brands.data?.length ?? 0) > 1;
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
      <BrandLogo brand={brand} className="h-5 w-5" />
      <bdi className="truncate">{brandName(brand, i18n.language)}</bdi>
    </span>
  );
}

/**
 * The editor's brand: a choice when the workspace has more than one active brand, otherwise a quiet
 * line naming the one it goes out for.
 */
export function BrandPicker({
  brands,
  value,
  onChange,
  disabled,
}: {
  brands: Brand[];
  value: string | null;
  onChange: (brand: Brand) => void;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation('brands');
  const chosen = brands.find((brand) => brand.id === value) ?? null;
  if (brands.length === 0) return null;
  if (brands.length === 1) {
    const only = brands[0];
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600" data-testid="brand-single">
        <BrandLogo brand={only} />
        <span>{t('picker.single', { name: brandName(only, i18n.language) })}</span>
      </p>
    );
  }
  return (
    <Field
      id="brand"
      label={t('picker.label')}
      hint={chosen ? t('picker.hint', { sender: senderNameOf(chosen) }) : undefined}
    >
      <div className="flex items-center gap-2">
        {chosen && <BrandLogo brand={chosen} className="h-10 w-10" />}
        <Select
          id="brand"
          value={value ?? ''}
          disabled={disabled}
          data-testid="brand-picker"
          onChange={(event) => {
            const next = brands.find((brand) => brand.id === event.target.value);
            if (next) onChange(next);
          }}
        >
          {!chosen && <option value="">{t('picker.choose')}</option>}
          {brands.map((brand) => (
            <option key={brand.id} value={brand.id}>
              {brand.archivedAt
                ? t('picker.archived', { name: brandName(brand, i18n.language) })
                : brandName(brand, i18n.language)}
            </option>
          ))}
        </Select>
      </div>
    </Field>
  );
}

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

/** The brand a list is narrowed to, kept in the address (?brand=) so it survives a reload and can be shared. */
export function useBrandParam(): [string, (brandId: string) => void] {
  const [params, setParams] = useSearchParams();
  const set = (brandId: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (brandId) next.set('brand', brandId);
        else next.delete('brand');
        return next;
      },
      { replace: true },
    );
  return [params.get('brand') ?? '', set];
}
