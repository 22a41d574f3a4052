import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronRight, Users } from 'lucide-react';
import { useCurrentUser } from '../../lib/session';
import { workspaceOf } from '../../lib/workspace';
import { Card } from '../../ui/card';

/** Settings' way to the Team page: the workspace's name and the member's role. */
export function TeamLinkCard() {
  const { t } = useTranslation('workspaces');
  const { data: user } = useCurrentUser();
  const workspace = workspaceOf(user);
  if (!workspace) return null;
  return (
    <section className="mt-6" aria-labelledby="team-link-heading">
      <Card>
        <Link to="/settings/team" className="flex items-center gap-3 px-6 py-4 hover:bg-slate-50">
          <Users className="h-6 w-6 shrink-0 text-brand-600" aria-hidden />
          <span className="flex-1">
            <span id="team-link-heading" className="block text-lg font-semibold text-slate-900">
              {t('team.title')}
            </span>
            <span className="block text-sm text-slate-500">
              <bdi>{workspace.name}</bdi> · {t(`roles.${workspace.role}`)}
            </span>
          </span>
          <ChevronRight className="flip-rtl h-5 w-5 text-slate-400" aria-hidden />
        </Link>
      </Card>
    </section>
  );
}
