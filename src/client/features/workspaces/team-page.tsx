import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, LogOut } from 'lucide-react';
import { errorMessage } from '../../lib/api';
import { isolate, translateMessage } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/document-title';
import { useCurrentUser } from '../../lib/session';
import { mayIn, workspaceOf } from '../../lib/workspace';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { EmptyState } from '../../ui/feedback';
import { useToast } from '../../ui/toast';
import { ActivityCard } from './activity-card';
import { InvitationsCard } from './invitations-card';
import { MembersCard } from './members-card';
import { WorkspaceSettingsCard } from './workspace-settings-card';
import { DeleteWorkspaceCard, NewWorkspaceCard } from './own-workspace-cards';
import { useLeaveWorkspace } from './workspaces-api';

/**
 * Settings → Team (issue 27): the workspace's members and their roles, invitations, the workspace's own
 * settings and its activity. What a member may change follows the server's `actions` for their role.
 */
export default function TeamPage() {
  const { t } = useTranslation('workspaces');
  const { data: user } = useCurrentUser();
  const workspace = workspaceOf(user);
  useDocumentTitle(t('team.title'));
  const manage = mayIn(user, 'manage');

  if (!user || !workspace) {
    return (
      <main className="mx-auto max-w-5xl space-y-6 px-4 py-8">
        <EmptyState title={t('team.noWorkspace')} description={t('team.noWorkspaceText')} />
        {user && <NewWorkspaceCard />}
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <Link to="/settings" className="inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:underline">
        <ArrowLeft className="flip-rtl h-4 w-4" aria-hidden />
        {t('team.backToSettings')}
      </Link>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('team.title')}</h1>
          <p className="mt-1 text-slate-600" data-testid="team-workspace">
            {t('team.subtitle', { workspace: isolate(workspace.name), role: t(`roles.${workspace.role}`) })}
          </p>
        </div>
        <LeaveButton workspaceName={workspace.name} />
      </header>
      {manage && <WorkspaceSettingsCard workspace={workspace} />}
      <MembersCard currentUserId={user.id} roles={workspace.givableRoles} />
      {manage && <InvitationsCard roles={workspace.givableRoles} />}
      {manage && <ActivityCard />}
      <NewWorkspaceCard />
      {mayIn(user, 'own') && <DeleteWorkspaceCard workspaceName={workspace.name} />}
    </main>
  );
}

/** Leaving is asked first: access to the workspace ends at once. The last owner is refused by the server (LAST_OWNER). */
function LeaveButton({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('workspaces');
  const toast = useToast();
  const navigate = useNavigate();
  const leave = useLeaveWorkspace();
  const [asking, setAsking] = useState(false);
  const confirm = async () => {
    try {
      await leave.mutateAsync();
      setAsking(false);
      toast({ title: t('leave.done', { workspace: isolate(workspaceName) }) });
      navigate('/dashboard', { replace: true });
    } catch (error) {
      setAsking(false);
      toast({ title: t('leave.failed'), description: translateMessage(errorMessage(error)), variant: 'destructive' });
    }
  };
  return (
    <>
      <Button variant="secondary" className="text-red-700" onClick={() => setAsking(true)}>
        <LogOut className="flip-rtl h-4 w-4" aria-hidden />
        {t('leave.button')}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('leave.title')}
        description={t('leave.text', { workspace: isolate(workspaceName) })}
        confirmLabel={t('leave.button')}
        pending={leave.isPending}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
