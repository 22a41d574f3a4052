import { useTranslation } from 'react-i18next';
import type { WorkspaceRole } from '../../../shared/workspaces';

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
