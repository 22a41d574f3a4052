import { desc, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { asAccountLanguage, type CurrentUser, type Role } from '../../shared/auth.js';
import {
  receiptNumberOf,
  type CreatePaymentResponse,
  type PaymentRecord,
  type PlanId,
  type ProcessSuccessResponse,
  type SubscriptionStatus,
  type UserType,
} from '../../shared/billing.js';
import type { Config } from '../config.js';
import { canViewEmails } from '../contacts/contact-view.js';
import type { Db } from '../db/client.js';
import { payments, users } from '../db/schema.js';
import { AppError, notFound, appError } from '../http/errors.js';
import { createDemoProvider } from './demo-provider.js';
import type { PaymentProvider, ProviderIntent } from './payment-provider.js';
import { findPlan } from './plans.js';
import { createStripeProvider, intentFromStripe, type StripeProvider } from './stripe-provider.js';
import type { Mailer } from '../mail/transport.js';
import { receiptMessage, type ReceiptFacts } from '../mail/templates/receipt.js';

/** What crediting a payment needs beyond the database: the receipt goes out by mail. */
export type BillingDeps = {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: { error: (obj: object, msg: string) => void };
};

/** A credited purchase, as its receipt states it. */
export type Receipt = ReceiptFacts & { userId: string };

export function createPaymentProvider(config: Config, db: Db): PaymentProvider | StripeProvider {
  return config.stripe ? createStripeProvider(config.stripe) : createDemoProvider(db);
}

type UserRow = typeof users.$inferSelect;

/** SPEC §3 Subscription status from the stored user; the allowance model of PRODUCT.md §1. */
export function subscriptionStatusOf(row: UserRow): SubscriptionStatus {
  const isSuperAdmin = row.role === 'super_admin';
  const userType: UserType = isSuperAdmin ? 'super_admin' : row.userType === 'active' ? 'active' : 'trial';
  const limit = row.monthlyPressReleaseLimit;
  const used = row.pressReleasesUsedThisMonth;
  const remaining = Math.max(0, limit - used);
  const plan = row.subscriptionPlan && findPlan(row.subscriptionPlan) ? (row.subscriptionPlan as PlanId) : null;
  return {
    userType,
    status: userType,
    subscriptionPlan: plan,
    canSend: { canSend: isSuperAdmin || remaining > 0 },
    // One rule for the whole product: the contacts feature masks emails by the same function.
    canViewEmails: canViewEmails({ role: row.role as Role, userType }),
    isTrialUser: userType === 'trial',
    isSuperAdmin,
    needsSubscription: !isSuperAdmin && remaining === 0,
    monthlyPressReleaseLimit: limit,
    pressReleasesUsedThisMonth: used,
    remaining,
  };
}

export async function getSubscriptionStatus(db: Db, userId: string): Promise<SubscriptionStatus> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound();
  return subscriptionStatusOf(row);
}

export async function listPaymentHistory(db: Db, userId: string): Promise<PaymentRecord[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id));
  return rows.map((p) => ({
    id: p.id,
    planId: p.planId as PlanId,
    amount: p.amount,
    currency: p.currency,
    status: p.status,
    createdAt: new Date(p.createdAt).toISOString(),
    receiptNumber: receiptNumberOf(p.receiptSeq, p.createdAt),
    balanceAfter: p.balanceAfter,
  }));
}

/** Starts a purchase: the amount comes from the plan table, never from the request. */
export async function createPayment(
  provider: PaymentProvider | StripeProvider,
  user: CurrentUser,
  planId: PlanId,
): Promise<CreatePaymentResponse> {
  if (user.role === 'super_admin') throw appError('SUPER_ADMIN_NO_PURCHASE');
  const plan = findPlan(planId);
  if (!plan) throw appError('PLAN_NOT_FOUND');
  const created = await provider.createIntent({ userId: user.id, email: user.email, plan });
  if (provider.name === 'stripe') {
    return { provider: 'stripe', ...created, publishableKey: (provider as StripeProvider).publishableKey };
  }
  return { provider: 'demo', ...created };
}

export const paymentNotCompleted = () => appError('PAYMENT_NOT_COMPLETED');
const paymentMismatch = () => appError('PAYMENT_MISMATCH');

/**
 * Credits a payment the provider reports as succeeded, exactly once per payment intent: the unique
 * payments.payment_intent_id decides (INSERT … ON CONFLICT DO NOTHING), and the allowance grows in the
 * same transaction, so replays, a webhook racing a confirmation, or two confirmations credit once.
 * Returns the receipt when this call credited, null when the payment was already credited.
 */
