import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * SPEC §9 freshness, in one place. Query keys start with the API path they read, e.g.
 * ['/api/user-lists'] or ['/api/global-contacts', filters].
 */
const freshness: Array<[prefix: string, staleTime: number]> = [
  ['/api/auth/session', 5 * MINUTE],
  ['/api/global-contacts', 2 * MINUTE],
  ['/api/user-lists', 5 * MINUTE],
  ['/api/analytics/dashboard', 5 * MINUTE],
  ['/api/press-releases', 2 * MINUTE],
  ['/api/contacts', 30 * MINUTE],
  ['/api/campaigns', 5 * MINUTE],
  ['/api/', 2 * MINUTE],
];

export function staleTimeFor(queryKey: readonly unknown[]): number {
  const path = typeof queryKey[0] === 'string' ? queryKey[0] : '';
  return freshness.find(([prefix]) => path.startsWith(prefix))?.[1] ?? 30 * SECOND;
}

/** Reads retry twice on network and server faults, never on a client error (a 401 or 404 will not change). */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * A workspace suspended while its member had it open: the first refused call reloads the session, which
 * now says so, and the page that explains it replaces the workspace's pages.
 */
function reloadSessionWhenSuspended(client: QueryClient, error: unknown): void {
  if (error instanceof ApiError && error.code === 'WORKSPACE_SUSPENDED') void client.invalidateQueries({ queryKey: ['/api/auth/session'] });
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => reloadSessionWhenSuspended(client, error) }),
    mutationCache: new MutationCache({ onError: (error) => reloadSessionWhenSuspended(client, error) }),
    defaultOptions: {
      queries: {
        staleTime: (query) => staleTimeFor(query.queryKey),
        retry: shouldRetryQuery,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30 * SECOND),
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
      },
      // Mutations are not retried automatically: a repeated send or purchase costs more than an error shown.
      mutations: { retry: false },
    },
  });
  return client;
}
