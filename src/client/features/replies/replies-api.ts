import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, toQuery } from '../../lib/api';
import type { RepliesPage, ResearchPage, ResearchResolution } from '../../../shared/replies';

/** Replies arrive at any time: asked again every 10 s while the page is open and its tab visible. */
export const REPLIES_REFRESH_MS = 10_000;
export const REPLIES_PAGE_SIZE = 50;

export function useReleaseReplies(releaseId: string, page: number) {
  return useQuery({
    queryKey: [`/api/press-releases/${releaseId}/replies`, { page }],
    queryFn: () => api.get<RepliesPage>(`/api/press-releases/${releaseId}/replies${toQuery({ page, pageSize: REPLIES_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
    refetchInterval: REPLIES_REFRESH_MS,
  });
}

const RESEARCH_PATH = '/api/admin/research-queue';
export const RESEARCH_PAGE_SIZE = 20;

/** The operator's research queue (issue 38): open signals, or those already settled. */
export function useResearchQueue(state: 'open' | 'resolved', page: number) {
  return useQuery({
    queryKey: [RESEARCH_PATH, { state, page }],
    queryFn: () => api.get<ResearchPage>(`${RESEARCH_PATH}${toQuery({ state, page, pageSize: RESEARCH_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
}

export function useResolveResearchItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, resolution }: { id: number; resolution: ResearchResolution }) =>
      api.post<{ ok: true }>(`${RESEARCH_PATH}/${id}/resolve`, resolution),
    // Marking left suppresses the address; the audit log records every decision.
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/admin/') }),
  });
}
