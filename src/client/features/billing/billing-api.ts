import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatePaymentResponse,
  DemoConfirmResponse,
  PaymentRecord,
  Plan,
  PlanId,
  ProcessSuccessResponse,
  SpendsPage,
  SubscriptionStatus,
} from '../../../shared/billing';
import { api, toQuery } from '../../lib/api';
import { CURRENT_USER_KEY } from '../../lib/session';

export const STATUS_KEY = ['/api/subscription/status'] as const;
export const PLANS_KEY = ['/api/subscription/plans'] as const;
export const HISTORY_KEY = ['/api/subscription/history'] as const;

/** SPEC §7: the status call is not retried. */
export function useSubscriptionStatus() {
  return useQuery({
    queryKey: STATUS_KEY,
    queryFn: () => api.get<SubscriptionStatus>('/api/subscription/status'),
    retry: false,
  });
}

export function usePlans() {
  return useQuery({ queryKey: PLANS_KEY, queryFn: () => api.get<Plan[]>('/api/subscription/plans') });
}

export function useBillingHistory() {
  return useQuery({
    queryKey: HISTORY_KEY,
    queryFn: () => api.get<PaymentRecord[]>('/api/subscription/history'),
  });
}

export const SPENDS_PATH = '/api/subscription/spends';

/** The releases that took a press release from the allowance, a page at a time, optionally of one brand. */
export function useSpends(query: { page: number; pageSize: number; brandId?: string }, enabled = true) {
  return useQuery({
    queryKey: [SPENDS_PATH, query],
    queryFn: () => api.get<SpendsPage>(`${SPENDS_PATH}${toQuery(query)}`),
    // The table keeps its rows while the next page loads instead of collapsing to a skeleton.
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Only the plan id is sent: the server decides the price. */
export function useCreatePayment() {
  return useMutation({
    mutationFn: (planId: PlanId) => api.post<CreatePaymentResponse>('/api/subscription/create', { planId }),
  });
}

export function useConfirmDemoPayment() {
  return useMutation({
    mutationFn: (body: { clientSecret: string; cardNumber: string; expiry: string; cvc: string }) =>
      api.post<DemoConfirmResponse>('/api/subscription/demo/confirm', body),
  });
}

/** Tells the server a payment went through; it checks with the provider and credits once. */
export function useProcessSuccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentIntentId: string) =>
      api.post<ProcessSuccessResponse>('/api/subscription/process-success', { paymentIntentId }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: STATUS_KEY }),
        queryClient.invalidateQueries({ queryKey: HISTORY_KEY }),
        queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
      ]);
    },
  });
}
