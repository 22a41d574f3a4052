import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BulkDeleteResult,
  Contact,
  ContactFacets,
  ContactFields,
  ContactFilter,
  ContactInput,
  ContactPage,
  ImportSummary,
} from '../../../shared/contacts';
import { CONTACT_PAGE_SIZE, CONTACT_PAGE_SIZE_MAX, BULK_IDS_MAX } from '../../../shared/contacts';
import type { BulkAddInput, BulkAddResult, ListCreateInput, UserList } from '../../../shared/lists';
import { api, ApiError, toQuery } from '../../lib/api';
import { USER_LISTS_PATH, useInvalidateUserLists } from '../../lib/user-lists';

export const CONTACTS_PATH = '/api/global-contacts';
export const FACETS_PATH = '/api/global-contacts/facets';

function filterQuery(filter: ContactFilter, extra: Record<string, number> = {}): string {
  return toQuery({
    search: filter.search.trim(),
    country: filter.country,
    city: filter.city,
    contactTopic: filter.contactTopic,
    mediaType: filter.mediaType,
    language: filter.language,
    related: filter.related ? 1 : undefined,
    ...extra,
  });
}

export function useContactSearch(filter: ContactFilter, page: number) {
  return useQuery({
    queryKey: [CONTACTS_PATH, filter, page],
    queryFn: () =>
      api.get<ContactPage>(`${CONTACTS_PATH}${filterQuery(filter, { page, pageSize: CONTACT_PAGE_SIZE })}`),
    // The grid keeps the previous page on screen while the next one loads, instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });
}

export function useContactFacets(filter: ContactFilter) {
  return useQuery({
    queryKey: [FACETS_PATH, filter],
    queryFn: () => api.get<ContactFacets>(`${FACETS_PATH}${filterQuery(filter)}`),
    placeholderData: keepPreviousData,
  });
}

/** After any change to the media database (an edit, a deletion, an import) every cached search, facet count and list count may be stale. */
export function useInvalidateContacts() {
  const queryClient = useQueryClient();
  const invalidateLists = useInvalidateUserLists();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [CONTACTS_PATH] }),
      queryClient.invalidateQueries({ queryKey: [FACETS_PATH] }),
      invalidateLists(),
    ]);
}

export function useSaveContact() {
  const invalidate = useInvalidateContacts();
  return useMutation({
    mutationFn: ({ id, fields }: { id?: number; fields: ContactFields | ContactInput }) =>
      id === undefined
        ? api.post<Contact>(CONTACTS_PATH, fields)
        : api.put<Contact>(`${CONTACTS_PATH}/${id}`, fields),
    onSuccess: invalidate,
  });
}

export function useDeleteContact() {
  const invalidate = useInvalidateContacts();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`${CONTACTS_PATH}/${id}`),
    onSuccess: invalidate,
  });
}

export function useBulkDeleteContacts() {
  const invalidate = useInvalidateContacts();
  return useMutation({
    mutationFn: (ids: number[]) => api.post<BulkDeleteResult>(`${CONTACTS_PATH}/bulk-delete`, { ids }),
    onSuccess: invalidate,
  });
}

export function useAddToList() {
  const invalidateLists = useInvalidateUserLists();
  return useMutation({
    mutationFn: ({ listId, body }: { listId: string; body: BulkAddInput }) =>
      api.post<BulkAddResult>(`${USER_LISTS_PATH}/${listId}/contacts/bulk`, body),
    onSuccess: invalidateLists,
  });
}

export function useCreateList() {
  const invalidateLists = useInvalidateUserLists();
  return useMutation({
    mutationFn: (input: ListCreateInput) => api.post<UserList>(USER_LISTS_PATH, input),
    onSuccess: invalidateLists,
  });
}

/**
 * "Select all" selects by filter; deleting needs ids, so they are read a page at a time (at most
 * BULK_IDS_MAX, the bulk-delete limit).
 */
export async function idsMatching(filter: ContactFilter, total: number): Promise<number[]> {
  const pages = Math.ceil(Math.min(total, BULK_IDS_MAX) / CONTACT_PAGE_SIZE_MAX);
  const ids: number[] = [];
  for (let page = 1; page <= pages; page++) {
    const result = await api.get<ContactPage>(
      `${CONTACTS_PATH}${filterQuery(filter, { page, pageSize: CONTACT_PAGE_SIZE_MAX })}`,
    );
    ids.push(...result.items.map((c) => c.id));
    if (result.items.length < CONTACT_PAGE_SIZE_MAX) break;
  }
  return ids;
}

/**
 * The import is sent with XMLHttpRequest because fetch cannot report upload progress; errors take the
 * same shape as every other call (ApiError).
 */
export function uploadContactsCsv(
  file: File,
  onProgress: (percent: number) => void,
): Promise<{ summary: ImportSummary }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const form = new FormData();
    form.append('csvFile', file);
    xhr.open('POST', `${CONTACTS_PATH}/import`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new TypeError('Network error'));
    xhr.onload = () => {
      let body: any;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.summary) return resolve(body);
      reject(
        new ApiError(
          xhr.status,
          body?.code ?? `HTTP_${xhr.status}`,
          body?.message ?? (xhr.responseText || xhr.statusText || 'Import failed'),
          Array.isArray(body?.errors) ? body.errors : [],
          body,
        ),
      );
    };
    xhr.send(form);
  });
}
