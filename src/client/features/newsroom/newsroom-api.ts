import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewsroomSettings } from '../../../shared/newsroom';
import { api, toQuery } from '../../lib/api';

const SETTINGS_PATH = '/api/newsroom/settings';

/** One answer per brand; without a brand, the workspace's first brand (the company's own newsroom). */
const settingsKey = (brandId?: string) => [SETTINGS_PATH, brandId ?? null];
const settingsPath = (brandId?: string) => `${SETTINGS_PATH}${toQuery({ brandId })}`;

export function useNewsroomSettings(brandId?: string) {
  return useQuery({
    queryKey: settingsKey(brandId),
    queryFn: () => api.get<NewsroomSettings>(settingsPath(brandId)),
  });
}

export function useSetNewsroomEnabled(brandId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The brand is named in the body (the settings schema) and the address alike.
    mutationFn: (enabled: boolean) =>
      api.patch<NewsroomSettings>(settingsPath(brandId), brandId ? { enabled, brandId } : { enabled }),
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsKey(brandId), settings);
      // The other views of the same newsroom (with or without the brand named), and the brands' own switch.
      void queryClient.invalidateQueries({ queryKey: [SETTINGS_PATH] });
      void queryClient.invalidateQueries({ queryKey: ['/api/brands'] });
    },
  });
}
