import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Accreditation, AccreditationInput } from '../../../shared/accreditation';
import type { Paged } from '../../../shared/admin';
import type { ContactPreferences, DataRequest } from '../../../shared/preferences';
import { api, toQuery } from '../../lib/api';

/** The super admin's side of decision 024: the data-request queue and a journalist's own choices. */

const DATA_REQUESTS_PATH = '/api/admin/data-requests';
const AUDIT_PATH = '/api/admin/audit';
const contactPath = (id: number) => `/api/admin/contacts/${id}`;

export function useDataRequests(page: number) {
  return useQuery({
    queryKey: [DATA_REQUESTS_PATH, { page }],
    queryFn: () => api.get<Paged<DataRequest>>(`${DATA_REQUESTS_PATH}${toQuery({ page })}`),
    placeholderData: keepPreviousData,
  });
}

export function useResolveDataRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<DataRequest>(`${DATA_REQUESTS_PATH}/${encodeURIComponent(id)}/resolve`, {}),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [DATA_REQUESTS_PATH] }),
        queryClient.invalidateQueries({ queryKey: [AUDIT_PATH] }),
      ]);
    },
  });
}

export function useContactPreferences(contactId: number) {
  return useQuery({
    queryKey: [contactPath(contactId), 'preferences'],
    queryFn: () => api.get<ContactPreferences>(`${contactPath(contactId)}/preferences`),
  });
}

export function useSetAccreditation(contactId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AccreditationInput) => api.put<Accreditation>(`${contactPath(contactId)}/accreditation`, input),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [contactPath(contactId)] }),
        queryClient.invalidateQueries({ queryKey: [AUDIT_PATH] }),
      ]);
    },
  });
}
