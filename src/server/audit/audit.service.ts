import { count, desc } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { auditLog } from '../db/schema.js';

export type AuditActor = { id: string; email: string } | null;

export type AuditEntry = {
  id: number;
  actorEmail: string | null;
  action: string;
  target: string | null;
  details: Record<string, unknown>;
  createdAt: string;
};

/**
 * Records who did what (role changes, contact imports and deletions). Pass the transaction's db when
 * the action is transactional, so the entry exists exactly when the change does. `workspaceId` names the
 * customer an operator acted on, so the log can be filtered by workspace.
 */
export async function recordAudit(
  db: Db,
  actor: AuditActor,
  action: string,
  target: string | null,
  details: Record<string, unknown> = {},
  workspaceId: string | null = null,
): Promise<void> {
  await db.insert(auditLog).values({ actorId: actor?.id ?? null, actorEmail: actor?.email ?? null, workspaceId, action, target, details });
}

export async function listAudit(db: Db, page: number, pageSize: number): Promise<{ items: AuditEntry[]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(auditLog),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      actorEmail: r.actorEmail,
      action: r.action,
      target: r.target,
      details: r.details,
      createdAt: new Date(r.createdAt).toISOString(),
    })),
    total,
  };
}
