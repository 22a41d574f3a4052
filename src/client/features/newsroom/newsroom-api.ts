import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewsroomSettings } from '../../../shared/newsroom';
import { api } from '../../lib/api';

const SETTINGS_KEY = ['/api/newsroom/settings'];

export function useNewsroomSettings() {
  return useQuery({ queryKey: SETTINGS_KEY, queryFn: () => api.get<NewsroomSettings>('/api/newsroom/settings') });
}

export function useSetNewsroomEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => api.patch<NewsroomSettings>('/api/newsroom/settings', { enabled }),
    onSuccess: (settings) => queryClient.setQueryData(SETTINGS_KEY, settings),
  });
}
