import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import {
  asAccountLanguage,
  type AccountLanguage,
  type changePasswordSchema,
  type CurrentUser,
  type loginSchema,
  type profileSchema,
  type registerSchema,
  type registerWithInvitationSchema,
  type resetPasswordSchema,
  type SignInContext,
} from '../../shared/auth.js';
import type { Db } from '../db/client.js';
import { renameCompanyBrand } from '../brands/brands.service.js';
import type { Deps } from '../deps.js';
import { emailTokens, sessions, users, workspaces } from '../db/schema.js';
import { isUniqueViolation, unauthorized, validationFailed, appError, fieldError } from '../http/errors.js';
import { loadCurrentUser } from '../access/session.js';
import { requireAction } from '../access/access.js';
import { createWorkspace } from '../access/membership.js';
import { claimInvitation } from '../workspaces/invitations.service.js';
import { randomToken, sha256 } from '../http/tokens.js';
import type { MailMessage } from '../mail/transport.js';
import type { RenderedEmail } from '../mail/templates/layout.js';
import {
  accountExistsMessage,
  confirmEmailChangeMessage,
  emailChangeNoticeMessage,
} from '../mail/templates/account-address.js';
import { passwordResetMessage } from '../mail/templates/password-reset.js';
import { signInLinkMessage } from '../mail/templates/sign-in-link.js';
import { verifyEmailMessage } from '../mail/templates/verify-email.js';
import { isCommonPassword } from './common-passwords.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password.js';
import { RATE_RULES, takeAttempt, type RateRule } from '../common/rate-limit.js';
import { isReservedAddress } from './reserved-addresses.js';
import type { UserId } from '../../shared/ids.js';

type Logger = { error: (obj: object, msg: string) => void };
export type AuthDeps = Pick<Deps, 'db' | 'mailer' | 'config' | 'now'> & { log: Logger };

type UserRow = typeof users.$inferSelect;

const HOUR_MS = 60 * 60 * 1000;
export const VERIFY_TOKEN_HOURS = 24;
export const RESET_TOKEN_MINUTES = 60;
export const EMAIL_CHANGE_TOKEN_HOURS = 24;
export const SIGN_IN_LINK_MINUTES = 15;

type TokenPurpose = 'verify_email' | 'reset_password' | 'change_email' | 'sign_in';

// ---------------------------------------------------------------- registration and verification

export async function registerUser(
  deps: AuthDeps,
  input: z.infer<typeof registerSchema>,
  ip: string,
): Promise<{ requiresVerification: true; email: string }> {
  assertUsableAddress(deps, input.email);
  assertUncommonPassword(input.password, 'password');
  // Every attempt counts, including ones for taken addresses, so that registration cannot be used to probe at speed.
  await takeAttempt(deps.db, deps.now(), RATE_RULES.register, { email: input.email, ip });
  const answer = { requiresVerification: true as const, email: input.email };
  // Hashed whatever happens next, so that a taken address answers in the same time as a free one.
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(deps.db, input.email);
  if (existing) {
    tellOwnerOfRegistrationAttempt(deps, existing);
    return answer;
  }
  try {
    const user = await deps.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({ email: input.email, passwordHash, firstName: input.firstName, lastName: input.lastName, language: input.language, timeZone: input.timeZone ?? null })
        .returning();
      // Their company: a workspace they own, with an id of its own.
      await createWorkspace(tx, created.id, { name: input.companyName, language: input.language });
      return created;
    });
    await sendVerificationEmail(deps, user);
  } catch (error) {
    // Another registration of the same address won the race: its owner hears of this one, as above.
    if (!isUniqueViolation(error)) throw error;
    const winner = await findUserByEmail(deps.db, input.email);
    if (winner) tellOwnerOfRegistrationAttempt(deps, winner);
  }
  return answer;
}

/**
 * Registering from an invitation's link: the person joins the inviting workspace, with the address the
 * invitation was sent to, proven by the link (no verification mail). The rate limit of registration
 * applies. The invitation is claimed in the same transaction, so a link used twice makes one account.
 */
