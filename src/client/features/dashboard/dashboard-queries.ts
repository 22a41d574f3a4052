import { useQuery } from '@tanstack/react-query';
import { api, toQuery } from '../../lib/api';
import type { AnalyticsDashboard, ReleasesPage } from '../../../shared/releases';
import type { RecentActivity } from '../../../shared/campaigns';
import type { RecentCoverage } from '../../../shared/coverage';
import { listInterval, OPEN_REFRESH_MS } from '../../lib/release-polling';

export const RECENT_RELEASES_COUNT = 5;

/** SPEC §9: the dashboard numbers are refreshed every 10 minutes while the page is open; one brand's or all. */
export function useDashboardAnalytics(brandId?: string) {
  return useQuery({
    queryKey: brandId ? ['/api/analytics/dashboard', { brandId }] : ['/api/analytics/dashboard'],
    queryFn: () => api.get<AnalyticsDashboard>(`/api/analytics/dashboard${toQuery({ brandId })}`),
    refetchInterval: 10 * 60 * 1000,
  });
}

/** The newest releases, newest first (the server orders by creation). */
export function useRecentReleases(brandId?: string) {
  const query = { page: 1, pageSize: RECENT_RELEASES_COUNT, ...(brandId ? { brandId } : {}) };
  return useQuery({
    queryKey: ['/api/press-releases', query],
    queryFn: () => api.get<ReleasesPage>(`/api/press-releases${toQuery(query)}`),
    refetchInterval: (q) => listInterval(q.state.data?.items, false, true),
  });
}

/** Releases waiting for the workspace's approval (or a client's), for those who approve (asked only for them). */
export function useAwaitingApproval(
  enabled: boolean,
  status: 'awaiting_approval' | 'awaiting_client_approval' = 'awaiting_approval',
) {
  const query = { status, page: 1, pageSize: RECENT_RELEASES_COUNT };
  return useQuery({
    queryKey: ['/api/press-releases', query],
    queryFn: () => api.get<ReleasesPage>(`/api/press-releases${toQuery(query)}`),
    enabled,
    // Asked even while empty: a release submitted meanwhile appears without a reload.
    refetchInterval: (q) => listInterval(q.state.data?.items, OPEN_REFRESH_MS, true),
  });
}

/** Recent activity follows a send as it happens: every 5 s while a campaign is sending, every minute otherwise. */
export const ACTIVITY_LIVE_MS = 5000;
export function useRecentActivity() {
  return useQuery({
    queryKey: ['/api/campaigns/activity'],
    queryFn: () => api.get<RecentActivity>('/api/campaigns/activity'),
    refetchInterval: (query) => (query.state.data?.live ? ACTIVITY_LIVE_MS : 60_000),
  });
}

/** The articles found for the user's releases in the last 30 days (the dashboard's line on coverage); every five minutes. */
export function useRecentCoverage() {
  return useQuery({ queryKey: ['/api/coverage/recent'], queryFn: () => api.get<RecentCoverage>('/api/coverage/recent'), refetchInterval: 5 * 60_000 });
}
