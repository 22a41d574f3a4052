import type { WorkspaceId } from '../../shared/ids.js';
import { createHash, randomBytes } from 'node:crypto';
import { errorText } from '../../shared/error-codes.js';
import { and, eq } from 'drizzle-orm';
import { DEMO_CARD_DECLINED, DEMO_CARD_REFUND_FAILS, DEMO_CARD_SUCCESS, type DemoConfirmResponse } from '../../shared/billing.js';
import type { Db } from '../db/client.js';
import { demoPaymentIntents } from '../db/schema.js';
import { AppError, appError } from '../http/errors.js';
import type { PaymentProvider, ProviderIntent } from './payment-provider.js';

type DemoIntentRow = typeof demoPaymentIntents.$inferSelect;

const toProviderIntent = (row: DemoIntentRow): ProviderIntent => ({
  id: row.id,
  status: row.status,
  amount: row.amount,
  currency: row.currency,
  workspaceId: row.workspaceId,
  buyerId: null,
  planId: row.planId,
});

/**
 * Payments without a card network, so the product works offline: intents live in the database and
 * are confirmed with Stripe's published test card numbers (SPEC §2 payment view, issue 5).
 */
export function createDemoProvider(db: Db): PaymentProvider {
  return {
    name: 'demo',
    async createIntent({ workspaceId, plan, amountCents }) {
      const id = `pi_demo_${randomBytes(12).toString('hex')}`;
      const clientSecret = `${id}_secret_${randomBytes(16).toString('base64url')}`;
      await db.insert(demoPaymentIntents).values({ id, clientSecret, workspaceId, planId: plan.id, amount: amountCents, currency: 'usd' });
      return { paymentIntentId: id, clientSecret };
    },
    async retrieveIntent(paymentIntentId) {
      const [row] = await db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, paymentIntentId)).limit(1);
      return row ? toProviderIntent(row) : null;
    },
    // Nothing to give back without a card network: the refund succeeds unless the card was the one whose
    // refunds fail. The id is derived from the idempotency key, so a repeated request names one refund.
    async refund({ paymentIntentId, amountCents, idempotencyKey }) {
      const [row] = await db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, paymentIntentId)).limit(1);
      if (!row || row.status !== 'succeeded' || row.refundFails || amountCents <= 0 || amountCents > row.amount) throw appError('REFUND_FAILED');
      return { refundId: `re_demo_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}` };
    },
  };
}

export class CardDeclinedError extends AppError {
  constructor(
    code: 'CARD_DECLINED' | 'CARD_DECLINED_TEST_MODE',
    readonly paymentIntentId: string,
  ) {
    super(402, code, errorText(code));
  }
}

/** Stripe's test-mode answer for a given card number: null means the charge goes through. */
function declineReason(cardNumber: string): 'CARD_DECLINED' | 'CARD_DECLINED_TEST_MODE' | null {
  if (cardNumber === DEMO_CARD_SUCCESS || cardNumber === DEMO_CARD_REFUND_FAILS) return null;
  if (cardNumber === DEMO_CARD_DECLINED) return 'CARD_DECLINED';
  return 'CARD_DECLINED_TEST_MODE';
}

/**
 * Confirms the caller's own demo intent with a (validated) card. Confirming an intent that already
 * succeeded answers success again without charging twice.
 */
export async function confirmDemoPayment(
  db: Db,
  workspaceId: WorkspaceId,
  input: { clientSecret: string; cardNumber: string },
): Promise<DemoConfirmResponse> {
  const [intent] = await db
    .select()
    .from(demoPaymentIntents)
    .where(and(eq(demoPaymentIntents.clientSecret, input.clientSecret), eq(demoPaymentIntents.workspaceId, workspaceId)))
    .limit(1);
  if (!intent) throw appError('PAYMENT_NOT_FOUND');
  if (intent.status === 'succeeded') return { status: 'succeeded', paymentIntentId: intent.id };
  const reason = declineReason(input.cardNumber);
  if (reason) throw new CardDeclinedError(reason, intent.id);
  await db
    .update(demoPaymentIntents)
    .set({ status: 'succeeded', refundFails: input.cardNumber === DEMO_CARD_REFUND_FAILS })
    .where(eq(demoPaymentIntents.id, intent.id));
  return { status: 'succeeded', paymentIntentId: intent.id };
}
