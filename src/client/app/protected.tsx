import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { WorkspaceAction } from '../../shared/workspaces';
import { useCurrentUser } from '../lib/session';
import { mayOnPlatform, roleLacks } from '../lib/workspace';
import { useToast } from '../ui/toast';
import { Spinner } from '../ui/feedback';
import { ForbiddenPage } from './forbidden';
import { SuspendedPage } from './suspended';

/**
 * SPEC §2 protected wrapper: a spinner while the session loads; signed-out visitors get the
 * 'Authentication Required' toast and go to /auth. `superAdmin` pages show a 403 page to everyone else,
 * `editor` pages to everyone but admins and super admins. A page of the workspace's own things (`action`,
 * e.g. 'browse' for the media database) shows the 403 page to a member whose role lacks it: a client seat
 * reaching the lists by address sees that, not a page of failed requests. A member of a suspended workspace
 * sees the page that says so instead of any of its pages.
 */
export function Protected({
  children,
  superAdmin = false,
  editor = false,
  action,
}: {
  children: ReactNode;
  superAdmin?: boolean;
  editor?: boolean;
  action?: WorkspaceAction;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const { data: user, isPending } = useCurrentUser();
  const signedOut = !isPending && !user;

  useEffect(() => {
    if (signedOut) {
      toast({ title: t('auth.required'), description: t('auth.requiredDescription'), variant: 'destructive' });
    }
  }, [signedOut, toast, t]);

  if (isPending) return <Spinner label={t('loading')} className="min-h-[50vh]" />;
  if (!user) return <Navigate to="/auth" replace />;
  if (superAdmin && !mayOnPlatform(user, 'console')) return <ForbiddenPage />;
  // A suspended workspace's members see why and whom to ask; super admins are never held back.
  const suspended = user.workspace?.suspended;
  if (suspended && !mayOnPlatform(user, 'console')) return <SuspendedPage reason={suspended.reason} contact={suspended.contact} />;
  // Editors review releases (the server names who: platformActions).
  if (editor && !mayOnPlatform(user, 'review')) return <ForbiddenPage />;
  if (action && roleLacks(user, action)) return <ForbiddenPage role />;
  return <>{children}</>;
}
