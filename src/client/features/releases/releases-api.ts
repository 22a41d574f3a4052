import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, toQuery } from '../../lib/api';
import { CURRENT_USER_KEY } from '../../lib/session';
import { SUBSCRIPTION_STATUS_KEY } from '../../lib/subscription-status';
import { listInterval, OPEN_REFRESH_MS, WAITING_REFRESH_MS } from '../../lib/release-polling';
import type {
  Preflight,
  PreflightInput,
  PressRelease,
  ReleaseSender,
  ReleasesPage,
  ReleaseStatus,
  SendPressReleaseInput,
  SendPressReleaseResponse,
} from '../../../shared/releases';
import type { SubscriptionStatus } from '../../../shared/billing';
import type { UserList } from '../../../shared/lists';

export const RELEASES_PATH = '/api/press-releases';
const WAITING_STATUSES: readonly ReleaseStatus[] = [
  'awaiting_approval',
  'awaiting_client_approval',
  'in_review',
];
/** The recipient choices of the editor: the workspace's lists (lib/user-lists.ts). */
export type RecipientList = Pick<UserList, 'id' | 'name' | 'contactCount'>;

/** Whether the allowance lets the workspace send now (SPEC §3); unknown while asked, or when it failed. */
export const canSendFrom = (status: SubscriptionStatus | undefined): boolean => status?.canSend.canSend === true;

export type ReleaseFilters = {
  status?: ReleaseStatus;
  search?: string;
  brandId?: string;
  page: number;
  pageSize: number;
};

export function useReleases(filters: ReleaseFilters) {
  return useQuery({
    queryKey: [RELEASES_PATH, filters],
    queryFn: () => api.get<ReleasesPage>(`${RELEASES_PATH}${toQuery(filters)}`),
    placeholderData: keepPreviousData,
    // A release not final changes state without the owner: the list follows it. A list of those waiting
    // for a decision is asked even while empty, so a release submitted meanwhile appears without a reload.
    refetchInterval: (query) =>
      listInterval(
        query.state.data?.items,
        filters.status && WAITING_STATUSES.includes(filters.status) ? OPEN_REFRESH_MS : false,
        true,
      ),
  });
}

export function useRelease(id: string | undefined) {
  return useQuery({
    queryKey: [RELEASES_PATH, id],
    queryFn: () => api.get<PressRelease>(`${RELEASES_PATH}/${id}`),
    enabled: !!id,
    // Only while someone else decides (the editor shows a lock then, never a form being typed in).
    refetchInterval: (query) =>
      query.state.data && WAITING_STATUSES.includes(query.state.data.status) ? WAITING_REFRESH_MS : false,
  });
}

/** The From header a release goes out with (its brand's "{sender} via Nashr" at MAIL_FROM), shown in the Preview dialog. */
export function useReleaseSender(enabled: boolean, brandId?: string | null) {
  return useQuery({
    queryKey: [`${RELEASES_PATH}/sender`, brandId ?? null],
    queryFn: () => api.get<ReleaseSender>(`${RELEASES_PATH}/sender${toQuery({ brandId })}`),
    enabled,
    staleTime: Infinity,
  });
}

/**
 * The pre-send numbers of a stored release as it would go now (GET …/preflight): what its approver or its
 * brand's client reads before deciding. Under the release's key, so any change to releases asks again.
 */
export function useReleasePreflight(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [RELEASES_PATH, id, 'preflight'],
    queryFn: () => api.get<Preflight>(`${RELEASES_PATH}/${id}/preflight`),
    enabled,
  });
}

/** The pre-send numbers of what the editor holds now; refetched whenever that changes. */
export function usePreflight(payload: PreflightInput, enabled: boolean) {
  return useQuery({
    queryKey: [`${RELEASES_PATH}/preflight`, payload],
    queryFn: () => api.post<Preflight>(`${RELEASES_PATH}/preflight`, payload),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useTestSend() {
  return useMutation({
    mutationFn: (id: string) => api.post<{ sentTo: string }>(`${RELEASES_PATH}/${id}/test-send`),
  });
}

/** After any change to releases, every view of them (lists, dashboard, analytics) is stale. */
function useInvalidateReleases() {
  const queryClient = useQueryClient();
  return (withAllowance: boolean) => {
    void queryClient.invalidateQueries({ queryKey: [RELEASES_PATH] });
    void queryClient.invalidateQueries({ queryKey: ['/api/analytics'] });
    if (withAllowance) {
      void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_STATUS_KEY });
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    }
  };
}

export function useSendPressRelease() {
  const invalidate = useInvalidateReleases();
  return useMutation({
    mutationFn: (payload: SendPressReleaseInput) =>
      api.post<SendPressReleaseResponse>('/api/send-press-release', payload),
    onSuccess: (_data, payload) => invalidate(payload.action !== 'save_draft'),
  });
}

export function useCancelSchedule() {
  const invalidate = useInvalidateReleases();
  return useMutation({
    mutationFn: (id: string) => api.post<unknown>(`${RELEASES_PATH}/${id}/cancel`),
    onSuccess: () => invalidate(true),
  });
}

/** The owner takes a release back from review: it becomes a draft and its press release is returned. */
export function useWithdrawRelease() {
  const invalidate = useInvalidateReleases();
  return useMutation({
    mutationFn: (id: string) => api.post<SendPressReleaseResponse>(`${RELEASES_PATH}/${id}/withdraw`),
    onSuccess: () => invalidate(true),
  });
}

export function useDuplicateRelease() {
  const invalidate = useInvalidateReleases();
  return useMutation({
    mutationFn: async (id: string) => {
      const answer = await api.post<SendPressReleaseResponse | PressRelease>(
        `${RELEASES_PATH}/${id}/duplicate`,
      );
      return 'pressRelease' in answer ? answer.pressRelease : answer;
    },
    onSuccess: () => invalidate(false),
  });
}

export function useDeleteRelease() {
  const invalidate = useInvalidateReleases();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`${RELEASES_PATH}/${id}`),
    onSuccess: () => invalidate(false),
  });
}

/** An approver (the 'publish' action) lets a release waiting for approval go, as their own send would. */
export function useApproveRelease() {
  const invalidate = useInvalidateReleases();
  return useMutation({
    mutationFn: (id: string) => api.post<SendPressReleaseResponse>(`${RELEASES_PATH}/${id}/approve`),
    onSuccess: () => invalidate(true),
  });
}

/** An approver gives a waiting release back to its writer with a comment the writer reads in the editor. */
export function useReturnRelease() {
  const invalidate = useInvalidateReleases();
  return useMutation({
    mutationFn: ({ id, comment }: { id: string; comment: string }) =>
      api.post<SendPressReleaseResponse>(`${RELEASES_PATH}/${id}/return`, { comment }),
    onSuccess: () => invalidate(false),
  });
}

/** The brand's client lets a release waiting for them go on, as the publisher's send would (allowance spent then). */
export function useClientApproveRelease() {
  const invalidate = useInvalidateReleases();
  return useMutation({
    mutationFn: (id: string) => api.post<SendPressReleaseResponse>(`${RELEASES_PATH}/${id}/client-approve`),
    onSuccess: () => invalidate(true),
  });
}

/** The brand's client gives a waiting release back to the agency with a comment read in the editor. */
export function useClientReturnRelease() {
  const invalidate = useInvalidateReleases();
  return useMutation({
    mutationFn: ({ id, comment }: { id: string; comment: string }) =>
      api.post<SendPressReleaseResponse>(`${RELEASES_PATH}/${id}/client-return`, { comment }),
    onSuccess: () => invalidate(true),
  });
}
