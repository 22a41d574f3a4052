import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  changePasswordSchema,
  CurrentUser,
  loginSchema,
  profileSchema,
  registerSchema,
  resetPasswordSchema,
} from '../../shared/auth.js';
import type { Db } from '../db/client.js';
import type { Deps } from '../deps.js';
import { emailTokens, sessions, users } from '../db/schema.js';
import { AppError, conflict, databaseErrorCode, forbidden, unauthorized, validationFailed } from '../http/errors.js';
import { toCurrentUser } from '../http/session.js';
import { randomToken, sha256 } from '../http/tokens.js';
import type { MailMessage } from '../mail/transport.js';
import { passwordResetMessage } from '../mail/templates/password-reset.js';
import { verifyEmailMessage } from '../mail/templates/verify-email.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password.js';
import { assertWithinLimit, RATE_RULES, recordAttempt } from './rate-limit.js';

type Logger = { error: (obj: object, msg: string) => void };
export type AuthDeps = Pick<Deps, 'db' | 'mailer' | 'config' | 'now'> & { log: Logger };

type UserRow = typeof users.$inferSelect;

const HOUR_MS = 60 * 60 * 1000;
export const VERIFY_TOKEN_HOURS = 24;
export const RESET_TOKEN_MINUTES = 60;

type TokenPurpose = 'verify_email' | 'reset_password';

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid credentials';
export const UNVERIFIED_MESSAGE = 'Please verify your email before signing in. Check your inbox for the verification link.';
export const INVALID_RESET_LINK_MESSAGE = 'The reset link is invalid or has expired';

// ---------------------------------------------------------------- registration and verification

export async function registerUser(
  deps: AuthDeps,
  input: z.infer<typeof registerSchema>,
  ip: string,
): Promise<{ requiresVerification: true; email: string }> {
  const now = deps.now();
  const source = { email: input.email, ip };
  await assertWithinLimit(deps.db, now, RATE_RULES.register, source);
  // Every attempt counts, including refused ones, so that registration cannot be used to probe addresses at speed.
  await recordAttempt(deps.db, now, RATE_RULES.register, source);
  if (await findUserByEmail(deps.db, input.email)) throw conflict(EMAIL_TAKEN_MESSAGE);
  const passwordHash = await hashPassword(input.password);
  const user = await insertUniqueEmail(() =>
    deps.db
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        companyName: input.companyName,
        firstName: input.firstName,
        lastName: input.lastName,
      })
      .returning(),
  );
  await sendVerificationEmail(deps, user);
  return { requiresVerification: true, email: user.email };
}

/** Marks the token's user verified; false when the token is unknown, used or expired. */
export async function verifyEmail(deps: Pick<AuthDeps, 'db' | 'now'>, token: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, token, 'verify_email', deps.now());
    if (!userId) return false;
    await tx.update(users).set({ verified: true, updatedAt: deps.now() }).where(eq(users.id, userId));
    await retireTokens(tx, userId, 'verify_email', deps.now());
    return true;
  });
}

/** Always succeeds from the caller's point of view: whether the address has an account stays secret. */
export async function resendVerification(deps: AuthDeps, email: string, ip: string): Promise<void> {
  const now = deps.now();
  await assertWithinLimit(deps.db, now, RATE_RULES.resendVerification, { email, ip });
  await recordAttempt(deps.db, now, RATE_RULES.resendVerification, { email, ip });
  const user = await findUserByEmail(deps.db, email);
  if (user && !user.verified) await sendVerificationEmail(deps, user);
}

async function sendVerificationEmail(deps: AuthDeps, user: UserRow): Promise<void> {
  const token = await issueEmailToken(deps.db, user.id, 'verify_email', VERIFY_TOKEN_HOURS * HOUR_MS, deps.now());
  const link = `${deps.config.publicUrl}/api/auth/verify?token=${encodeURIComponent(token)}`;
  sendInBackground(deps, { to: user.email, ...verifyEmailMessage({ firstName: user.firstName, link, validHours: VERIFY_TOKEN_HOURS }) });
}

// ---------------------------------------------------------------- sign-in

/** Checks the credentials; the caller starts the session. Wrong address and wrong password look the same. */
export async function authenticate(deps: AuthDeps, input: z.infer<typeof loginSchema>, ip: string): Promise<UserRow> {
  const now = deps.now();
  const source = { email: input.email, ip };
  await assertWithinLimit(deps.db, now, RATE_RULES.loginFailure, source);
  const user = await findUserByEmail(deps.db, input.email);
  // Without a user, verify against a dummy hash so that an unknown address costs the same time.
  const passwordOk = await verifyPassword(user?.passwordHash || (await dummyPasswordHash()), input.password);
  if (!user || !passwordOk) {
    await recordAttempt(deps.db, now, RATE_RULES.loginFailure, source);
    throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  }
  // Told only after the password is right, so the answer reveals nothing to someone guessing.
  if (!user.verified) throw forbidden(UNVERIFIED_MESSAGE);
  return user;
}

// ---------------------------------------------------------------- forgotten password

