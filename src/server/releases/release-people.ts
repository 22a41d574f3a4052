import type { UserId, WorkspaceId } from '../../shared/ids.js';
import { and, inArray } from 'drizzle-orm';
import type { PersonRef } from '../../shared/workspaces.js';
import type { Db } from '../db/client.js';
import { users, workspaceMembers } from '../db/schema.js';

export type People = {
  /** The person as a release names them; `removed` once they are no longer a member of its workspace. */
  ref(workspaceId: WorkspaceId, userId: UserId | null): PersonRef | null;
  email(userId: UserId | null): string | null;
};

type ReleasePeople = {
  workspaceId: WorkspaceId;
  authorId: UserId | null;
  approvedBy: UserId | null;
  sentBy: UserId | null;
  clientApprovedBy: UserId | null;
};

const fullName = (row: { firstName: string; lastName: string; email: string }) =>
  `${row.firstName} ${row.lastName}`.trim() || row.email;

/** The authors, approvers and senders of some releases, in two queries whatever their number. */
export async function peopleOf(db: Db, releases: ReleasePeople[]): Promise<People> {
  const ids = [...new Set(releases.flatMap((r) => [r.authorId, r.approvedBy, r.sentBy, r.clientApprovedBy]).filter((id): id is UserId => !!id))];
  const workspaceIds = [...new Set(releases.map((r) => r.workspaceId))];
  const [rows, members] = ids.length
    ? await Promise.all([
        db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
          .from(users)
          .where(inArray(users.id, ids)),
        db
          .select({ workspaceId: workspaceMembers.workspaceId, userId: workspaceMembers.userId })
          .from(workspaceMembers)
          .where(and(inArray(workspaceMembers.userId, ids), inArray(workspaceMembers.workspaceId, workspaceIds))),
      ])
    : [[], []];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const memberships = new Set(members.map((m) => `${m.workspaceId}/${m.userId}`));
  return {
    ref(workspaceId, userId) {
      const row = userId ? byId.get(userId) : undefined;
      if (!row) return null;
      return { id: row.id, name: fullName(row), removed: !memberships.has(`${workspaceId}/${row.id}`) };
    },
    email: (userId) => (userId ? (byId.get(userId)?.email ?? null) : null),
  };
}
