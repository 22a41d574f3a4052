import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PressRelease } from '../../../shared/releases';
import type { LinkCheck, ReviewDetail, ReviewQueue, ReviewStats } from '../../../shared/review';
import { api, toQuery } from '../../lib/api';

const REVIEW_PATH = '/api/review';
/** The queue refreshes itself: editors keep it open and releases arrive while they work. */
const QUEUE_REFRESH_MS = 15_000;

export function useReviewQueue(page: number) {
  return useQuery({
    queryKey: [`${REVIEW_PATH}/queue`, { page }],
    queryFn: () => api.get<ReviewQueue>(`${REVIEW_PATH}/queue${toQuery({ page, pageSize: 20 })}`),
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_REFRESH_MS,
  });
}

export function useReviewDetail(id: string) {
  return useQuery({ queryKey: [REVIEW_PATH, id], queryFn: () => api.get<ReviewDetail>(`${REVIEW_PATH}/${id}`) });
}

/** Whether each link answers: checked by the server when the page opens (it can take a few seconds). */
export function useLinkChecks(id: string) {
  return useQuery({
    queryKey: [REVIEW_PATH, id, 'links'],
    queryFn: () => api.get<{ links: LinkCheck[] }>(`${REVIEW_PATH}/${id}/links`),
    staleTime: 60_000,
  });
}

export function useReviewStats() {
  return useQuery({ queryKey: [`${REVIEW_PATH}/stats`], queryFn: () => api.get<ReviewStats>(`${REVIEW_PATH}/stats`) });
}

export type ReviewDecisionInput = { kind: 'approve' } | { kind: 'request-changes'; comment: string } | { kind: 'reject'; reason: string };

/** One decision; the queue, this release and the figures are fetched again whatever the answer (409 included). */
export function useDecide(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewDecisionInput) => {
      const body = input.kind === 'request-changes' ? { comment: input.comment } : input.kind === 'reject' ? { reason: input.reason } : undefined;
      return api.post<{ pressRelease: PressRelease }>(`${REVIEW_PATH}/${id}/${input.kind}`, body);
    },
    onSettled: () => queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(REVIEW_PATH) }),
  });
}
