import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminDelivery, AdminWorkspaceDetail, GrantInput, Paged, RefundInput, RefundResult, SuspendInput, ReleaseChoice } from '../../../shared/admin';
import type { SellerSettings, SellerSettingsInput } from '../../../shared/invoices';
import { api, toQuery } from '../../lib/api';

/** The operator's desk (issue 29): one customer's page, what can be done to it, and the seller's settings. */

const WORKSPACES_PATH = '/api/admin/workspaces';
const AUDIT_PATH = '/api/admin/audit';
const SELLER_KEY = ['/api/admin/seller'] as const;
const DELIVERIES_PATH = '/api/admin/deliveries';

export const workspaceDetailKey = (id: string) => [WORKSPACES_PATH, 'detail', id] as const;
const workspacePath = (id: string) => `${WORKSPACES_PATH}/${encodeURIComponent(id)}`;

export function useWorkspaceDetail(id: string) {
  return useQuery({
    queryKey: workspaceDetailKey(id),
    queryFn: () => api.get<AdminWorkspaceDetail>(workspacePath(id)),
    // A customer that does not exist stays not found; asking again would not change that.
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });
}

/**
 * Every change on the desk changes the customer's page, the workspaces list (allowance, paid, suspended)
 * and the audit log, so all three are asked again.
 */
function useDeskMutation<TInput, TResult>(send: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [WORKSPACES_PATH] }),
        queryClient.invalidateQueries({ queryKey: [AUDIT_PATH] }),
      ]);
    },
  });
}

export const useGrantReleases = (workspaceId: string) =>
  useDeskMutation((input: GrantInput) => api.post<unknown>(`${workspacePath(workspaceId)}/grant`, input));

export const useSuspendWorkspace = (workspaceId: string) =>
  useDeskMutation((input: SuspendInput) => api.post<unknown>(`${workspacePath(workspaceId)}/suspend`, input));

export const useReactivateWorkspace = (workspaceId: string) =>
  useDeskMutation((_: void) => api.post<unknown>(`${workspacePath(workspaceId)}/reactivate`));

export const useRefundPurchase = () =>
  useDeskMutation(({ paymentId, ...refund }: { paymentId: string } & RefundInput) =>
    api.post<RefundResult>(`/api/admin/payments/${encodeURIComponent(paymentId)}/refund`, refund),
  );

export const useResendVerification = () =>
  useDeskMutation((userId: string) =>
    api.post<unknown>(`/api/admin/users/${encodeURIComponent(userId)}/resend-verification`),
  );

/** The reset mail a person would ask for themselves, with its limits (429 past them). */
export const useSendPasswordReset = () =>
  useDeskMutation((userId: string) =>
    api.post<{ sent: true; email: string }>(`/api/admin/users/${encodeURIComponent(userId)}/send-password-reset`),
  );

export function useSellerSettings() {
  return useQuery({ queryKey: SELLER_KEY, queryFn: () => api.get<SellerSettings>(SELLER_KEY[0]) });
}

export function useSaveSellerSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SellerSettingsInput) => api.put<SellerSettings>(SELLER_KEY[0], input),
    onSuccess: async (saved) => {
      queryClient.setQueryData(SELLER_KEY, saved);
      await queryClient.invalidateQueries({ queryKey: [AUDIT_PATH] });
    },
  });
}

/** What the delivery log was asked: part of a name or address, a release, or both. */
export type DeliverySearch = { q: string; releaseId: string };

const sameSearch = (asked: unknown, search: DeliverySearch) =>
  typeof asked === 'object' && asked !== null && (asked as DeliverySearch).q === search.q && (asked as DeliverySearch).releaseId === search.releaseId;

/** Releases that went out, by part of their title: the delivery log's picker. */
export function useReleaseChoices(q: string) {
  return useQuery({
    queryKey: [RELEASE_CHOICES_PATH, q],
    queryFn: () => api.get<Paged<ReleaseChoice>>(`${RELEASE_CHOICES_PATH}${toQuery({ q, pageSize: 10 })}`),
    placeholderData: keepPreviousData,
  });
}
const RELEASE_CHOICES_PATH = '/api/admin/releases';

/** Deliveries of an address and/or a release; nothing is asked before either is given (the server would answer 422). */
export function useDeliveryLog(search: DeliverySearch, page: number) {
  return useQuery({
    queryKey: [DELIVERIES_PATH, { ...search, page }],
    queryFn: () => api.get<Paged<AdminDelivery>>(`${DELIVERIES_PATH}${toQuery({ ...search, page })}`),
    enabled: search.q !== '' || search.releaseId !== '',
    // The last page stays while the next page of the same search loads; a new search starts empty.
    placeholderData: (previous, previousQuery) => (sameSearch(previousQuery?.queryKey[1], search) ? previous : undefined),
    // A refused search (422) stays refused; asking again would not change that.
    retry: (count, error) => (error as { status?: number }).status !== 422 && count < 2,
  });
}
