import type { TFunction } from 'i18next';
import type { WorkspaceActivity } from '../../../shared/workspaces';
import { isWorkspaceRole } from '../../../shared/workspace-roles';
import { isolate } from '../../lib/isolate';

/** Details naming a role: shown as the role's name in the reader's language. */
const ROLE_DETAILS = ['role', 'from', 'to'];

/**
 * One entry in words: the sentence of its action, with the names and values its details carry. Names and
 * titles are user text, isolated so a Latin name keeps its direction inside an Arabic sentence.
 */
export function activitySentence(t: TFunction<'workspaces'>, item: WorkspaceActivity): string {
  // A detail the entry lacks reads as nothing, never as a raw placeholder.
  const values: Record<string, string> = { name: '', email: '', title: '', role: '', from: '', to: '', plan: '' };
  for (const [key, value] of Object.entries(item.details ?? {})) {
    if (value === null || value === undefined) continue;
    values[key] = ROLE_DETAILS.includes(key) && isWorkspaceRole(value) ? t(`roles.${value}`) : isolate(String(value));
  }
  const actor = item.actor ? isolate(item.actor) : t('activity.system');
  return t(`activity.actions.${item.action}`, { ...values, actor, defaultValue: t('activity.unknown', { actor }) });
}
