import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountLanguage, SignedIn, SignInContext } from '../../../shared/auth';
import { browserTimeZone } from '../../lib/browser-time-zone';
import { forgetPickedLanguage, pickedLanguage } from '../../lib/language-pick';
import { api } from '../../lib/api';
import { CURRENT_USER_KEY } from '../../lib/session';
import i18n, { setLanguage } from '../../lib/i18n';

/** The account calls of SPEC §7 made from /auth and /auth/reset (one hook per endpoint). */

export type LoginBody = { email: string; password: string };
/** `language`: the site's language at registration, which the account's emails are written in. */
export type RegisterBody = { email: string; password: string; companyName: string; firstName: string; lastName: string; language: AccountLanguage };

export function useLogin() {
  return useSignIn((body: LoginBody) => api.post<SignedIn>('/api/auth/login', { ...body, ...signInContext() }));
}

/** The page of an emailed sign-in link posts its token: the same new session as a password sign-in. */
export function useSignInByLink() {
  return useSignIn((body: { token: string }) => api.post<SignedIn>('/api/auth/sign-in-link/use', { ...body, ...signInContext() }));
}

/** What a sign-in tells the server of this browser: its zone (for the account's e-mails), a language picked while signed out. */
const signInContext = (): SignInContext => ({ timeZone: browserTimeZone(), language: pickedLanguage() });

/** A locked account asks for a one-time sign-in link by email. */
export function useRequestSignInLink() {
  return useMutation({
    mutationFn: (body: { email: string }) => api.post<{ email: string }>('/api/auth/sign-in-link', body),
  });
}

function useSignIn<B>(signIn: (body: B) => Promise<SignedIn>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: async ({ user }) => {
      // Anything cached belongs to whoever used this browser before; the new session starts clean.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0] });
      queryClient.setQueryData(CURRENT_USER_KEY, user);
      // The account's language is the one its owner chose (a pick made before signing in became it): this
      // browser's guessed language yields to it, never the reverse.
      forgetPickedLanguage();
      if (user.language !== i18n.language) setLanguage(user.language);
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
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
