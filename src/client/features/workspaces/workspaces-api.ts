import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../shared/auth';
import type {
  CurrentWorkspace,
  InvitationInput,
  InvitationView,
  WorkspaceActivity,
  WorkspaceChoice,
  WorkspaceInvitation,
  WorkspaceMember,
  WorkspaceRole,
} from '../../../shared/workspaces';
import { api, toQuery } from '../../lib/api';
import { CURRENT_USER_KEY } from '../../lib/session';
import { browserTimeZone } from '../../lib/browser-time-zone';

/** The calls of issue 27's workspaces API (WS-API.md), one hook per endpoint. */

const WORKSPACES_PATH = '/api/workspaces';
const WORKSPACE_PATH = '/api/workspace';
const MEMBERS_PATH = `${WORKSPACE_PATH}/members`;
const INVITATIONS_PATH = `${WORKSPACE_PATH}/invitations`;
const ACTIVITY_PATH = `${WORKSPACE_PATH}/activity`;

export type ActivityPage = { items: WorkspaceActivity[]; total: number; page: number; pageSize: number };

export function useWorkspaceChoices(enabled = true) {
  return useQuery({ queryKey: [WORKSPACES_PATH], queryFn: () => api.get<WorkspaceChoice[]>(WORKSPACES_PATH), enabled });
}

/** Every cached answer belonged to the workspace the session acted in before: dropped and asked again. */
function useRefetchEverything() {
  const queryClient = useQueryClient();
  return async () => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0] });
    await queryClient.invalidateQueries();
  };
}

/** Switches the session's workspace; everything cached belonged to the previous one, so all of it is refetched. */
export function useSwitchWorkspace() {
  const refetchEverything = useRefetchEverything();
  return useMutation({
    mutationFn: (workspaceId: string) => api.put<{ workspace: CurrentWorkspace }>(`${WORKSPACES_PATH}/current`, { workspaceId }),
    onSuccess: refetchEverything,
  });
}

/** A new workspace of one's own: the session now acts there, so everything cached is refetched. */
export function useCreateWorkspace() {
  const refetchEverything = useRefetchEverything();
  return useMutation({
    mutationFn: (name: string) => api.post<{ workspace: CurrentWorkspace }>(WORKSPACES_PATH, { name }),
    onSuccess: refetchEverything,
  });
}

/** Deletes the current workspace (its name typed to confirm); the session lands in another, or none. */
export function useDeleteWorkspace() {
  const refetchEverything = useRefetchEverything();
  return useMutation({
    mutationFn: (name: string) => api.post<void>(`${WORKSPACE_PATH}/delete`, { name }),
    onSuccess: refetchEverything,
  });
}

/** After a change to the workspace, the session (its name, the member's actions) and the team views are stale. */
function useInvalidateTeam() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: [WORKSPACE_PATH] });
    void queryClient.invalidateQueries({ queryKey: [WORKSPACES_PATH] });
    void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
  };
}

export function useMembers() {
  return useQuery({ queryKey: [WORKSPACE_PATH, 'members'], queryFn: () => api.get<WorkspaceMember[]>(MEMBERS_PATH) });
}

export function useChangeRole() {
  const invalidate = useInvalidateTeam();
  return useMutation({
    /** `brandIds`: a client's brands (required for role "client"). */
    mutationFn: ({ userId, role, brandIds }: { userId: string; role: WorkspaceRole; brandIds?: string[] }) =>
      api.patch<WorkspaceMember>(`${MEMBERS_PATH}/${userId}`, brandIds ? { role, brandIds } : { role }),
    onSettled: invalidate,
  });
}

export function useRemoveMember() {
  const invalidate = useInvalidateTeam();
  return useMutation({ mutationFn: (userId: string) => api.delete<void>(`${MEMBERS_PATH}/${userId}`), onSuccess: invalidate });
}

/** Leaving ends this workspace's access: the session moves to another workspace, so every answer is refetched. */
export function useLeaveWorkspace() {
  const refetchEverything = useRefetchEverything();
  return useMutation({
    mutationFn: () => api.post<unknown>(`${WORKSPACE_PATH}/leave`),
    onSuccess: refetchEverything,
  });
}

export function useInvitations(enabled: boolean) {
  return useQuery({ queryKey: [WORKSPACE_PATH, 'invitations'], queryFn: () => api.get<WorkspaceInvitation[]>(INVITATIONS_PATH), enabled });
}

export function useInvite() {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: (body: InvitationInput) => api.post<WorkspaceInvitation>(INVITATIONS_PATH, body),
    onSuccess: invalidate,
  });
}

export function useResendInvitation() {
  const invalidate = useInvalidateTeam();
  return useMutation({ mutationFn: (id: string) => api.post<unknown>(`${INVITATIONS_PATH}/${id}/resend`), onSuccess: invalidate });
}

export function useRevokeInvitation() {
  const invalidate = useInvalidateTeam();
  return useMutation({ mutationFn: (id: string) => api.delete<void>(`${INVITATIONS_PATH}/${id}`), onSuccess: invalidate });
}

export function useUpdateWorkspace() {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: (body: { name?: string; requireSecondApproval?: boolean }) => api.patch<CurrentWorkspace>(WORKSPACE_PATH, body),
    onSuccess: invalidate,
  });
}

export function useActivity(page: number, pageSize: number, enabled: boolean) {
  return useQuery({
    queryKey: [WORKSPACE_PATH, 'activity', page, pageSize],
    queryFn: () => api.get<ActivityPage>(`${ACTIVITY_PATH}${toQuery({ page, pageSize })}`),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The public view of an invitation (no session needed). */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['/api/invitations', token],
    queryFn: () => api.get<InvitationView>(`/api/invitations/${encodeURIComponent(token)}`),
    enabled: !!token,
    retry: false,
  });
}

/** A signed-in person joins the workspace; the session now acts in it, so everything is refetched. */
export function useAcceptInvitation() {
  const refetchEverything = useRefetchEverything();
  return useMutation({
    mutationFn: (token: string) => api.post<WorkspaceChoice[]>(`/api/invitations/${encodeURIComponent(token)}/accept`),
    onSuccess: refetchEverything,
  });
}

export type InvitedRegisterBody = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  language: CurrentUser['language'];
  invitationToken: string;
};

/**
 * Registration from an invitation: the address is proven by the link, so the server signs the new member
 * in at once, in the invited workspace. Anything cached belonged to whoever used this browser before.
 */
export function useRegisterInvited() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitedRegisterBody) => api.post<{ user: CurrentUser }>('/api/auth/register', { ...body, timeZone: browserTimeZone() }),
    onSuccess: ({ user }) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0] });
      queryClient.setQueryData(CURRENT_USER_KEY, user);
    },
  });
}
