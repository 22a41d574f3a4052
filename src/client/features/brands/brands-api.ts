import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Brand, BrandInput } from '../../../shared/brands';
import { api } from '../../lib/api';
import { BRANDS_KEY, BRANDS_PATH } from '../../lib/brands';

/** The changes of issue 28's brands API, one hook per endpoint (the list is read in lib/brands.ts). */

/** The newsroom settings answer names the brand's newsroom: a change to a brand makes it stale too. */
const NEWSROOM_KEY = ['/api/newsroom/settings'];

const brandPath = (id: string) => `${BRANDS_PATH}/${encodeURIComponent(id)}`;

/** After any change to a brand: the list and the newsroom settings are asked again. */
function useInvalidateBrands() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: BRANDS_KEY });
    void queryClient.invalidateQueries({ queryKey: NEWSROOM_KEY });
  };
}

export function useCreateBrand() {
  const invalidate = useInvalidateBrands();
  return useMutation({
    mutationFn: async (body: BrandInput) => (await api.post<{ brand: Brand }>(BRANDS_PATH, body)).brand,
    onSuccess: invalidate,
  });
}

export function useUpdateBrand() {
  const invalidate = useInvalidateBrands();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: Partial<BrandInput> }) =>
      (await api.patch<{ brand: Brand }>(brandPath(id), body)).brand,
    onSuccess: invalidate,
  });
}

/** PUT multipart, field `logo`; the server checks the image by its content (422 LOGO_INVALID). */
export function useUploadLogo() {
  const invalidate = useInvalidateBrands();
  return useMutation({
    mutationFn: async ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append('logo', file, file.name);
      return (await api.put<{ brand: Brand }>(`${brandPath(id)}/logo`, form)).brand;
    },
    onSuccess: invalidate,
  });
}

export function useRemoveLogo() {
  const invalidate = useInvalidateBrands();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`${brandPath(id)}/logo`),
    onSuccess: invalidate,
  });
}

/** Archive or bring back: an archived brand keeps its public pages but is offered for no new release. */
export function useSetArchived() {
  const invalidate = useInvalidateBrands();
  return useMutation({
    mutationFn: async ({ id, archived }: { id: string; archived: boolean }) =>
      (await api.post<{ brand: Brand }>(`${brandPath(id)}/${archived ? 'archive' : 'unarchive'}`)).brand,
    onSuccess: invalidate,
  });
}

/** Refused (409 BRAND_HAS_RELEASES) once the brand has sent releases: archive it instead. */
export function useDeleteBrand() {
  const invalidate = useInvalidateBrands();
  return useMutation({ mutationFn: (id: string) => api.delete<void>(brandPath(id)), onSuccess: invalidate });
}
