import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../shared/auth';
import { api } from '../../lib/api';
import { CURRENT_USER_KEY } from '../../lib/session';

export type ProfileBody = {
  email: string;
  companyName: string;
  firstName: string;
  lastName: string;
  /** Only when the email changes. */
  currentPassword?: string;
};

/** PUT /api/auth/profile answers the updated user, which becomes the current user at once (SPEC §4). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody) => api.put<CurrentUser>('/api/auth/profile', body),
    onSuccess: async (user) => {
      queryClient.setQueryData(CURRENT_USER_KEY, user);
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api.put<{ ok: true }>('/api/auth/password', body),
  });
}
