import { useQuery, useQueryClient, useMutation } from '@tanstack/react-query';
import type { CurrentUser } from '../../shared/auth';
import { api, ApiError } from './api';

export const CURRENT_USER_KEY = ['/api/auth/me'] as const;

/** The signed-in user, or null when signed out (a 401 is not an error here, SPEC §4). */
export function useCurrentUser() {
  return useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: async (): Promise<CurrentUser | null> => {
      try {
        return await api.get<CurrentUser>('/api/auth/me');
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    retry: false,
    refetchOnMount: true,
  });
}

/** Signs out, clears every cached answer (SPEC §4) and resolves; the caller navigates to /auth. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/auth/logout'),
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(CURRENT_USER_KEY, null);
    },
  });
}
