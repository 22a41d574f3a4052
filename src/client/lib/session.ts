import { useQuery, useQueryClient, useMutation } from '@tanstack/react-query';
import type { AccountLanguage, CurrentUser } from '../../shared/auth';
import { api } from './api';

export const CURRENT_USER_KEY = ['/api/auth/session'] as const;

/**
 * The signed-in user, or null when signed out (SPEC §4). Asked of /api/auth/session, which answers a
 * signed-out visitor with 200 and no user, so public pages log no failed request (/api/auth/me's 401).
 */
export function useCurrentUser() {
  return useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: async (): Promise<CurrentUser | null> => (await api.get<{ user: CurrentUser | null }>('/api/auth/session')).user,
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

/**
 * Keeps the account's email language with the site's: called when a signed-in user switches language.
 * A failure leaves the emails in the language they were; the site itself has switched either way.
 */
export function useSaveAccountLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: AccountLanguage) => api.put<CurrentUser>('/api/auth/language', { language }),
    onSuccess: (user) => queryClient.setQueryData(CURRENT_USER_KEY, user),
  });
}
