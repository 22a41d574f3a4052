import type { CurrentUser, PlatformAction } from '../../shared/auth';
import type { CurrentWorkspace, WorkspaceAction } from '../../shared/workspaces';
import { useCurrentUser } from './session';

/**
 * The current workspace as the server describes it (the session's `workspace`): its name, the member's
 * role and the actions that role may take. The client never decides who may do what; it shows or hides
 * what the server's `actions` list allows, and the server refuses anything else anyway.
 */
export function workspaceOf(user: CurrentUser | null | undefined): CurrentWorkspace | null {
  return user?.workspace ?? null;
}

/**
 * Whether the signed-in member may take an action in the current workspace. A platform super admin
 * without a workspace of their own keeps the console's powers (the server grants them).
 */
export function mayIn(user: CurrentUser | null | undefined, action: WorkspaceAction): boolean {
  if (!user) return false;
  const workspace = workspaceOf(user);
  if (workspace) return workspace.actions.includes(action);
  return mayOnPlatform(user, 'console');
}

/** Whether the signed-in person may take a platform action (the console, the review queue, sending unmetered): the server's list. */
export function mayOnPlatform(user: CurrentUser | null | undefined, action: PlatformAction): boolean {
  return !!user?.platformActions?.includes(action);
}

/**
 * Where a person lands after signing in (issue 37): whoever runs the service on the operator console, a
 * customer on their dashboard.
 */
export const homePath = (user: CurrentUser | null | undefined): string => (mayOnPlatform(user, 'console') ? '/admin' : '/dashboard');

/** `can('publish')`, read from the session's workspace. */
export function useCan(): (action: WorkspaceAction) => boolean {
  const { data: user } = useCurrentUser();
  return (action) => mayIn(user, action);
}

/** Whether the member sees only some brands of the workspace (a client seat): the server names them. */
export function limitedToBrands(user: CurrentUser | null | undefined): boolean {
  return !!workspaceOf(user)?.brandIds;
}

/**
 * Whether the member's role in the current workspace lacks an action: what route guards and the
 * navigation hide. Someone in no workspace lacks nothing here (their pages offer to start one).
 */
export function roleLacks(user: CurrentUser | null | undefined, action: WorkspaceAction): boolean {
  const workspace = workspaceOf(user);
  return !!workspace && !workspace.actions.includes(action);
}