export async function registerWithInvitation(
  deps: AuthDeps,
  input: z.infer<typeof registerWithInvitationSchema>,
  ip: string,
): Promise<{ id: UserId }> {
  assertUsableAddress(deps, input.email);
  assertUncommonPassword(input.password, 'password');
  await takeAttempt(deps.db, deps.now(), RATE_RULES.register, { email: input.email, ip });
  const passwordHash = await hashPassword(input.password);
  if (await findUserByEmail(deps.db, input.email)) throw appError('INVITATION_SIGN_IN');
  try {
    return await deps.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({ email: input.email, passwordHash, firstName: input.firstName, lastName: input.lastName, language: input.language, timeZone: input.timeZone ?? null, verified: true })
        .returning();
      await claimInvitation(tx, input.invitationToken, created, deps.now());
      return { id: created.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw appError('INVITATION_SIGN_IN');
    throw error;
  }
}

/**
 * The answer to registering a taken address is the answer for a free one (a 409 would tell anyone which
 * addresses have accounts); the owner gets an email instead, with the way back in if it was them.
 */
function tellOwnerOfRegistrationAttempt(deps: AuthDeps, owner: UserRow): void {
  sendInBackground(deps, {
    to: owner.email,
    ...accountExistsMessage({ firstName: nameToGreet(owner), forgotLink: forgotPasswordLink(deps), language: asAccountLanguage(owner.language) }),
  });
}

/**
 * An account is greeted by its name only once its address is proven: until then the name is a
 * stranger's words (anyone may register any address), and the mailbox may be someone else's.
 */
const nameToGreet = (user: UserRow) => (user.verified ? user.firstName : '');

const forgotPasswordLink = (deps: AuthDeps) => `${deps.config.publicUrl}/auth?mode=forgot`;

function assertUsableAddress(deps: Pick<AuthDeps, 'config'>, email: string): void {
  if (isReservedAddress(email, deps.config.adminEmail)) {
    throw validationFailed([fieldError('email', 'RESERVED_ADDRESS')]);
  }
}

function assertUncommonPassword(password: string, path: string): void {
  if (isCommonPassword(password)) throw validationFailed([fieldError(path, 'COMMON_PASSWORD')]);
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
  await takeAttempt(deps.db, deps.now(), RATE_RULES.resendVerification, { email, ip });
  const user = await findUserByEmail(deps.db, email);
  if (user && !user.verified) await sendVerificationEmail(deps, user);
}

/** The registration's verification mail with a fresh link (also sent again from the admin console). */
export async function sendVerificationEmail(deps: AuthDeps, user: UserRow): Promise<void> {
  const token = await issueEmailToken(deps.db, user.id, 'verify_email', VERIFY_TOKEN_HOURS * HOUR_MS, deps.now());
  const link = `${deps.config.publicUrl}/api/auth/verify?token=${encodeURIComponent(token)}`;
  sendInBackground(deps, { to: user.email, ...verifyEmailMessage({ link, validHours: VERIFY_TOKEN_HOURS, language: asAccountLanguage(user.language) }) });
}

// ---------------------------------------------------------------- sign-in

/** Checks the credentials; the caller starts the session. Wrong address and wrong password look the same. */
export async function authenticate(deps: AuthDeps, input: z.infer<typeof loginSchema>, ip: string): Promise<UserRow> {
  // Taken before the check and given back if it succeeds: concurrent guesses cannot slip past the count.
  const release = await takeAttempt(deps.db, deps.now(), RATE_RULES.loginFailure, { email: input.email, ip });
  const user = await findUserByEmail(deps.db, input.email);
  // Without a user, verify against a dummy hash so that an unknown address costs the same time.
  const passwordOk = await verifyPassword(user?.passwordHash || (await dummyPasswordHash()), input.password);
  if (!user || !passwordOk) throw appError('INVALID_CREDENTIALS');
  await release();
  // Told only after the password is right, so the answer reveals nothing to someone guessing.
  if (!user.verified) throw appError('EMAIL_NOT_VERIFIED');
  return user;
}

/**
 * Notes a sign-in (password or link) and tells whether it is the account's first, so a new user is
 * welcomed rather than welcomed back. Only one of two sign-ins at once can find the time still empty.
 */
/**
 * A sign-in, with what the browser said (issue 37): its zone becomes the account's for its e-mails, and a
 * language its visitor picked before signing in becomes the account's, as a switch while signed in would
 * (an explicit choice is newer than the one the account holds). Without a pick the account's language stays.
 */
export async function recordSignIn(
  deps: Pick<AuthDeps, 'db' | 'now'>,
  userId: UserId,
  context: SignInContext = {},
): Promise<{ firstSignIn: boolean }> {
  const now = deps.now();
  const fields = {
    lastSignInAt: now,
    ...(context.timeZone ? { timeZone: context.timeZone } : {}),
    ...(context.language ? { language: context.language, updatedAt: now } : {}),
  };
  const first = await deps.db
    .update(users)
    .set(fields)
    .where(and(eq(users.id, userId), isNull(users.lastSignInAt)))
    .returning({ id: users.id });
  if (first.length) return { firstSignIn: true };
  await deps.db.update(users).set(fields).where(eq(users.id, userId));
  return { firstSignIn: false };
}

// ---------------------------------------------------------------- sign-in link

/**
 * The way in for an account whose password sign-in is locked by failures (anyone's): a short-lived link
 * to the account's own address. Answers alike whether or not the address has an account.
 */
export async function requestSignInLink(deps: AuthDeps, email: string, ip: string): Promise<void> {
  await mailLinkToAccount(deps, email, ip, {
    rule: RATE_RULES.signInLink,
    purpose: 'sign_in',
    minutes: SIGN_IN_LINK_MINUTES,
    path: '/auth/sign-in-link',
    compose: signInLinkMessage,
    // One link at a time: a new one voids the last.
    voidsEarlier: true,
  });
}

type LinkMail = {
  rule: RateRule;
  purpose: TokenPurpose;
  minutes: number;
  /** The page of the client the link opens. */
  path: string;
  compose: (input: { firstName: string; link: string; validMinutes: number; language: AccountLanguage }) => RenderedEmail;
  voidsEarlier?: boolean;
};

/** Mails a one-time link to the account of `email`, if it has one; the caller cannot tell which happened. */
async function mailLinkToAccount(deps: AuthDeps, email: string, ip: string, mail: LinkMail): Promise<void> {
  const now = deps.now();
  await takeAttempt(deps.db, now, mail.rule, { email, ip });
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  if (mail.voidsEarlier) await retireTokens(deps.db, user.id, mail.purpose, now);
  const token = await issueEmailToken(deps.db, user.id, mail.purpose, mail.minutes * 60_000, now);
  const link = `${deps.config.publicUrl}${mail.path}?token=${encodeURIComponent(token)}`;
  sendInBackground(deps, {
    to: user.email,
    ...mail.compose({ firstName: nameToGreet(user), link, validMinutes: mail.minutes, language: asAccountLanguage(user.language) }),
  });
}

/** Uses the link up; the caller starts the session. Opening it proves the mailbox, as a reset link does. */
export async function signInByLink(deps: Pick<AuthDeps, 'db' | 'now'>, token: string): Promise<UserRow> {
  const user = await deps.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, token, 'sign_in', deps.now());
    if (!userId) return undefined;
    const [row] = await tx.update(users).set({ verified: true, updatedAt: deps.now() }).where(eq(users.id, userId)).returning();
    return row;
  });
  if (!user) throw appError('SIGN_IN_LINK_INVALID');
  return user;
}

