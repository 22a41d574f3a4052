import type { WorkspaceId } from '../../shared/ids.js';
import type { PlatformAuditAction } from '../../shared/admin.js';
import type { CurrentUser } from '../../shared/auth.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Db } from '../db/client.js';

/**
 * An operator's action on one customer in the audit log: filed under the workspace, naming it by name as
 * well as id, so the log reads "who did what to whom" without looking anything up.
 */
export function recordDeskAudit(
  tx: Db,
  actor: CurrentUser,
  action: PlatformAuditAction,
  workspace: { id: WorkspaceId; name: string },
  details: Record<string, unknown>,
): Promise<void> {
  return recordAudit(tx, { id: actor.id, email: actor.email }, action, workspace.name, { workspaceName: workspace.name, ...details }, workspace.id);
}
