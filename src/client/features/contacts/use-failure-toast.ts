import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../lib/api';
import { translateMessage } from '../../lib/i18n';
import { useToast } from '../../ui/toast';

/** SPEC §9: the page reloads 2 s after a session turned out to have expired. */
export const SESSION_EXPIRED_RELOAD_MS = 2000;

/**
 * A failed change: a 401 means the session expired (SPEC §8: say so, then reload so the person signs
 * in again); anything else shows the title with the server's reason.
 */
export function useFailureToast() {
  const toast = useToast();
  const { t } = useTranslation();
  return useCallback(
    (error: unknown, title: string, fallback?: string) => {
      if (error instanceof ApiError && error.status === 401) {
        toast({
          title: t('errors.sessionExpired'),
          description: t('errors.sessionExpiredDescription'),
          variant: 'destructive',
        });
        setTimeout(() => window.location.reload(), SESSION_EXPIRED_RELOAD_MS);
        return;
      }
      const message =
        error instanceof ApiError || error instanceof TypeError
          ? errorMessage(error, fallback)
          : (fallback ?? errorMessage(error));
      toast({ title, description: translateMessage(message), variant: 'destructive' });
    },
    [toast, t],
  );
}
