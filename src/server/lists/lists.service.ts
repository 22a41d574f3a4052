import type { UserId, WorkspaceId } from '../../shared/ids.js';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ContactFilter } from '../../shared/contacts.js';
import {
  LIST_MEMBERS_MAX,
  type BulkAddResult,
  type ListContactsPage,
  type UserList,
} from '../../shared/lists.js';
import { rowsOf, type Db } from '../db/client.js';
import { globalContacts, listContacts, userLists, workspaces } from '../db/schema.js';
import { appError } from '../http/errors.js';
import { presentContact } from '../contacts/contact-view.js';
import { markUnsubscribed } from '../suppressions/suppressions.service.js';
import { contactFilterWhere, type SearchVisibility } from '../contacts/contacts.service.js';

/**
 * A user's own lists of contacts. Every query carries the owner: another user's list does not exist
 * for the caller (404), whoever the caller is.
 */

const listNotFound = () => appError('LIST_NOT_FOUND');

const toUserList = (row: typeof userLists.$inferSelect, contactCount: number): UserList => ({
  id: row.id,
  name: row.name,
  description: row.description,
  contactCount,
  createdAt: new Date(row.createdAt).toISOString(),
});

export async function listUserLists(db: Db, workspaceId: WorkspaceId): Promise<UserList[]> {
  const rows = await db
    .select({ list: userLists, contactCount: count(listContacts.id) })
    .from(userLists)
    .leftJoin(listContacts, eq(listContacts.listId, userLists.id))
    .where(eq(userLists.workspaceId, workspaceId))
    .groupBy(userLists.id)
    .orderBy(desc(userLists.createdAt), desc(userLists.id));
  return rows.map((r) => toUserList(r.list, Number(r.contactCount)));
}

async function ownedList(db: Db, workspaceId: WorkspaceId, listId: string) {
  const [row] = await db
    .select()
    .from(userLists)
    .where(and(eq(userLists.id, listId), eq(userLists.workspaceId, workspaceId)));
  if (!row) throw listNotFound();
  return row;
}

async function contactCountOf(db: Db, listId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(listContacts).where(eq(listContacts.listId, listId));
  return Number(row.n);
}

export async function createList(
  db: Db,
  workspaceId: WorkspaceId,
  input: { name: string; description: string },
  createdBy: UserId | null = null,
): Promise<UserList> {
  const [row] = await db.insert(userLists).values({ workspaceId, createdBy, name: input.name, description: input.description }).returning();
  return toUserList(row, 0);
}

export async function updateList(
  db: Db,
  workspaceId: WorkspaceId,
  listId: string,
  changes: { name?: string; description?: string },
): Promise<UserList> {
  const [row] = await db
    .update(userLists)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(userLists.id, listId), eq(userLists.workspaceId, workspaceId)))
    .returning();
  if (!row) throw listNotFound();
  return toUserList(row, await contactCountOf(db, listId));
}

/** Deleting a list removes its memberships (cascade), never the contacts themselves. */
export async function deleteList(db: Db, workspaceId: WorkspaceId, listId: string): Promise<void> {
  const deleted = await db
    .delete(userLists)
    .where(and(eq(userLists.id, listId), eq(userLists.workspaceId, workspaceId)))
    .returning({ id: userLists.id });
  if (!deleted.length) throw listNotFound();
}

export async function listContactsPage(
  db: Db,
  workspaceId: WorkspaceId,
  listId: string,
  paging: { page: number; pageSize: number },
  reveal: boolean,
): Promise<ListContactsPage> {
  await ownedList(db, workspaceId, listId);
  const [rows, total] = await Promise.all([
    db
      .select({ id: listContacts.id, addedAt: listContacts.addedAt, contact: globalContacts })
      .from(listContacts)
      .innerJoin(globalContacts, eq(globalContacts.id, listContacts.globalContactId))
      .where(eq(listContacts.listId, listId))
      .orderBy(desc(listContacts.addedAt), desc(listContacts.id))
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize),
    contactCountOf(db, listId),
  ]);
  // Who unsubscribed from this customer (or from everyone) shows on the list, before the pre-send dialog.
  const contacts = await markUnsubscribed(db, workspaceId, rows.map((r) => presentContact(r.contact, reveal)));
  return {
    items: rows.map((r, i) => ({ id: r.id, addedAt: new Date(r.addedAt).toISOString(), contact: contacts[i] })),
    total,
    page: paging.page,
    pageSize: paging.pageSize,
  };
}

