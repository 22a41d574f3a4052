import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { Brand, ReleaseBrand } from '../../shared/brands';
import { api } from './api';

/**
 * The workspace's brands as the server lists them (a client seat gets only its own; issue 28). Every page
 * that names the brand a release speaks for reads them here; the brands page changes them
 * (features/brands/brands-api.ts) and asks again under the same key.
 */
export const BRANDS_PATH = '/api/brands';
export const BRANDS_KEY = [BRANDS_PATH];

export function useBrands(enabled = true) {
  return useQuery({
    queryKey: BRANDS_KEY,
    queryFn: async () => (await api.get<{ brands: Brand[] }>(BRANDS_PATH)).brands,
    enabled,
  });
}

/** A brand's name in the reader's language: the Arabic name when the page is Arabic and it has one. */
export function brandName(brand: Pick<ReleaseBrand, 'name' | 'nameAr'>, language: string): string {
  return language === 'ar' && brand.nameAr.trim() ? brand.nameAr : brand.name;
}

/** Whether releases are told apart by brand: only where more than one brand is in sight (an agency). */
export function useSeveralBrands(): boolean {
  const brands = useBrands();
  return (brands.data?.length ?? 0) > 1;
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