export async function creditSucceededIntent(db: Db, providerName: string, intent: ProviderIntent): Promise<Receipt | null> {
  if (intent.status !== 'succeeded') throw paymentNotCompleted();
  const plan = intent.planId ? findPlan(intent.planId) : undefined;
  if (!plan || !intent.userId || intent.amount !== plan.amountCents || intent.currency.toLowerCase() !== 'usd') {
    throw paymentMismatch();
  }
  const userId = intent.userId;
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .insert(payments)
      .values({
        userId,
        provider: providerName,
        paymentIntentId: intent.id,
        planId: plan.id,
        amount: plan.amountCents,
        currency: 'usd',
        status: 'succeeded',
      })
      .onConflictDoNothing({ target: payments.paymentIntentId })
      .returning();
    if (!payment) return null;
    const [account] = await tx
      .update(users)
      .set({
        monthlyPressReleaseLimit: sql`${users.monthlyPressReleaseLimit} + ${plan.pressReleaseLimit}`,
        // The first purchase turns a trial account into a paying one (super admins keep their type).
        userType: sql`case when ${users.userType} = 'trial' then 'active' else ${users.userType} end`,
        subscriptionStatus: 'active',
        subscriptionPlan: plan.id,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning();
    const balanceAfter = subscriptionStatusOf(account).remaining;
    await tx.update(payments).set({ balanceAfter }).where(eq(payments.id, payment.id));
    return {
      userId,
      receiptNumber: receiptNumberOf(payment.receiptSeq, payment.createdAt),
      planName: { en: plan.name, ar: plan.arabicName },
      amountCents: payment.amount,
      currency: payment.currency,
      paidAt: new Date(payment.createdAt),
      balanceAfter,
    };
  });
}

/**
 * Emails the buyer their receipt. It leaves after the answer: a slow or failing relay must not fail a
 * payment that has been taken; the purchase stays in the billing history with the same figures.
 */
function sendReceipt(deps: BillingDeps, receipt: Receipt): void {
  void (async () => {
    const [buyer] = await deps.db
      .select({ email: users.email, firstName: users.firstName, language: users.language })
      .from(users)
      .where(eq(users.id, receipt.userId));
    if (!buyer) return;
    const billingLink = new URL('/subscription', deps.publicUrl).href;
    await deps.mailer.send({ to: buyer.email, ...receiptMessage({ firstName: buyer.firstName, billingLink, language: asAccountLanguage(buyer.language), ...receipt }) });
  })().catch((error: unknown) => {
    deps.log.error({ err: error, receipt: receipt.receiptNumber }, 'receipt email could not be sent');
  });
}

/** Credits the payment once and, the time it is credited, sends its receipt. Returns whether it credited. */
async function creditAndSendReceipt(deps: BillingDeps, providerName: string, intent: ProviderIntent): Promise<boolean> {
  const receipt = await creditSucceededIntent(deps.db, providerName, intent);
  if (receipt) sendReceipt(deps, receipt);
  return receipt !== null;
}

/** The browser reports a payment: the provider is asked for the truth; the client's word is not taken. */
export async function processPaymentSuccess(
  deps: BillingDeps,
  provider: PaymentProvider,
  user: CurrentUser,
  paymentIntentId: string,
): Promise<ProcessSuccessResponse> {
  const intent = await provider.retrieveIntent(paymentIntentId);
  // Someone else's intent is as unknown as an invented one.
  if (!intent || intent.userId !== user.id) throw appError('PAYMENT_NOT_FOUND');
  const credited = await creditAndSendReceipt(deps, provider.name, intent);
  return { credited, status: await getSubscriptionStatus(deps.db, user.id) };
}

export type WebhookOutcome = { received: true; handled: boolean; credited: boolean };

/**
 * A verified Stripe event. Only payment_intent.succeeded credits, from the PaymentIntent the signed
 * event carries; anything that cannot be credited is acknowledged so Stripe stops retrying it.
 */
export async function handleStripeEvent(deps: BillingDeps, event: Stripe.Event): Promise<WebhookOutcome> {
  const { db } = deps;
  if (event.type !== 'payment_intent.succeeded') return { received: true, handled: false, credited: false };
  const intent = intentFromStripe(event.data.object as Stripe.PaymentIntent);
  if (!intent.userId || !/^[0-9a-f-]{36}$/i.test(intent.userId)) return { received: true, handled: false, credited: false };
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.id, intent.userId)).limit(1);
  if (!owner) return { received: true, handled: false, credited: false };
  try {
    const credited = await creditAndSendReceipt(deps, 'stripe', intent);
    return { received: true, handled: true, credited };
  } catch (error) {
    if (error instanceof AppError) return { received: true, handled: false, credited: false };
    throw error;
  }
}
