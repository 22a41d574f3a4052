import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, toQuery } from '../../lib/api';
import type { AnalyticsDashboard, PressRelease, RecipientsPage, ReleaseAnalytics, ReleaseStatus } from '../../../shared/releases';

const RELEASES_PATH = '/api/press-releases';
/** While a release is sending its numbers move; they are polled only then (PRODUCT.md §3 live progress). */
export const LIVE_REFRESH_MS = 3000;
const liveWhile = (status: ReleaseStatus | undefined) => (status === 'sending' ? LIVE_REFRESH_MS : false);

/** SPEC §9: analytics dashboard fresh for 5 minutes, refreshed every 10. */
export function useAnalyticsDashboard() {
  return useQuery({
    queryKey: ['/api/analytics/dashboard'],
    queryFn: () => api.get<AnalyticsDashboard>('/api/analytics/dashboard'),
    refetchInterval: 10 * 60 * 1000,
  });
}

export function useReleaseForAnalytics(id: string) {
  return useQuery({
    queryKey: [RELEASES_PATH, id],
    queryFn: () => api.get<PressRelease>(`${RELEASES_PATH}/${id}`),
    refetchInterval: (query) => liveWhile(query.state.data?.status),
  });
}

export function useReleaseAnalytics(id: string, status: ReleaseStatus | undefined) {
  return useQuery({
    queryKey: [RELEASES_PATH, id, 'analytics'],
    queryFn: () => api.get<ReleaseAnalytics>(`${RELEASES_PATH}/${id}/analytics`),
    refetchInterval: (query) => liveWhile(query.state.data?.status ?? status),
  });
}

export function useReleaseRecipients(id: string, filters: { page: number; status?: string }, status: ReleaseStatus | undefined) {
  return useQuery({
    queryKey: [RELEASES_PATH, id, 'recipients', filters],
    queryFn: () => api.get<RecipientsPage>(`${RELEASES_PATH}/${id}/recipients${toQuery({ ...filters, pageSize: 25 })}`),
    placeholderData: keepPreviousData,
    refetchInterval: liveWhile(status),
  });
}

export const reportPath = (id: string) => `${RELEASES_PATH}/${id}/report.csv`;
