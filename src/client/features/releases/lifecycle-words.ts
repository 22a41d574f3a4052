import { useTranslation } from 'react-i18next';
import type { ReleaseBrand } from '../../../shared/brands';
import type { ReleaseGate, ReleaseStepRole } from '../../../shared/releases';
import { isWorkspaceRole } from '../../../shared/workspace-roles';
import { isolate } from '../../lib/i18n';
import { useCurrentUser } from '../../lib/session';
import { limitedToBrands } from '../../lib/workspace';
import { brandName } from '../../lib/brands';

/**
 * The words of a release's lifecycle (decision 026) that several screens say alike: the role of whoever
 * took a step, and the gates still ahead of it. Texts of the `lifecycle` namespace (and `workspaces` for
 * the workspace's roles): the pages that show them load both with their own.
 */

/** "Publisher", "Client", "Nashr’s editor": the role a step was taken in, in the reader's language. */
export function useStepRole() {
  const { t } = useTranslation(['lifecycle', 'workspaces']);
  return (role: ReleaseStepRole): string =>
    isWorkspaceRole(role) ? t(`workspaces:roles.${role}`) : t(`lifecycle:roles.${role}`);
}

/**
 * Who took a step, as the release's readers see it: someone of the workspace by name and role
 * ("⁨Sara Haddad⁩ (Publisher)"), Nashr's own side (its editor, the service) by its role alone, in the
 * reader's language ("Nashr’s editor"): a staff member's own account name means nothing to a customer.
 */
export function useStepActor() {
  const { t } = useTranslation(['lifecycle', 'workspaces']);
  const role = useStepRole();
  return (by: { name: string; role: ReleaseStepRole }): string =>
    isWorkspaceRole(by.role) ? t('lifecycle:timeline.by', { name: isolate(by.name), role: role(by.role) }) : role(by.role);
}

/**
 * "Before it goes out: a publisher of your workspace approves it, then ⁨Riyadh Dates⁩ approves it, then
 * Nashr’s editor checks it." — empty when no gate is left. `lead` picks the sentence's opening.
 */
export function useGatesText() {
  const { t, i18n } = useTranslation('lifecycle');
  return (gates: readonly ReleaseGate[], brand: ReleaseBrand | null, lead: 'ahead' | 'afterApproval' = 'ahead'): string => {
    if (!gates.length) return '';
    const steps = gates.map((gate) =>
      gate === 'client_approval'
        ? brand
          ? t('gates.client_approval', { brand: isolate(brandName(brand, i18n.language)) })
          : t('gates.client_approval_unnamed')
        : t(`gates.${gate}`),
    );
    return t(`gates.${lead}`, { steps: steps.join(t('gates.then')) });
  };
}

/** Whether the signed-in person holds a client seat (sees some brands only, never edits). */
export function useIsClientSeat(): boolean {
  const { data: user } = useCurrentUser();
  return limitedToBrands(user);
}
