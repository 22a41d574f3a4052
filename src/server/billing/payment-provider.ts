import type { UserId, WorkspaceId } from '../../shared/ids.js';
import type { PaymentProviderName } from '../../shared/billing.js';
import { appError } from '../http/errors.js';
import type { ServerPlan } from '../invoices/plans.js';

/** What a provider says about a payment intent: the only source of truth for crediting. */
export type ProviderIntent = {
  id: string;
  /** The provider's status, e.g. succeeded, processing, requires_payment_method. */
  status: string;
  /** Cents. */
  amount: number;
  currency: string;
  /** The workspace the purchase credits. */
  workspaceId: WorkspaceId | null;
  /** The member who bought it (their receipt), when the provider records it. */
  buyerId: UserId | null;
  planId: string | null;
};

export type CreatedIntent = { paymentIntentId: string; clientSecret: string };

/** A refund of part or all of a paid intent. The same idempotency key never refunds twice. */
export type RefundRequest = { paymentIntentId: string; amountCents: number; idempotencyKey: string };

/** Stripe when a secret key is configured, the built-in demo provider otherwise (ARCHITECTURE.md §2). */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** An intent for `amountCents` (the package's price plus the VAT of the buyer's quote), in USD. */
  createIntent(input: { workspaceId: WorkspaceId; buyerId: UserId; email: string; plan: ServerPlan; amountCents: number }): Promise<CreatedIntent>;
  /** The provider's record of the intent; null when the provider does not know the id. */
  retrieveIntent(paymentIntentId: string): Promise<ProviderIntent | null>;
  /** Gives money back to the card; throws REFUND_FAILED when the provider refuses. Returns its refund id. */
  refund(input: RefundRequest): Promise<{ refundId: string }>;
}

export const providerUnavailable = () =>
  appError('PAYMENT_PROVIDER_ERROR');
