import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserList } from '../../shared/lists';
import { api } from './api';

/**
 * The workspace's lists with their contact counts (GET /api/user-lists), one read for every page that offers
 * them: My lists, the media database's Add to list, the editor's recipients. Every list query (the counts,
 * each list's contacts) starts with this path, so one invalidation refreshes them all.
 */
export const USER_LISTS_PATH = '/api/user-lists';

export function useUserLists(enabled = true) {
  return useQuery({ queryKey: [USER_LISTS_PATH], queryFn: () => api.get<UserList[]>(USER_LISTS_PATH), enabled });
}

/** After a change to a list or to the contacts in one. */
export function useInvalidateUserLists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [USER_LISTS_PATH] });
}
