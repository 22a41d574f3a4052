import type { UserId, WorkspaceId } from '../../shared/ids.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt } from 'drizzle-orm';
import { asAccountLanguage, type CurrentUser } from '../../shared/auth.js';
import type { Db } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import { currentMembership, describeWorkspace, type Membership } from './membership.js';
import { platformActionsOf } from './access.js';
import { userTypeOf } from './roles.js';
import { randomToken, sha256 } from '../http/tokens.js';

export const SESSION_COOKIE = 'sid';
const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Set for every /api request by the session hook. */
    user: CurrentUser | null;
    sessionHash: string | null;
  }
}

type UserRow = typeof users.$inferSelect;

/**
 * The person and, for the prototype's fields (company, allowance, plan), the workspace they act in.
 * `contact` is named when that workspace is suspended.
 */
function toCurrentUser(row: UserRow, membership: Membership | null, contact = ''): CurrentUser {
  const workspace = membership?.workspace;
  return {
    id: row.id,
    email: row.email,
    pendingEmail: row.pendingEmail,
    companyName: workspace?.name ?? '',
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role as CurrentUser['role'],
    userType: userTypeOf(row, workspace),
    verified: row.verified,
    monthlyPressReleaseLimit: workspace?.monthlyPressReleaseLimit ?? 0,
    pressReleasesUsedThisMonth: workspace?.pressReleasesUsedThisMonth ?? 0,
    language: asAccountLanguage(row.language),
    createdAt: new Date(row.createdAt).toISOString(),
    workspace: membership ? describeWorkspace(membership, row.role, contact) : null,
    platformActions: platformActionsOf(row.role),
  };
}

/**
 * The signed-in person as the API sees them, read afresh (after a change to their workspace): acting where
 * the session `sessionHash` acts, or without one where the account last chose.
 */
export async function loadCurrentUser(db: Db, userId: UserId, sessionHash: string | null = null): Promise<CurrentUser | null> {
  const [row] = await db
    .select({ user: users, chosen: sessions.currentWorkspaceId })
    .from(users)
    .leftJoin(sessions, and(eq(sessions.userId, users.id), eq(sessions.idHash, sessionHash ?? '')))
    .where(eq(users.id, userId))
    .limit(1);
  return row ? toCurrentUser(row.user, await currentMembership(db, row.user.id, row.chosen ?? row.user.currentWorkspaceId)) : null;
}

/**
 * Where this session acts from now on (a switch, a new workspace, an invitation accepted): this device only.
 * The account remembers it too, as where its next sign-in starts.
 */
export async function chooseSessionWorkspace(db: Db, userId: UserId, sessionHash: string | null, workspaceId: WorkspaceId): Promise<void> {
  await db.update(users).set({ currentWorkspaceId: workspaceId }).where(eq(users.id, userId));
  if (sessionHash)
    await db
      .update(sessions)
      .set({ currentWorkspaceId: workspaceId })
      .where(and(eq(sessions.idHash, sessionHash), eq(sessions.userId, userId)));
}

/**
 * Creates a session for the user and sets the cookie: a new random id at every sign-in. It starts in the
 * workspace the account chose last and keeps its own choice after (switching elsewhere leaves it be).
 */
export async function startSession(db: Db, reply: FastifyReply, userId: UserId, secure: boolean): Promise<string> {
  const id = randomToken();
  const expiresAt = new Date(Date.now() + SESSION_DAYS * DAY_MS);
  const [user] = await db.select({ chosen: users.currentWorkspaceId }).from(users).where(eq(users.id, userId));
  await db.insert(sessions).values({ idHash: sha256(id), userId, expiresAt, currentWorkspaceId: user?.chosen ?? null });
  reply.setCookie(SESSION_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    expires: expiresAt,
  });
  return sha256(id);
}

export async function endSession(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.sessionHash) await db.delete(sessions).where(eq(sessions.idHash, request.sessionHash));
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Reads the session cookie on every API request; slides the expiry at most once a day. */
export function installSessions(app: FastifyInstance, db: Db): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionHash', null);
  app.addHook('onRequest', async (request) => {
    // Only the API acts for a user. Tracking pixels, links and pages (/t/, /u/, /r/) and the client's
    // files never read request.user, so they skip a database round trip per request.
    if (!request.url.startsWith('/api/')) return;
    const id = request.cookies[SESSION_COOKIE];
    if (!id || id.length > 100) return;
    const idHash = sha256(id);
    const [row] = await db
      .select({ user: users, expiresAt: sessions.expiresAt, chosen: sessions.currentWorkspaceId })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, new Date())))
      .limit(1);
    if (!row) return;
    // Sessions from before a session kept its own choice (none) act where the account chose.
    const membership = await currentMembership(db, row.user.id, row.chosen ?? row.user.currentWorkspaceId);
    request.user = toCurrentUser(row.user, membership, app.deps.config.supportEmail);
    request.sessionHash = idHash;
    const remaining = new Date(row.expiresAt).getTime() - Date.now();
    if (remaining < (SESSION_DAYS - 1) * DAY_MS) {
      await db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() + SESSION_DAYS * DAY_MS) })
        .where(eq(sessions.idHash, idHash));
    }
  });
}
