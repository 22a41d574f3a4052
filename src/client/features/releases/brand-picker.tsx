import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { senderNameOf, type Brand } from '../../../shared/brands';
import type { ReleasesPage } from '../../../shared/releases';
import { api, toQuery } from '../../lib/api';
import { brandName, useBrands } from '../../lib/brands';
import { useCurrentUser } from '../../lib/session';
import { BrandMark } from '../../ui/brand-tag';
import { Field, Select } from '../../ui/field';

/**
 * The brand a release speaks for (issue 28): the one a new release starts with, and the editor's picker,
 * among the workspace's brands as the server lists them (a client seat gets only its own).
 */

/** The brands one may pick: the active ones, and the release's own even if archived since. */
export const pickableBrands = (brands: readonly Brand[] | undefined, keepId?: string | null): Brand[] =>
  (brands ?? []).filter((brand) => !brand.archivedAt || brand.id === keepId);

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
        <BrandMark brand={only} />
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
        {chosen && <BrandMark brand={chosen} className="h-10 w-10" />}
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

