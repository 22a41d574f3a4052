import { eq } from 'drizzle-orm';
import type { CurrentUser } from '../../shared/auth.js';
import { recordAudit } from '../audit/audit.service.js';
import { requestPasswordReset, sendVerificationEmail, type AuthDeps } from '../auth/auth.service.js';
import { users } from '../db/schema.js';
import { appError } from '../http/errors.js';
import type { UserId } from '../../shared/ids.js';

/**
 * Sends a person the registration's verification mail again, with a fresh link, when a customer says it
 * never came. 409 once they have verified: there is nothing left to confirm.
 */
export async function resendVerificationFor(deps: AuthDeps, actor: CurrentUser, userId: UserId): Promise<{ sent: true; email: string }> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw appError('USER_NOT_FOUND');
  if (user.verified) throw appError('USER_ALREADY_VERIFIED');
  await sendVerificationEmail(deps, user);
  const name = `${user.firstName} ${user.lastName}`.trim();
  await recordAudit(deps.db, { id: actor.id, email: actor.email }, 'user.verification_resent', user.email, { userId: user.id, name, email: user.email });
  return { sent: true, email: user.email };
}

/**
 * Sends a person the password-reset mail a customer would ask for themselves (issue 37): the same link, and
 * the same limits per address and per client (429 past them), so the console is no way around them. The
 * link goes to the person's own address only; the operator never sees it.
 */
export async function sendPasswordResetFor(deps: AuthDeps, actor: CurrentUser, userId: UserId, ip: string): Promise<{ sent: true; email: string }> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw appError('USER_NOT_FOUND');
  await requestPasswordReset(deps, user.email, ip);
  const name = `${user.firstName} ${user.lastName}`.trim();
  await recordAudit(deps.db, { id: actor.id, email: actor.email }, 'user.password_reset_sent', user.email, { userId: user.id, name, email: user.email });
  return { sent: true, email: user.email };
}
