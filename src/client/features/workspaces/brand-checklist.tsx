import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../ui/feedback';
import { QueryState } from '../../ui/query-state';
import { FieldError } from '../../ui/field';
import { useBrands } from '../../lib/brands';

/**
 * Choose some of the workspace's brands (a client seat's): one checkbox per brand. Archived brands are
 * offered only when already chosen, so they can be taken away.
 */
export function BrandChecklist({
  id,
  legend,
  value,
  onChange,
  error,
}: {
  id: string;
  legend: string;
  value: readonly string[];
  onChange: (brandIds: string[]) => void;
  error?: string;
}) {
  const { t } = useTranslation('brands');
  const brands = useBrands();
  const toggle = (brandId: string, on: boolean) =>
    onChange(on ? [...value, brandId] : value.filter((v) => v !== brandId));
  const offered = brands.data?.filter((brand) => !brand.archivedAt || value.includes(brand.id)) ?? [];
  return (
    <fieldset
      className="min-w-0"
      aria-describedby={error ? `${id}-error` : undefined}
      data-testid="brand-checklist"
    >
      <legend className="mb-1 block text-sm font-medium text-slate-700">{legend}</legend>
      <QueryState query={brands} loading={<Skeleton className="h-10 w-full" />}>
        {() => (
          <ul className="max-h-48 space-y-1 overflow-y-auto rounded-md border border-slate-300 bg-white p-2">
            {offered.map((brand) => (
              <li key={brand.id}>
                <label className="flex min-w-0 items-center gap-2 rounded px-1 py-1 text-sm hover:bg-slate-50">
                  <input
                    type="checkbox"
                    className="h-4 w-4 shrink-0 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
                    checked={value.includes(brand.id)}
                    onChange={(e) => toggle(brand.id, e.target.checked)}
                  />
                  <bdi className="min-w-0 truncate">{brand.name}</bdi>
                  {brand.archivedAt && <span className="text-xs text-slate-500">({t('list.archived')})</span>}
                </label>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/** The names of some brands, for a line such as a client's brands; unknown ids are left out. */
export function useBrandNames(brandIds: readonly string[] | null, enabled = true): string[] {
  const brands = useBrands(enabled && !!brandIds?.length);
  if (!brandIds) return [];
  const byId = new Map<string, string>(brands.data?.map((brand) => [brand.id, brand.name]));
  return brandIds.map((id) => byId.get(id)).filter((name): name is string => !!name);
}