// ---------------------------------------------------------------- forgotten password

export async function requestPasswordReset(deps: AuthDeps, email: string, ip: string): Promise<void> {
  await mailLinkToAccount(deps, email, ip, {
    rule: RATE_RULES.forgotPassword,
    purpose: 'reset_password',
    minutes: RESET_TOKEN_MINUTES,
    path: '/auth/reset',
    compose: passwordResetMessage,
  });
}

/**
 * Sets the new password and signs out every session. Following the emailed link proves the person
 * reads that mailbox, so an account that was never verified counts as verified from here on.
 */
export async function resetPassword(deps: Pick<AuthDeps, 'db' | 'now'>, input: z.infer<typeof resetPasswordSchema>): Promise<void> {
  assertUncommonPassword(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  const reset = await deps.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, input.token, 'reset_password', deps.now());
    if (!userId) return false;
    await tx.update(users).set({ passwordHash, verified: true, updatedAt: deps.now() }).where(eq(users.id, userId));
    await retireTokens(tx, userId, 'reset_password', deps.now());
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    return true;
  });
  if (!reset) throw appError('INVALID_TOKEN');
}

// ---------------------------------------------------------------- signed-in account

/**
 * Updates name and company at once. A new email needs the current password and changes only when the
 * link sent to it is opened (confirmEmailChange); the old address is told, so a hijacked session cannot
 * quietly move the account to an address its owner does not read.
 */
