import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '../../../shared/admin';
import type { AddedCoverageItem, Coverage, FeedImportResult, FeedInput, OutletFeed, StarterFeedsResult } from '../../../shared/coverage';
import { COVERAGE_WINDOW_DAYS } from '../../../shared/coverage-window';
import { api, toQuery } from '../../lib/api';

const RELEASES_PATH = '/api/press-releases';
const FEEDS_PATH = '/api/admin/feeds';
const AUDIT_PATH = '/api/admin/audit';
/** Articles appear over days, not seconds: the section looks again every half minute while the window is open. */
const COVERAGE_REFRESH_MS = 30_000;
const WINDOW_MS = COVERAGE_WINDOW_DAYS * 24 * 3_600_000;

export function coverageInterval(sentAt: string | null | undefined, now = Date.now()): number | false {
  return sentAt && now - Date.parse(sentAt) < WINDOW_MS ? COVERAGE_REFRESH_MS : false;
}

const coverageKey = (releaseId: string) => [RELEASES_PATH, releaseId, 'coverage'] as const;

export function useCoverage(releaseId: string, sentAt: string | null) {
  return useQuery({
    queryKey: coverageKey(releaseId),
    queryFn: () => api.get<Coverage>(`${RELEASES_PATH}/${releaseId}/coverage`),
    refetchInterval: coverageInterval(sentAt),
  });
}

export function useAddCoverage(releaseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => api.post<AddedCoverageItem>(`${RELEASES_PATH}/${releaseId}/coverage`, { url }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: coverageKey(releaseId) }),
  });
}

export function useRemoveCoverage(releaseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: number) => api.delete<void>(`${RELEASES_PATH}/${releaseId}/coverage/${itemId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: coverageKey(releaseId) }),
  });
}

export function useFeeds(search: string, page: number) {
  return useQuery({
    queryKey: [FEEDS_PATH, { search, page }],
    queryFn: () => api.get<Paged<OutletFeed>>(`${FEEDS_PATH}${toQuery({ search, page })}`),
    placeholderData: keepPreviousData,
  });
}

function useFeedMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: [FEEDS_PATH] }), queryClient.invalidateQueries({ queryKey: [AUDIT_PATH] })]),
  });
}

export const useSaveFeed = () =>
  useFeedMutation(({ id, feed }: { id?: string; feed: FeedInput }) => (id ? api.put<OutletFeed>(`${FEEDS_PATH}/${id}`, feed) : api.post<OutletFeed>(FEEDS_PATH, feed)));

export const useDeleteFeed = () => useFeedMutation((id: string) => api.delete<void>(`${FEEDS_PATH}/${id}`));

export const useImportFeeds = () =>
  useFeedMutation((file: File) => {
    const form = new FormData();
    form.append('csvFile', file);
    return api.upload<FeedImportResult>(`${FEEDS_PATH}/import`, form);
  });

/** Adds the curated MENA outlet feeds that are not listed yet. */
export const useImportStarterFeeds = () => useFeedMutation(() => api.post<StarterFeedsResult>(`${FEEDS_PATH}/starter`));