export async function requestPasswordReset(deps: AuthDeps, email: string, ip: string): Promise<void> {
  const now = deps.now();
  await assertWithinLimit(deps.db, now, RATE_RULES.forgotPassword, { email, ip });
  await recordAttempt(deps.db, now, RATE_RULES.forgotPassword, { email, ip });
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const token = await issueEmailToken(deps.db, user.id, 'reset_password', RESET_TOKEN_MINUTES * 60_000, now);
  const link = `${deps.config.publicUrl}/auth/reset?token=${encodeURIComponent(token)}`;
  sendInBackground(deps, {
    to: user.email,
    ...passwordResetMessage({ firstName: user.firstName, link, validMinutes: RESET_TOKEN_MINUTES }),
  });
}

/**
 * Sets the new password and signs out every session. Following the emailed link proves the person
 * reads that mailbox, so an account that was never verified counts as verified from here on.
 */
export async function resetPassword(deps: Pick<AuthDeps, 'db' | 'now'>, input: z.infer<typeof resetPasswordSchema>): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const reset = await deps.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, input.token, 'reset_password', deps.now());
    if (!userId) return false;
    await tx.update(users).set({ passwordHash, verified: true, updatedAt: deps.now() }).where(eq(users.id, userId));
    await retireTokens(tx, userId, 'reset_password', deps.now());
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    return true;
  });
  if (!reset) throw new AppError(400, 'INVALID_TOKEN', INVALID_RESET_LINK_MESSAGE);
}

// ---------------------------------------------------------------- signed-in account

/**
 * Updates name, company and email. A new email must be free (409 otherwise). The account stays verified
 * after an email change: the person is signed in and has proven the password, and making them verify
 * again would lock them out (sign-in refuses unverified accounts) over a typo; the address is only used
 * for account mail, never as a sender of releases.
 */
export async function updateProfile(
  deps: Pick<AuthDeps, 'db' | 'now'>,
  userId: string,
  input: z.infer<typeof profileSchema>,
): Promise<CurrentUser> {
  const holder = await findUserByEmail(deps.db, input.email);
  if (holder && holder.id !== userId) throw conflict(EMAIL_TAKEN_MESSAGE);
  const updated = await insertUniqueEmail(() =>
    deps.db
      .update(users)
      .set({
        email: input.email,
        companyName: input.companyName,
        firstName: input.firstName,
        lastName: input.lastName,
        updatedAt: deps.now(),
      })
      .where(eq(users.id, userId))
      .returning(),
  );
  return toCurrentUser(updated);
}

/** Changes the password after checking the current one; every other session is signed out. */
export async function changePassword(
  deps: AuthDeps,
  userId: string,
  keepSessionHash: string | null,
  input: z.infer<typeof changePasswordSchema>,
  ip: string,
): Promise<void> {
  const now = deps.now();
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw unauthorized();
  // A stolen session must not become a way around the sign-in limit to guess the password.
  const source = { email: user.email, ip };
  await assertWithinLimit(deps.db, now, RATE_RULES.loginFailure, source);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await recordAttempt(deps.db, now, RATE_RULES.loginFailure, source);
    throw validationFailed([{ path: 'currentPassword', message: 'Current password is incorrect' }]);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    const others = keepSessionHash
      ? and(eq(sessions.userId, userId), ne(sessions.idHash, keepSessionHash))
      : eq(sessions.userId, userId);
    await tx.delete(sessions).where(others);
  });
}

// ---------------------------------------------------------------- helpers

async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return user;
}

/** Runs a write that sets an email; a concurrent request that took the address first gives a 409, not a 500. */
async function insertUniqueEmail(write: () => Promise<UserRow[]>): Promise<UserRow> {
  try {
    const [row] = await write();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN_MESSAGE);
    throw error;
  }
}

const isUniqueViolation = (error: unknown) => databaseErrorCode(error) === '23505';

/** A random single-use token; only its hash is stored, so a database leak yields no usable link. */
async function issueEmailToken(db: Db, userId: string, purpose: TokenPurpose, ttlMs: number, now: Date): Promise<string> {
  const token = randomToken();
  await db.insert(emailTokens).values({ tokenHash: sha256(token), userId, purpose, expiresAt: new Date(now.getTime() + ttlMs) });
  return token;
}

/** Uses the token up in one conditional update, so two clicks at once cannot both succeed. */
async function consumeEmailToken(db: Db, token: string, purpose: TokenPurpose, now: Date): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, sha256(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return row?.userId ?? null;
}

/** Once one link of a kind has worked, the others sent before it are void. */
async function retireTokens(db: Db, userId: string, purpose: TokenPurpose, now: Date): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

/**
 * Account mail leaves after the answer: a slow or failing relay must neither delay the reply (which
 * would tell a caller that the address has an account) nor fail it. The person can ask again.
 */
function sendInBackground(deps: AuthDeps, message: MailMessage): void {
  deps.mailer.send(message).catch((error: unknown) => {
    deps.log.error({ err: error, to: message.to, subject: message.subject }, 'account email could not be sent');
  });
}
