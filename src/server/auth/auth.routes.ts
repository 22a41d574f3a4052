import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  accountLanguageSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  profileSchema,
  registerSchema,
  registerWithInvitationSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  signInLinkSchema,
  useSignInLinkSchema,
  type SignedIn,
  type SignInContext,
} from '../../shared/auth.js';
import { sessions } from '../db/schema.js';
import { parseInput } from '../http/errors.js';
import { BODY_LIMIT, limitBodiesTo } from '../http/server-limits.js';
import { endSession, loadCurrentUser, startSession } from '../access/session.js';
import { requireUser } from '../access/access.js';
import { admitDespiteSuspensions } from '../access/suspension.js';
import {
  authenticate,
  changePassword,
  confirmEmailChange,
  registerUser,
  registerWithInvitation,
  requestPasswordReset,
  recordSignIn,
  requestSignInLink,
  signInByLink,
  resendVerification,
  resetPassword,
  setAccountLanguage,
  updateProfile,
  verifyEmail,
  type AuthDeps,
} from './auth.service.js';
import type { UserId } from '../../shared/ids.js';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const serviceDeps = (request: FastifyRequest): AuthDeps => ({ ...app.deps, log: request.log });
  limitBodiesTo(app, BODY_LIMIT.accountForms);
  // A sign-in always gets a fresh session id; the one this browser held before is dropped.
  const signInThisBrowser = async (request: FastifyRequest, reply: FastifyReply, user: { id: UserId }, context: SignInContext = {}) => {
    if (request.sessionHash) await db.delete(sessions).where(eq(sessions.idHash, request.sessionHash));
    const session = await startSession(db, reply, user.id, config.secureCookies);
    const { firstSignIn } = await recordSignIn(app.deps, user.id, context);
    return { user: (await loadCurrentUser(db, user.id, session))!, firstSignIn } satisfies SignedIn;
  };

  app.post('/register', async (request, reply) => {
    const body = request.body as { invitationToken?: unknown } | null;
    // From an invitation: the address is proven by the link, so the new member is signed in at once.
    if (body && typeof body === 'object' && body.invitationToken !== undefined) {
      const input = parseInput(registerWithInvitationSchema, request.body);
      const created = await registerWithInvitation(serviceDeps(request), input, request.ip);
      reply.status(201);
      return { requiresVerification: false, email: input.email, ...(await signInThisBrowser(request, reply, created)) };
    }
    const input = parseInput(registerSchema, request.body);
    const result = await registerUser(serviceDeps(request), input, request.ip);
    return reply.status(201).send(result);
  });

  // The link in the verification email. No HEAD twin: mail scanners that probe links must not use the token.
  app.get('/verify', { exposeHeadRoute: false }, async (request, reply) => {
    const { token } = request.query as { token?: unknown };
    const verified = typeof token === 'string' && (await verifyEmail(app.deps, token));
    return reply.redirect(verified ? '/auth?verified=1' : '/auth?verified=invalid');
  });

  app.post('/login', async (request, reply) => {
    const input = parseInput(loginSchema, request.body);
    const user = await authenticate(serviceDeps(request), input, request.ip);
    await admitDespiteSuspensions(db, user, config.supportEmail);
    return signInThisBrowser(request, reply, user, input);
  });

  app.post('/sign-in-link', async (request) => {
    const { email } = parseInput(signInLinkSchema, request.body);
    await requestSignInLink(serviceDeps(request), email, request.ip);
    return { email };
  });

  // Posted by the page the emailed link opens (a click, not the GET a mail scanner makes).
  app.post('/sign-in-link/use', async (request, reply) => {
    const { token, ...context } = parseInput(useSignInLinkSchema, request.body);
    const user = await signInByLink(app.deps, token);
    await admitDespiteSuspensions(db, user, config.supportEmail);
    return signInThisBrowser(request, reply, user, context);
  });

  app.post('/resend-verification', async (request) => {
    const { email } = parseInput(resendVerificationSchema, request.body);
    await resendVerification(serviceDeps(request), email, request.ip);
    return { email };
  });

  app.post('/forgot-password', async (request) => {
    const { email } = parseInput(forgotPasswordSchema, request.body);
    await requestPasswordReset(serviceDeps(request), email, request.ip);
    return { email };
  });

  app.post('/reset-password', async (request) => {
    const input = parseInput(resetPasswordSchema, request.body);
    await resetPassword(app.deps, input);
    return { ok: true };
  });

  app.get('/me', async (request) => requireUser(request));
  // The same question asked by the app on every page, public ones included: being signed out is an
  // answer here (200, user null), not an error a visitor's browser console reports.
  app.get('/session', async (request) => ({ user: request.user ?? null }));

  app.post('/logout', async (request, reply) => {
    await endSession(db, request, reply);
    return { ok: true };
  });

  app.put('/profile', async (request) => {
    const user = requireUser(request);
    const input = parseInput(profileSchema, request.body);
    return updateProfile(serviceDeps(request), user, input, request.ip, request.sessionHash);
  });

  app.put('/language', async (request) => {
    const user = requireUser(request);
    const { language } = parseInput(accountLanguageSchema, request.body);
    return setAccountLanguage(app.deps, user.id, language, request.sessionHash);
  });

  // The link in the email-change confirmation; like /verify, no HEAD twin for link-probing scanners.
  app.get('/confirm-email', { exposeHeadRoute: false }, async (request, reply) => {
    const { token } = request.query as { token?: unknown };
    const outcome = typeof token === 'string' ? await confirmEmailChange(app.deps, token) : 'invalid';
    return reply.redirect(`/profile?email=${outcome}`);
  });

  app.put('/password', async (request) => {
    const user = requireUser(request);
    const input = parseInput(changePasswordSchema, request.body);
    await changePassword(serviceDeps(request), user.id, request.sessionHash, input, request.ip);
    return { ok: true };
  });
}
