import type { WorkspaceId } from '../../shared/ids.js';
import { createHash } from 'node:crypto';
import { and, eq, inArray, notExists, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { STORAGE_QUOTA_BYTES, megabytes } from '../../shared/releases.js';
import type { Db } from '../db/client.js';
import { attachmentBlobs, attachments, workspaces } from '../db/schema.js';
import { appError } from '../http/errors.js';
import type { CheckedAttachment } from './attachment-check.js';

/**
 * Where attachment bytes live: one blob per account and content (sha256). Saving a draft again, uploading
 * the same file twice or duplicating a release adds attachment rows that point at the blob already there,
 * never another copy; each account's blobs count against its storage quota.
 */

/** The columns to select for a file's bytes; join with `withContent`. */
export const attachmentContent = {
  originalName: attachments.originalName,
  mimetype: attachments.mimetype,
  content: attachmentBlobs.content,
};
export const blobOfAttachment = eq(attachmentBlobs.id, attachments.blobId);

export type StoredFile = CheckedAttachment & { sha256: string; blobId: string };

const sha256Of = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/**
 * The workspaces whose files have no quota, as a condition on the workspace's row: the rule book's answer
 * (the workspaces super admins run, access/roles.ts runBySuperAdmin), handed in by the caller because this
 * floor stands below the rule book.
 */
export type QuotaExemption = (workspaceId: AnyColumn) => SQL<boolean>;

function quotaOf(owner: { exempt: boolean; userType: string }): number {
  if (owner.exempt) return Infinity;
  return owner.userType === 'active' ? STORAGE_QUOTA_BYTES.paid : STORAGE_QUOTA_BYTES.trial;
}

export async function storageUsedBy(db: Db, workspaceId: WorkspaceId): Promise<number> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${attachmentBlobs.size}), 0)` })
    .from(attachmentBlobs)
    .where(eq(attachmentBlobs.workspaceId, workspaceId));
  return Number(row.used);
}

/**
 * Stores the files' bytes for the owner, once per content, and answers each file with its blob. Call inside
 * the transaction that writes the attachment rows. New content that would take the owner past the quota is
 * refused with a 413 carrying the figures; the owner's row is locked first, so two saves at once cannot
 * each fit and together not. The lock is NO KEY UPDATE: the caller's transaction may already hold the KEY
 * SHARE lock that inserting the release takes on its owner, and a FOR UPDATE here would deadlock two saves.
 */
export async function storeFiles(tx: Db, workspaceId: WorkspaceId, files: CheckedAttachment[], exempt: QuotaExemption): Promise<StoredFile[]> {
  if (!files.length) return [];
  const hashed = files.map((file) => ({ ...file, sha256: sha256Of(file.content) }));
  const [owner] = await tx
    .select({
      userType: workspaces.userType,
      exempt: exempt(workspaces.id),
    })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .for('no key update');
  const existing = await blobsByHash(tx, workspaceId, hashed.map((f) => f.sha256));
  const fresh = new Map(hashed.filter((f) => !existing.has(f.sha256)).map((f) => [f.sha256, f]));
  const adding = [...fresh.values()].reduce((sum, f) => sum + f.content.length, 0);
  if (adding > 0) await assertWithinQuota(tx, workspaceId, quotaOf(owner), adding);
  if (fresh.size) {
    await tx
      .insert(attachmentBlobs)
      .values([...fresh.values()].map((f) => ({ workspaceId, sha256: f.sha256, size: f.content.length, content: f.content })))
      .onConflictDoNothing();
  }
  const blobs = fresh.size ? await blobsByHash(tx, workspaceId, hashed.map((f) => f.sha256)) : existing;
  return hashed.map((file) => ({ ...file, blobId: blobs.get(file.sha256)! }));
}

async function blobsByHash(tx: Db, workspaceId: WorkspaceId, hashes: string[]): Promise<Map<string, string>> {
  const rows = await tx
    .select({ id: attachmentBlobs.id, sha256: attachmentBlobs.sha256 })
    .from(attachmentBlobs)
    .where(and(eq(attachmentBlobs.workspaceId, workspaceId), inArray(attachmentBlobs.sha256, [...new Set(hashes)])));
  return new Map(rows.map((row) => [row.sha256, row.id]));
}

async function assertWithinQuota(tx: Db, workspaceId: WorkspaceId, quota: number, adding: number): Promise<void> {
  const used = await storageUsedBy(tx, workspaceId);
  if (used + adding <= quota) return;
  throw appError('STORAGE_QUOTA_EXCEEDED', {
    usedMegabytes: megabytes(used),
    limitMegabytes: megabytes(quota),
    addingMegabytes: megabytes(adding),
    usedBytes: used,
    limitBytes: quota,
    addingBytes: adding,
  });
}

/**
 * Gives the owner's blobs of another account's files (a super admin duplicating a customer's release) and
 * answers the blob id each source blob maps to.
 */
export async function copyBlobsTo(tx: Db, workspaceId: WorkspaceId, sourceBlobIds: string[], exempt: QuotaExemption): Promise<Map<string, string>> {
  if (!sourceBlobIds.length) return new Map();
  const sources = await tx.select().from(attachmentBlobs).where(inArray(attachmentBlobs.id, sourceBlobIds));
  const stored = await storeFiles(
    tx,
    workspaceId,
    sources.map((blob) => ({ originalName: '', mimetype: '', size: blob.size, content: blob.content })),
    exempt,
  );
  return new Map(sources.map((blob, i) => [blob.id, stored[i].blobId]));
}

/** Deletes the owner's blobs that no attachment points at any more (after files were removed or a draft deleted). */
export async function deleteOrphanBlobs(tx: Db, workspaceId: WorkspaceId): Promise<void> {
  await tx
    .delete(attachmentBlobs)
    .where(
      and(
        eq(attachmentBlobs.workspaceId, workspaceId),
        notExists(tx.select({ one: sql`1` }).from(attachments).where(eq(attachments.blobId, attachmentBlobs.id))),
      ),
    );
}
