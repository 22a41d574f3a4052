import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountLanguage } from '../../../shared/auth';
import { browserTimeZone } from '../../lib/browser-time-zone';
import { api } from '../../lib/api';
import { CURRENT_USER_KEY } from '../../lib/session';

/** The account calls of SPEC §7 made from /auth and /auth/reset (one hook per endpoint); signing in is lib/sign-in.ts. */

/** `language`: the site's language at registration, which the account's emails are written in. */
export type RegisterBody = { email: string; password: string; companyName: string; firstName: string; lastName: string; language: AccountLanguage };

/** A locked account asks for a one-time sign-in link by email. */
export function useRequestSignInLink() {
  return useMutation({
    mutationFn: (body: { email: string }) => api.post<{ email: string }>('/api/auth/sign-in-link', body),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterBody) => api.post<{ requiresVerification: boolean; email: string }>('/api/auth/register', { ...body, timeZone: browserTimeZone() }),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (body: { email: string }) => api.post<{ email: string }>('/api/auth/resend-verification', body),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: { email: string }) => api.post<{ email: string }>('/api/auth/forgot-password', body),
  });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => api.post<{ ok: true }>('/api/auth/reset-password', body),
    // A reset signs out every session, this browser's included: forget whoever was signed in here.
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(CURRENT_USER_KEY, null);
    },
  });
}