/**
 * Adds contacts by id or by search filter in one INSERT … SELECT: contacts already in the list (and
 * ids that match no contact) are skipped, so adding the same selection twice is harmless. All or nothing:
 * an addition that would take the user's lists past LIST_MEMBERS_MAX adds none (422).
 */
export async function addContactsToList(
  db: Db,
  workspaceId: WorkspaceId,
  listId: string,
  selection: { globalContactIds: number[] } | { filter: ContactFilter },
  visibility: SearchVisibility,
): Promise<BulkAddResult> {
  let where;
  let requested: number | undefined;
  if ('globalContactIds' in selection) {
    const ids = [...new Set(selection.globalContactIds)];
    requested = ids.length;
    where = inArray(globalContacts.id, ids);
  } else {
    where = await contactFilterWhere(db, selection.filter, visibility);
  }
  return db.transaction(async (tx) => {
    // One addition at a time per workspace: two at once could otherwise each fit under the cap and together not.
    await tx.execute(sql`SELECT 1 FROM ${workspaces} WHERE id = ${workspaceId} FOR UPDATE`);
    await ownedList(tx, workspaceId, listId);
    const result = await tx.execute(sql`
      WITH matching AS (SELECT ${globalContacts.id} AS id FROM ${globalContacts} ${where ? sql`WHERE ${where}` : sql``}),
           added AS (
             INSERT INTO ${listContacts} (list_id, global_contact_id)
             SELECT ${listId}::uuid, id FROM matching
             ON CONFLICT (list_id, global_contact_id) DO NOTHING
             RETURNING 1)
      SELECT (SELECT count(*) FROM matching)::int AS matched, (SELECT count(*) FROM added)::int AS added,
             (SELECT count(*) FROM ${listContacts} JOIN ${userLists} ON ${userLists.id} = ${listContacts.listId}
              WHERE ${userLists.workspaceId} = ${workspaceId})::int AS before`);
    const [row] = rowsOf<{ matched: number; added: number; before: number }>(result);
    const [matched, added, before] = [Number(row.matched), Number(row.added), Number(row.before)];
    if (before + added > LIST_MEMBERS_MAX) {
      // Thrown inside the transaction, so the rows just inserted go with it.
      throw appError('LIST_LIMIT_REACHED', {
        limit: LIST_MEMBERS_MAX,
        current: before,
        adding: added,
      });
    }
    return { added, skipped: (requested ?? matched) - added };
  });
}

export async function removeContactFromList(db: Db, workspaceId: WorkspaceId, listId: string, contactId: number): Promise<void> {
  await ownedList(db, workspaceId, listId);
  const deleted = await db
    .delete(listContacts)
    .where(and(eq(listContacts.listId, listId), eq(listContacts.globalContactId, contactId)))
    .returning({ id: listContacts.id });
  if (!deleted.length) throw appError('CONTACT_NOT_IN_LIST');
}

// ---------------------------------------------------------------- for other features

/** The caller's own lists among `listIds` (a release may only go to its owner's lists). */
export async function ownedListIds(db: Db, workspaceId: WorkspaceId, listIds: string[]): Promise<string[]> {
  if (!listIds.length) return [];
  const rows = await db
    .select({ id: userLists.id })
    .from(userLists)
    .where(and(eq(userLists.workspaceId, workspaceId), inArray(userLists.id, listIds)));
  return rows.map((r) => r.id);
}

/** Every unique address in the given lists of one owner, with the contact it came from. */
export async function recipientsOfLists(db: Db, workspaceId: WorkspaceId, listIds: string[]): Promise<Array<{ contactId: number; email: string }>> {
  if (!listIds.length) return [];
  const rows = await db
    .selectDistinctOn([globalContacts.email], { contactId: globalContacts.id, email: globalContacts.email })
    .from(listContacts)
    .innerJoin(userLists, eq(userLists.id, listContacts.listId))
    .innerJoin(globalContacts, eq(globalContacts.id, listContacts.globalContactId))
    .where(and(eq(userLists.workspaceId, workspaceId), inArray(listContacts.listId, listIds)))
    .orderBy(globalContacts.email);
  return rows;
}

/** How many distinct contacts the user has across all their lists (dashboard "Media Contacts"). */
export async function countContactsInLists(db: Db, workspaceId: WorkspaceId): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(DISTINCT ${listContacts.globalContactId})` })
    .from(listContacts)
    .innerJoin(userLists, eq(userLists.id, listContacts.listId))
    .where(eq(userLists.workspaceId, workspaceId));
  return Number(row.n);
}
