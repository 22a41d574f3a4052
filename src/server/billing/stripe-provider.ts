import type { UserId, WorkspaceId } from '../../shared/ids.js';
import Stripe from 'stripe';
import { AppError, appError } from '../http/errors.js';
import { providerUnavailable, type PaymentProvider, type ProviderIntent } from './payment-provider.js';

export type StripeSettings = { secretKey: string; publishableKey: string | undefined; webhookSecret: string | undefined };

export type StripeProvider = PaymentProvider & {
  readonly publishableKey: string | null;
  /** Verifies a webhook's signature on its raw body and returns the event; 400 when it does not verify. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event;
};

export function intentFromStripe(intent: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: intent.id,
    status: intent.status,
    amount: intent.amount,
    currency: intent.currency,
    // Intents made before workspaces name the account, whose id its workspace kept. Stripe hands back as text
    // the id we gave it when the intent was made.
    workspaceId: (intent.metadata?.workspaceId ?? intent.metadata?.userId ?? null) as WorkspaceId | null,
    buyerId: (intent.metadata?.buyerId ?? intent.metadata?.userId ?? null) as UserId | null,
    planId: intent.metadata?.planId ?? null,
  };
}

function isMissingResource(error: unknown): boolean {
  const e = error as { code?: string; statusCode?: number };
  return e?.code === 'resource_missing' || e?.statusCode === 404;
}

/** Card payments through Stripe: PaymentIntents in USD with the workspace, buyer and plan in metadata. */
export function createStripeProvider(settings: StripeSettings): StripeProvider {
  const stripe = new Stripe(settings.secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
  return {
    name: 'stripe',
    publishableKey: settings.publishableKey ?? null,
    async createIntent({ workspaceId, buyerId, email, plan, amountCents }) {
      try {
        const intent = await stripe.paymentIntents.create({
          amount: amountCents,
          currency: 'usd',
          automatic_payment_methods: { enabled: true },
          description: `Nashr ${plan.name}`,
          receipt_email: email,
          metadata: { workspaceId, buyerId, planId: plan.id },
        });
        if (!intent.client_secret) throw providerUnavailable();
        return { paymentIntentId: intent.id, clientSecret: intent.client_secret };
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw providerUnavailable();
      }
    },
    async retrieveIntent(paymentIntentId) {
      try {
        return intentFromStripe(await stripe.paymentIntents.retrieve(paymentIntentId));
      } catch (error) {
        if (isMissingResource(error)) return null;
        throw providerUnavailable();
      }
    },
    async refund({ paymentIntentId, amountCents, idempotencyKey }) {
      try {
        const refund = await stripe.refunds.create({ payment_intent: paymentIntentId, amount: amountCents }, { idempotencyKey });
        // A refund Stripe could not give back to the card (test card 4000 0000 0000 5126 does this).
        if (refund.status === 'failed' || refund.status === 'canceled') throw appError('REFUND_FAILED');
        return { refundId: refund.id };
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw appError('REFUND_FAILED');
      }
    },
    verifyWebhook(rawBody, signature) {
      if (!settings.webhookSecret) throw appError('WEBHOOK_SECRET_MISSING');
      if (!signature) throw appError('WEBHOOK_SIGNATURE_MISSING');
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch {
        throw appError('WEBHOOK_SIGNATURE_INVALID');
      }
    },
  };
}
