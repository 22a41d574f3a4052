import { useQuery } from '@tanstack/react-query';
import type { SubscriptionStatus } from '../../shared/billing';
import { api } from './api';

/**
 * The current workspace's allowance (GET /api/subscription/status, SPEC §3), one read for the subscription
 * page and the editor's purchase gate; whatever spends or credits releases asks it again under this key.
 */
export const SUBSCRIPTION_STATUS_PATH = '/api/subscription/status';
export const SUBSCRIPTION_STATUS_KEY = [SUBSCRIPTION_STATUS_PATH] as const;

/** SPEC §7: the status call is not retried; a failure means "cannot send" (the server decides anyway). */
export function useSubscriptionStatus() {
  return useQuery({
    queryKey: SUBSCRIPTION_STATUS_KEY,
    queryFn: () => api.get<SubscriptionStatus>(SUBSCRIPTION_STATUS_PATH),
    retry: false,
  });
}
