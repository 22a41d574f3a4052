import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataRequestKind, JournalistPreferences, PreferencePage, PreferencesUpdate } from '../../../shared/preferences';
import { api } from '../../lib/api';

/** The journalist's preference page (decision 024): reached by the signed link of a release e-mail, no account. */

const pathOf = (token: string) => `/api/preferences/${encodeURIComponent(token)}`;
const keyOf = (token: string) => ['preferences', token];

export function usePreferencePage(token: string) {
  // A bad link is a 404 that stays one: asking again would not change the answer.
  return useQuery({ queryKey: keyOf(token), queryFn: () => api.get<PreferencePage>(pathOf(token)), retry: false });
}

export function useSavePreferences(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: PreferencesUpdate) => api.put<JournalistPreferences>(pathOf(token), update),
    onSuccess: (saved) => queryClient.setQueryData<PreferencePage>(keyOf(token), (page) => (page ? { ...page, ...saved } : page)),
  });
}

export function useDataRequest(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: DataRequestKind) => api.post<{ kind: DataRequestKind; createdAt: string; dueAt: string }>(`${pathOf(token)}/requests`, { kind }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyOf(token) }),
  });
}
