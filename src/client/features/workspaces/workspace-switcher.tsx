import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Building2, Check, Users } from 'lucide-react';
import { errorMessage } from '../../lib/api';
import { isolate, translateMessage } from '../../lib/i18n';
import { useCurrentUser } from '../../lib/session';
import { workspaceOf } from '../../lib/workspace';
import { cn } from '../../ui/cn';
import { useToast } from '../../ui/toast';
import { useSwitchWorkspace, useWorkspaceChoices } from './workspaces-api';

const itemClass = 'flex cursor-pointer items-center gap-2 rounded px-2 py-2 text-sm outline-none data-[highlighted]:bg-slate-100';

/** The current workspace's name and the member's role, at the top of the user menu. */
export function CurrentWorkspaceLabel() {
  const { t } = useTranslation('workspaces');
  const { data: user } = useCurrentUser();
  const workspace = workspaceOf(user);
  if (!workspace) return null;
  return (
    <p className="mt-1 flex items-center gap-1 text-xs text-slate-600" data-testid="current-workspace">
      <Building2 className="h-3.5 w-3.5 shrink-0" aria-hidden />
      <bdi className="truncate font-medium">{workspace.name}</bdi>
      <span aria-hidden>·</span>
      <span>{t(`roles.${workspace.role}`)}</span>
    </p>
  );
}

export type WorkspaceSwitch = { pending: boolean; switchTo: (id: string, name: string) => void };

/**
 * Switching workspace: every answer is refetched and the dashboard opens. Held by the user menu itself,
 * which stays mounted, since the menu's items close (and unmount) as soon as one is chosen.
 */
export function useWorkspaceSwitch(): WorkspaceSwitch {
  const { t } = useTranslation('workspaces');
  const navigate = useNavigate();
  const toast = useToast();
  const mutation = useSwitchWorkspace();
  return {
    pending: mutation.isPending,
    switchTo: (id, name) =>
      mutation.mutate(id, {
        onSuccess: () => {
          toast({ title: t('switcher.switched', { workspace: isolate(name) }) });
          navigate('/dashboard');
        },
        onError: (error) => toast({ title: t('switcher.failed'), description: translateMessage(errorMessage(error)), variant: 'destructive' }),
      }),
  };
}

/**
 * The user menu's workspace entries: Team, and for a member of two or more workspaces the list to switch
 * between them (the current one marked).
 */
export function WorkspaceMenuItems({ onSwitch }: { onSwitch: WorkspaceSwitch }) {
  const { t } = useTranslation('workspaces');
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const hasWorkspace = !!workspaceOf(user);
  const choices = useWorkspaceChoices(hasWorkspace);
  if (!hasWorkspace) return null;

  return (
    <>
      <DropdownMenu.Item className={itemClass} onSelect={() => navigate('/settings/team')}>
        <Users className="h-4 w-4" aria-hidden />
        {t('switcher.team')}
      </DropdownMenu.Item>
      {choices.data && choices.data.length >= 2 && (
        <>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <DropdownMenu.Label className="px-2 py-1 text-xs font-semibold text-slate-500">{t('switcher.label')}</DropdownMenu.Label>
          <DropdownMenu.Group aria-label={t('switcher.label')} data-testid="workspace-switcher">
            {choices.data.map((choice) => (
              <DropdownMenu.Item
                key={choice.id}
                className={cn(itemClass, choice.current && 'font-semibold')}
                disabled={choice.current || onSwitch.pending}
                aria-current={choice.current || undefined}
                onSelect={() => onSwitch.switchTo(choice.id, choice.name)}
              >
                <Check className={cn('h-4 w-4', !choice.current && 'invisible')} aria-hidden />
                <bdi className="min-w-0 flex-1 truncate">{choice.name}</bdi>
                <span className="text-xs font-normal text-slate-500">{t(`roles.${choice.role}`)}</span>
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Group>
        </>
      )}
    </>
  );
}
