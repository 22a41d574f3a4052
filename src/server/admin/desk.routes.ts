import type { UserId, WorkspaceId } from '../../shared/ids.js';
import type { FastifyInstance } from 'fastify';
import { grantSchema, refundSchema, suspendSchema } from '../../shared/admin.js';
import { sellerSettingsSchema } from '../../shared/invoices.js';
import { requireSuperAdmin } from '../access/access.js';
import { createPaymentProvider } from '../billing/billing.service.js';
import type { Db } from '../db/client.js';
import { appError, parseInput, parseUuidParam } from '../http/errors.js';
import { loadSeller, saveSeller } from '../invoices/seller.js';
import { getWorkspaceDetail } from './customers.service.js';
import { grantReleases } from './grants.service.js';
import { refundPayment } from './refunds.service.js';
import { reactivateWorkspace, suspendWorkspace } from './suspension.service.js';
import { resendVerificationFor, sendPasswordResetFor } from './verification.service.js';

/** A path's id; an unknown and a malformed one both answer 404 naming what was not found. */
function idParam<Id extends string = string>(params: unknown, key: string, code: 'WORKSPACE_NOT_FOUND' | 'PAYMENT_NOT_FOUND' | 'USER_NOT_FOUND'): Id {
  try {
    return parseUuidParam<Id>((params as Record<string, unknown>)[key]);
  } catch {
    throw appError(code);
  }
}
const workspaceIdOf = (params: unknown) => idParam<WorkspaceId>(params, 'id', 'WORKSPACE_NOT_FOUND');

/**
 * The operator's desk under /api/admin (issue 29): one customer's page, grants, suspension, refunds, the
 * seller's settings, verification mail sent again. Super admins only (403 to anyone else, 401 signed out).
 */
export async function deskRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, mailer } = app.deps;

  app.addHook('preHandler', async (request) => {
    requireSuperAdmin(request);
  });

  app.get('/seller', async () => loadSeller(db, config.seller));

  app.put('/seller', async (request) => {
    const actor = requireSuperAdmin(request);
    return saveSeller(db, actor, config.seller, parseInput(sellerSettingsSchema, request.body));
  });

  app.get('/workspaces/:id', async (request) => getWorkspaceDetail(db, workspaceIdOf(request.params)));

  app.post('/workspaces/:id/grant', async (request) => {
    const actor = requireSuperAdmin(request);
    const workspaceId = workspaceIdOf(request.params);
    return grantReleases(db, actor, workspaceId, parseInput(grantSchema, request.body));
  });

  app.post('/workspaces/:id/suspend', async (request) => {
    const actor = requireSuperAdmin(request);
    const workspaceId = workspaceIdOf(request.params);
    const { reason } = parseInput(suspendSchema, request.body);
    return suspendWorkspace(db, actor, workspaceId, reason);
  });

  app.post('/workspaces/:id/reactivate', async (request) => reactivateWorkspace(db, requireSuperAdmin(request), workspaceIdOf(request.params)));

  app.post('/users/:userId/resend-verification', async (request) => {
    const actor = requireSuperAdmin(request);
    const userId = idParam<UserId>(request.params, 'userId', 'USER_NOT_FOUND');
    return resendVerificationFor({ ...app.deps, log: request.log }, actor, userId);
  });

  app.post('/users/:userId/send-password-reset', async (request) => {
    const actor = requireSuperAdmin(request);
    const userId = idParam<UserId>(request.params, 'userId', 'USER_NOT_FOUND');
    return sendPasswordResetFor({ ...app.deps, log: request.log }, actor, userId, request.ip);
  });

  app.post('/payments/:id/refund', async (request) => {
    const actor = requireSuperAdmin(request);
    const paymentId = idParam(request.params, 'id', 'PAYMENT_NOT_FOUND');
    const { releases, reason } = parseInput(refundSchema, request.body);
    const deps = { db, providerFor: (tx: Db) => createPaymentProvider(config, tx), mailer, publicUrl: config.publicUrl, seller: config.seller, log: request.log };
    return refundPayment(deps, actor, paymentId, releases, reason);
  });
}
