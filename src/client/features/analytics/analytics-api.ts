import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, toQuery } from '../../lib/api';
import { type AnalyticsDashboard, type PressRelease, type RecipientSort, type RecipientsPage, type ReleaseAnalytics } from '../../../shared/releases';
import { readerReportQuery } from '../../lib/browser-time-zone';
import { listInterval, liveInterval, stateInterval, type LiveState } from '../../lib/release-polling';

const RELEASES_PATH = '/api/press-releases';
/** The overview (all brands, or one) follows recent sends like the release page does: while a release is live, every few seconds. */
export function useAnalyticsDashboard(brandId?: string) {
  return useQuery({
    // The dashboard's key for the same figures (dashboard-queries.ts), so that the two pages share them.
    queryKey: brandId ? ['/api/analytics/dashboard', { brandId }] : ['/api/analytics/dashboard'],
    queryFn: () => api.get<AnalyticsDashboard>(`/api/analytics/dashboard${toQuery({ brandId })}`),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => listInterval(query.state.data?.releases, 10 * 60 * 1000),
  });
}

export function useReleaseForAnalytics(id: string) {
  return useQuery({
    queryKey: [RELEASES_PATH, id],
    queryFn: () => api.get<PressRelease>(`${RELEASES_PATH}/${id}`),
    refetchInterval: (query) => stateInterval(query.state.data),
  });
}

export function useReleaseAnalytics(id: string, release: LiveState) {
  return useQuery({
    queryKey: [RELEASES_PATH, id, 'analytics'],
    queryFn: () => api.get<ReleaseAnalytics>(`${RELEASES_PATH}/${id}/analytics`),
    // The analytics answer carries the status too: whichever arrived last decides.
    refetchInterval: (query) => liveInterval({ status: query.state.data?.status ?? release?.status, sentAt: release?.sentAt }),
  });
}

export function useReleaseRecipients(id: string, filters: { page: number; status?: string; sort: RecipientSort }, release: LiveState) {
  return useQuery({
    queryKey: [RELEASES_PATH, id, 'recipients', filters],
    queryFn: () => api.get<RecipientsPage>(`${RELEASES_PATH}/${id}/recipients${toQuery({ ...filters, pageSize: 25 })}`),
    placeholderData: keepPreviousData,
    refetchInterval: liveInterval(release),
  });
}

/** The CSV states its times in the reader's own zone. */
export const reportPath = (id: string, lang: string) => `${RELEASES_PATH}/${id}/report.csv${toQuery(readerReportQuery(lang))}`;
