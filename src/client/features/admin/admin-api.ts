import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminStats,
  AdminUser,
  AuditEntry,
  OutboxMessage,
  OutboxPage,
  Paged,
  RoleChangeResult,
  Suppression,
  AdminWorkspace,
} from '../../../shared/admin';
import type { Role } from '../../../shared/auth';
import type { DeliverabilityReport } from '../../../shared/deliverability';
import type { SendingDomain } from '../../../shared/sending-domain';
import { api, toQuery } from '../../lib/api';
import { CURRENT_USER_KEY } from '../../lib/session';

export const STATS_KEY = ['/api/admin/stats'] as const;
const USERS_PATH = '/api/admin/users';
const OUTBOX_PATH = '/api/admin/outbox';
const SUPPRESSIONS_PATH = '/api/admin/suppressions';
const WORKSPACES_PATH = '/api/admin/workspaces';
const AUDIT_PATH = '/api/admin/audit';

export function useAdminStats() {
  return useQuery({ queryKey: STATS_KEY, queryFn: () => api.get<AdminStats>('/api/admin/stats') });
}

export function useAdminUsers(search: string, page: number) {
  return useQuery({
    queryKey: [USERS_PATH, { search, page }],
    queryFn: () => api.get<Paged<AdminUser>>(`${USERS_PATH}${toQuery({ search, page })}`),
    placeholderData: keepPreviousData,
  });
}

/** SPEC §4: after a role change the user list and the stats are refreshed (and the audit log shows it). */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) =>
      api.put<RoleChangeResult>(`${USERS_PATH}/${encodeURIComponent(userId)}/role`, { role }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [USERS_PATH] }),
        queryClient.invalidateQueries({ queryKey: STATS_KEY }),
        queryClient.invalidateQueries({ queryKey: [AUDIT_PATH] }),
        queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
      ]);
    },
  });
}

/** A trusted customer's releases skip editorial review; the change is in the audit log. */
export function useSetTrusted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, trusted }: { userId: string; trusted: boolean }) =>
      api.put<{ id: string; trusted: boolean }>(`${USERS_PATH}/${encodeURIComponent(userId)}/trusted`, { trusted }),
    onSettled: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: [USERS_PATH] }), queryClient.invalidateQueries({ queryKey: [AUDIT_PATH] })]);
    },
  });
}

export function useOutbox(search: string, page: number) {
  return useQuery({
    queryKey: [OUTBOX_PATH, { search, page }],
    queryFn: () => api.get<OutboxPage>(`${OUTBOX_PATH}${toQuery({ search, page })}`),
    placeholderData: keepPreviousData,
  });
}

export function useOutboxMessage(id: number | null) {
  return useQuery({
    queryKey: [OUTBOX_PATH, 'message', id],
    queryFn: () => api.get<OutboxMessage>(`${OUTBOX_PATH}/${id}`),
    enabled: id !== null,
  });
}

export function useAdminWorkspaces(search: string, page: number) {
  return useQuery({
    queryKey: [WORKSPACES_PATH, { search, page }],
    queryFn: () => api.get<Paged<AdminWorkspace>>(`${WORKSPACES_PATH}${toQuery({ search, page })}`),
    placeholderData: keepPreviousData,
  });
}

export function useSuppressions(search: string, page: number) {
  return useQuery({
    queryKey: [SUPPRESSIONS_PATH, { search, page }],
    queryFn: () => api.get<Paged<Suppression>>(`${SUPPRESSIONS_PATH}${toQuery({ search, page })}`),
    placeholderData: keepPreviousData,
  });
}

export function useLiftSuppression() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      api.delete<{ lifted: true; email: string }>(`${SUPPRESSIONS_PATH}/${encodeURIComponent(email)}`),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [SUPPRESSIONS_PATH] }),
        queryClient.invalidateQueries({ queryKey: [AUDIT_PATH] }),
      ]);
    },
  });
}

/** The audit log's filters as the server reads them (auditQuerySchema): empty ones are left out of the address. */
export type AuditFilters = { actor: string; workspace: string; kind: string; from: string; to: string };

export function useAudit(filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: [AUDIT_PATH, { ...filters, page }],
    queryFn: () => api.get<Paged<AuditEntry>>(`${AUDIT_PATH}${toQuery({ ...filters, page })}`),
    placeholderData: keepPreviousData,
  });
}

/** The CSV of what the filters find, with its headers in the reader's language. */
export const auditCsvUrl = (filters: AuditFilters, lang: string) => `${AUDIT_PATH}.csv${toQuery({ ...filters, lang })}`;

/** Every workspace for the audit log's filter (the console's largest page: the newest 100). */
export function useWorkspaceChoices() {
  return useQuery({
    queryKey: [WORKSPACES_PATH, { choices: true }],
    queryFn: () => api.get<Paged<AdminWorkspace>>(`${WORKSPACES_PATH}${toQuery({ pageSize: 100 })}`),
    select: (data) => data.items.map((w) => ({ id: w.id, name: w.name })),
  });
}

const DELIVERABILITY_PATH = '/api/admin/deliverability';
export function useDeliverability(page: number) {
  return useQuery({
    queryKey: [DELIVERABILITY_PATH, { page }],
    queryFn: () => api.get<DeliverabilityReport>(`${DELIVERABILITY_PATH}${toQuery({ page })}`),
    placeholderData: keepPreviousData,
  });
}

export function useSendingDomain() {
  return useQuery({ queryKey: ['/api/admin/sending-domain'], queryFn: () => api.get<SendingDomain>('/api/admin/sending-domain') });
}
