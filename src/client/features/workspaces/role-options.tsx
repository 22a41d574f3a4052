import { useTranslation } from 'react-i18next';
import { workspaceRoles, type WorkspaceRole } from '../../../shared/workspaces';

/** The roles one may give: ownership only by an owner (the server's 'own' action). */
export const givableRoles = (mayGiveOwnership: boolean): WorkspaceRole[] =>
  workspaceRoles.filter((role) => mayGiveOwnership || role !== 'owner');

export function RoleOptions({ roles }: { roles: readonly WorkspaceRole[] }) {
  const { t } = useTranslation('workspaces');
  return (
    <>
      {roles.map((role) => (
        <option key={role} value={role}>
          {t(`roles.${role}`)}
        </option>
      ))}
    </>
  );
}
