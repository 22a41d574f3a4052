import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListContactsPage, ListCreateInput, ListUpdateInput, UserList } from '../../../shared/lists';
import { LIST_PAGE_SIZE } from '../../../shared/lists';
import { api, toQuery } from '../../lib/api';

export const LISTS_PATH = '/api/user-lists';

export function useLists() {
  return useQuery({ queryKey: [LISTS_PATH], queryFn: () => api.get<UserList[]>(LISTS_PATH) });
}

export function useListContacts(listId: string | null, page: number) {
  return useQuery({
    queryKey: [LISTS_PATH, listId, 'contacts', page],
    queryFn: () =>
      api.get<ListContactsPage>(
        `${LISTS_PATH}/${listId}/contacts${toQuery({ page, pageSize: LIST_PAGE_SIZE })}`,
      ),
    enabled: listId !== null,
    placeholderData: keepPreviousData,
  });
}

/** Every list query (the grid's counts and each list's contacts) starts with LISTS_PATH. */
function useInvalidateLists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [LISTS_PATH] });
}

export function useSaveList() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ListCreateInput | ListUpdateInput }) =>
      id === undefined
        ? api.post<UserList>(LISTS_PATH, input)
        : api.patch<UserList>(`${LISTS_PATH}/${id}`, input),
    onSuccess: invalidate,
  });
}

export function useDeleteList() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`${LISTS_PATH}/${id}`),
    onSuccess: invalidate,
  });
}

export function useRemoveFromList() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: ({ listId, contactId }: { listId: string; contactId: number }) =>
      api.delete<void>(`${LISTS_PATH}/${listId}/contacts/${contactId}`),
    onSuccess: invalidate,
  });
}