export async function updateProfile(
  deps: AuthDeps,
  actor: CurrentUser,
  input: z.infer<typeof profileSchema>,
  ip: string,
  sessionHash: string | null = null,
): Promise<CurrentUser> {
  const userId = actor.id;
  const user = await findUserById(deps.db, userId);
  const changesEmail = input.email !== user.email;
  // The company name is the workspace's: only its owners and managers rename it.
  const renamesCompany = actor.workspace !== null && input.companyName !== actor.workspace.name;
  const workspaceId = renamesCompany ? requireAction(actor, 'manage') : null;
  if (changesEmail) await assertEmailChangeAllowed(deps, user, input, ip);
  if (workspaceId) {
    await deps.db.transaction(async (tx) => {
      await tx.update(workspaces).set({ name: input.companyName, updatedAt: deps.now() }).where(eq(workspaces.id, workspaceId));
      await renameCompanyBrand(tx, workspaceId, actor.workspace!.name, input.companyName);
    });
  }
  const [updated] = await deps.db
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      ...(changesEmail ? { pendingEmail: input.email } : {}),
      updatedAt: deps.now(),
    })
    .where(eq(users.id, userId))
    .returning();
  if (changesEmail) await sendEmailChangeMails(deps, updated, input.email);
  return (await loadCurrentUser(deps.db, updated.id, sessionHash))!;
}

async function assertEmailChangeAllowed(
  deps: AuthDeps,
  user: UserRow,
  input: z.infer<typeof profileSchema>,
  ip: string,
): Promise<void> {
  if (!input.currentPassword) {
    throw validationFailed([fieldError('currentPassword', 'CURRENT_PASSWORD_NEEDED')]);
  }
  assertUsableAddress(deps, input.email);
  await checkCurrentPassword(deps, user, input.currentPassword, ip);
  if (await findUserByEmail(deps.db, input.email)) throw appError('EMAIL_TAKEN');
  await takeMailAllowance(deps, user, input.email);
}

/**
 * The right password is no licence to mail: every change that sends a confirmation counts, per account
 * and per new address. A change refused by the address's allowance gives the account's back.
 */
async function takeMailAllowance(deps: AuthDeps, user: UserRow, newEmail: string): Promise<void> {
  const giveBack = await takeAttempt(deps.db, deps.now(), RATE_RULES.emailChangeByAccount, { ip: '', userId: user.id });
  try {
    await takeAttempt(deps.db, deps.now(), RATE_RULES.emailChangeToAddress, { ip: '', email: newEmail });
  } catch (error) {
    await giveBack();
    throw error;
  }
}

async function sendEmailChangeMails(deps: AuthDeps, user: UserRow, newEmail: string): Promise<void> {
  const now = deps.now();
  // Only the latest request counts: a link sent for an earlier address must not apply it later.
  await retireTokens(deps.db, user.id, 'change_email', now);
  const token = await issueEmailToken(deps.db, user.id, 'change_email', EMAIL_CHANGE_TOKEN_HOURS * HOUR_MS, now);
  const link = `${deps.config.publicUrl}/api/auth/confirm-email?token=${encodeURIComponent(token)}`;
  sendInBackground(deps, {
    to: newEmail,
    ...confirmEmailChangeMessage({ link, validHours: EMAIL_CHANGE_TOKEN_HOURS, language: asAccountLanguage(user.language) }),
  });
  sendInBackground(deps, {
    to: user.email,
    ...emailChangeNoticeMessage({ firstName: nameToGreet(user), newEmail, forgotLink: forgotPasswordLink(deps), language: asAccountLanguage(user.language) }),
  });
}

