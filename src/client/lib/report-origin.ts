import { useLocation } from 'react-router';

/**
 * The page a brand's report was opened from, so its back link returns there and says where: the brands
 * page, the press releases, the dashboard. Opened from elsewhere or by its address, it leads to the brands.
 */
const ORIGINS = [
  { page: 'brands', path: '/settings/brands' },
  { page: 'pressReleases', path: '/press-releases' },
  { page: 'dashboard', path: '/dashboard' },
] as const;
export type ReportOrigin = { page: (typeof ORIGINS)[number]['page']; to: string };

/** What a link to a report carries as its router state: the address it was followed from. */
export const reportLinkState = (location: { pathname: string; search: string }) => ({ from: `${location.pathname}${location.search}` });

export function originOf(state: unknown): ReportOrigin {
  const from = typeof state === 'object' && state !== null && 'from' in state && typeof state.from === 'string' ? state.from : '';
  const origin = ORIGINS.find((o) => from === o.path || from.startsWith(`${o.path}?`));
  return origin ? { page: origin.page, to: from } : { page: 'brands', to: '/settings/brands' };
}

export const useReportOrigin = (): ReportOrigin => originOf(useLocation().state);
