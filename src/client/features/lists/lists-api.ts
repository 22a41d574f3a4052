import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { ListContactsPage, ListCreateInput, ListUpdateInput, UserList } from '../../../shared/lists';
import { LIST_PAGE_SIZE } from '../../../shared/lists';
import { api, toQuery } from '../../lib/api';
import { USER_LISTS_PATH, useInvalidateUserLists } from '../../lib/user-lists';

export function useListContacts(listId: string | null, page: number) {
  return useQuery({
    queryKey: [USER_LISTS_PATH, listId, 'contacts', page],
    queryFn: () =>
      api.get<ListContactsPage>(
        `${USER_LISTS_PATH}/${listId}/contacts${toQuery({ page, pageSize: LIST_PAGE_SIZE })}`,
      ),
    enabled: listId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useSaveList() {
  const invalidate = useInvalidateUserLists();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ListCreateInput | ListUpdateInput }) =>
      id === undefined
        ? api.post<UserList>(USER_LISTS_PATH, input)
        : api.patch<UserList>(`${USER_LISTS_PATH}/${id}`, input),
    onSuccess: invalidate,
  });
}

export function useDeleteList() {
  const invalidate = useInvalidateUserLists();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`${USER_LISTS_PATH}/${id}`),
    onSuccess: invalidate,
  });
}

export function useRemoveFromList() {
  const invalidate = useInvalidateUserLists();
  return useMutation({
    mutationFn: ({ listId, contactId }: { listId: string; contactId: number }) =>
      api.delete<void>(`${USER_LISTS_PATH}/${listId}/contacts/${contactId}`),
    onSuccess: invalidate,
  });
}
