import { useTranslation } from 'react-i18next';
import { Users } from 'lucide-react';
import { useCurrentUser } from '../../lib/session';
import { roleLacks, workspaceOf } from '../../lib/workspace';
import { LinkCard } from '../../ui/link-card';

/** Settings' way to the Team page: the workspace's name and the member's role (not for a client seat). */
export function TeamLinkCard() {
  const { t } = useTranslation('workspaces');
  const { data: user } = useCurrentUser();
  const workspace = workspaceOf(user);
  if (!workspace || roleLacks(user, 'browse')) return null;
  return (
    <LinkCard
      to="/settings/team"
      id="team-link-heading"
      icon={<Users className="h-6 w-6 shrink-0 text-brand-600" aria-hidden />}
      title={t('team.title')}
      text={
        <>
          <bdi>{workspace.name}</bdi> · {t(`roles.${workspace.role}`)}
        </>
      }
    />
  );
}
