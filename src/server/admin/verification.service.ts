import { eq } from 'drizzle-orm';
import type { CurrentUser } from '../../shared/auth.js';
import { recordAudit } from '../audit/audit.service.js';
import { sendVerificationEmail, type AuthDeps } from '../auth/auth.service.js';
import { users } from '../db/schema.js';
import { appError } from '../http/errors.js';

/**
 * Sends a person the registration's verification mail again, with a fresh link, when a customer says it
 * never came. 409 once they have verified: there is nothing left to confirm.
 */
export async function resendVerificationFor(deps: AuthDeps, actor: CurrentUser, userId: string): Promise<{ sent: true; email: string }> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw appError('USER_NOT_FOUND');
  if (user.verified) throw appError('USER_ALREADY_VERIFIED');
  await sendVerificationEmail(deps, user);
  const name = `${user.firstName} ${user.lastName}`.trim();
  await recordAudit(deps.db, { id: actor.id, email: actor.email }, 'user.verification_resent', user.email, { userId: user.id, name, email: user.email });
  return { sent: true, email: user.email };
}
