import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatePaymentResponse,
  DemoConfirmResponse,
  PaymentRecord,
  Plan,
  PlanId,
  ProcessSuccessResponse,
  SpendsPage,
} from '../../../shared/billing';
import type { BillingProfile, BillingProfileInput, InvoiceDocument, InvoiceSummary, Quote } from '../../../shared/invoices';
import { api, toQuery } from '../../lib/api';
import { CURRENT_USER_KEY } from '../../lib/session';
import { SUBSCRIPTION_STATUS_KEY } from '../../lib/subscription-status';

export const PLANS_KEY = ['/api/subscription/plans'] as const;
export const HISTORY_KEY = ['/api/subscription/history'] as const;
export const PROFILE_KEY = ['/api/billing/profile'] as const;
export const QUOTE_PATH = '/api/billing/quote';
export const INVOICES_KEY = ['/api/billing/invoices'] as const;

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

/** The workspace's billing details for its invoices; null until they are first entered. */
export function useBillingProfile(enabled = true) {
  return useQuery({
    queryKey: PROFILE_KEY,
    // An empty answer is no profile too, whatever way the server writes "none".
    queryFn: async () => (await api.get<BillingProfile | null>('/api/billing/profile')) || null,
    enabled,
  });
}

/** Saving the details changes the VAT a quote states (country, registration), so quotes are asked again. */
export function useSaveBillingProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: BillingProfileInput) => api.put<BillingProfile>('/api/billing/profile', profile),
    onSuccess: async (saved) => {
      queryClient.setQueryData(PROFILE_KEY, saved);
      await queryClient.invalidateQueries({ queryKey: [QUOTE_PATH] });
    },
  });
}

/** What the checkout will charge for a plan, VAT included; asked only once billing details exist. */
export function useQuote(planId: PlanId, enabled: boolean) {
  return useQuery({
    queryKey: [QUOTE_PATH, planId],
    queryFn: () => api.get<Quote>(`${QUOTE_PATH}${toQuery({ planId })}`),
    enabled,
  });
}

export function useInvoices() {
  return useQuery({ queryKey: INVOICES_KEY, queryFn: () => api.get<InvoiceSummary[]>('/api/billing/invoices') });
}

export function useInvoice(id: string) {
  return useQuery({
    queryKey: [...INVOICES_KEY, id],
    queryFn: () => api.get<InvoiceDocument>(`/api/billing/invoices/${encodeURIComponent(id)}`),
  });
}

export const invoicePdfPath = (id: string) => `/api/billing/invoices/${encodeURIComponent(id)}/pdf`;

/** Only the plan id (and the buyer's purchase order reference) is sent: the server decides the price. */
export function useCreatePayment() {
  return useMutation({
    mutationFn: (body: { planId: PlanId; poNumber?: string }) =>
      api.post<CreatePaymentResponse>('/api/subscription/create', body),
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
        queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_STATUS_KEY }),
        queryClient.invalidateQueries({ queryKey: HISTORY_KEY }),
        queryClient.invalidateQueries({ queryKey: INVOICES_KEY }),
        queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
      ]);
    },
  });
}