export type EmailChangeOutcome = 'confirmed' | 'invalid' | 'taken';

/**
 * Opening the link proves the new mailbox is the user's: the pending address becomes the account's (and
 * counts as verified). If another account took the address meanwhile, nothing changes.
 */
export async function confirmEmailChange(deps: Pick<AuthDeps, 'db' | 'now'>, token: string): Promise<EmailChangeOutcome> {
  try {
    return await deps.db.transaction(async (tx) => {
      const userId = await consumeEmailToken(tx, token, 'change_email', deps.now());
      if (!userId) return 'invalid';
      const [user] = await tx.select().from(users).where(eq(users.id, userId));
      if (!user?.pendingEmail) return 'invalid';
      await tx
        .update(users)
        .set({ email: user.pendingEmail, pendingEmail: null, verified: true, updatedAt: deps.now() })
        .where(eq(users.id, userId));
      return 'confirmed';
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

/** The site's language changed while signed in: the account's emails follow it. */
export async function setAccountLanguage(
  deps: Pick<AuthDeps, 'db' | 'now'>,
  userId: UserId,
  language: AccountLanguage,
  sessionHash: string | null = null,
): Promise<CurrentUser> {
  await deps.db.update(users).set({ language, updatedAt: deps.now() }).where(eq(users.id, userId));
  return (await loadCurrentUser(deps.db, userId, sessionHash))!;
}

/** Changes the password after checking the current one; every other session and every reset link is void. */
export async function changePassword(
  deps: AuthDeps,
  userId: UserId,
  keepSessionHash: string | null,
  input: z.infer<typeof changePasswordSchema>,
  ip: string,
): Promise<void> {
  const now = deps.now();
  const user = await findUserById(deps.db, userId);
  assertUncommonPassword(input.newPassword, 'newPassword');
  await checkCurrentPassword(deps, user, input.currentPassword, ip);
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    // A reset link mailed before the change would otherwise undo it.
    await retireTokens(tx, userId, 'reset_password', now);
    const others = keepSessionHash
      ? and(eq(sessions.userId, userId), ne(sessions.idHash, keepSessionHash))
      : eq(sessions.userId, userId);
    await tx.delete(sessions).where(others);
  });
}

/** A stolen session must not become a way around the sign-in limit to guess the password. */
async function checkCurrentPassword(deps: AuthDeps, user: UserRow, password: string, ip: string): Promise<void> {
  const release = await takeAttempt(deps.db, deps.now(), RATE_RULES.passwordCheck, { email: user.email, ip, userId: user.id });
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw validationFailed([fieldError('currentPassword', 'WRONG_CURRENT_PASSWORD')]);
  }
  await release();
}

// ---------------------------------------------------------------- helpers

async function findUserById(db: Db, userId: UserId): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw unauthorized();
  return user;
}

async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return user;
}


/** A random single-use token; only its hash is stored, so a database leak yields no usable link. */
async function issueEmailToken(db: Db, userId: UserId, purpose: TokenPurpose, ttlMs: number, now: Date): Promise<string> {
  const token = randomToken();
  await db.insert(emailTokens).values({ tokenHash: sha256(token), userId, purpose, expiresAt: new Date(now.getTime() + ttlMs) });
  return token;
}

/** Uses the token up in one conditional update, so two clicks at once cannot both succeed. */
async function consumeEmailToken(db: Db, token: string, purpose: TokenPurpose, now: Date): Promise<UserId | null> {
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
async function retireTokens(db: Db, userId: UserId, purpose: TokenPurpose, now: Date): Promise<void> {
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
