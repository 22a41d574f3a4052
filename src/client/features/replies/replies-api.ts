import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, toQuery } from '../../lib/api';
import type { RepliesPage } from '../../../shared/replies';

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
