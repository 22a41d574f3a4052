import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignedIn, SignInContext } from '../../shared/auth';
import { api } from './api';
import { browserTimeZone } from './browser-time-zone';
import i18n, { setLanguage } from './i18n';
import { forgetPickedLanguage, pickedLanguage } from './language-pick';
import { CURRENT_USER_KEY } from './session';

/**
 * Signing in (SPEC §7), by password or by an e-mailed link: the account screens' (features/auth) and the
 * invitation page's (features/workspaces), one new session that starts clean.
 */

export type LoginBody = { email: string; password: string };

export function useLogin() {
  return useSignIn((body: LoginBody) => api.post<SignedIn>('/api/auth/login', { ...body, ...signInContext() }));
}

/** The page of an emailed sign-in link posts its token: the same new session as a password sign-in. */
export function useSignInByLink() {
  return useSignIn((body: { token: string }) => api.post<SignedIn>('/api/auth/sign-in-link/use', { ...body, ...signInContext() }));
}

/** What a sign-in tells the server of this browser: its zone (for the account's e-mails), a language picked while signed out. */
const signInContext = (): SignInContext => ({ timeZone: browserTimeZone(), language: pickedLanguage() });

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
