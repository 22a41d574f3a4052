import type { FastifyInstance } from 'fastify';
import { createPaymentSchema, demoConfirmSchema, processSuccessSchema, spendsQuerySchema } from '../../shared/billing.js';
import { parseInput } from '../http/errors.js';
import { requireAction, requireUser } from '../access/access.js';
import {
  createPayment,
  createPaymentProvider,
  getSubscriptionStatus,
  handleStripeEvent,
  listPaymentHistory,
  listSpends,
  processPaymentSuccess,
} from './billing.service.js';
import { CardDeclinedError, confirmDemoPayment } from './demo-provider.js';
import { publicPlans } from '../invoices/plans.js';
import type { StripeProvider } from './stripe-provider.js';

const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/** /api/subscription: packages, purchase, status and history (issue 5). */
export async function billingRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const provider = createPaymentProvider(config, db);
  const billingDeps = { db, seller: config.seller, mailer: app.deps.mailer, publicUrl: config.publicUrl, log: app.log };

  app.get('/plans', async () => publicPlans());

  app.get('/status', async (request) => getSubscriptionStatus(db, requireUser(request)));

  app.get('/history', async (request) => listPaymentHistory(db, requireUser(request)));

  app.get('/spends', async (request) => listSpends(db, requireUser(request), parseInput(spendsQuerySchema, request.query)));

  app.post('/create', async (request) => {
    const user = requireUser(request);
    const input = parseInput(createPaymentSchema, request.body);
    // 422 BILLING_PROFILE_REQUIRED before any intent exists when the workspace has no billing details.
    return createPayment(billingDeps, provider, user, input);
  });

  app.post('/process-success', async (request) => {
    const user = requireUser(request);
    const { paymentIntentId } = parseInput(processSuccessSchema, request.body);
    return processPaymentSuccess(billingDeps, provider, user, paymentIntentId, request.sessionHash);
  });

  if (provider.name === 'demo') {
    app.post('/demo/confirm', async (request, reply) => {
      // Who may pay is decided before the card is read.
      const workspaceId = requireAction(requireUser(request), 'billing');
      const input = parseInput(demoConfirmSchema, request.body);
      try {
        return await confirmDemoPayment(db, workspaceId, input);
      } catch (error) {
        if (!(error instanceof CardDeclinedError)) throw error;
        return reply.status(402).send({
          status: 'requires_payment_method',
          message: error.message,
          code: error.code,
          paymentIntentId: error.paymentIntentId,
        });
      }
    });
  }

  if (provider.name === 'stripe') {
    const stripe = provider as StripeProvider;
    // The signature covers the exact bytes Stripe sent, so this route alone keeps the body raw.
    await app.register(async (webhook) => {
      webhook.removeAllContentTypeParsers();
      webhook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
      webhook.post('/webhook', async (request) => {
        const signature = request.headers['stripe-signature'];
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const event = stripe.verifyWebhook(raw, typeof signature === 'string' ? signature : undefined);
        const outcome = await handleStripeEvent(billingDeps, event);
        request.log.info({ eventId: event.id, type: event.type, ...outcome }, 'stripe webhook');
        return outcome;
      });
    });
  }
}
