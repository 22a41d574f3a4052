import type { BrandId, UserId, WorkspaceId } from '../../shared/ids.js';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { asAccountLanguage, type CurrentUser } from '../../shared/auth.js';
import {
  everyPackageRefunded,
  receiptNumberOf,
  type CreatePaymentResponse,
  type PaymentRecord,
  type PlanId,
  type ProcessSuccessResponse,
  type SpendsPage,
  type SubscriptionStatus,
} from '../../shared/billing.js';
import type { BillingProfile, BuyerKind, SellerSettings } from '../../shared/invoices.js';
import { SENT_STATUSES } from '../../shared/releases.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import {
  allowanceGrants,
  brands,
  checkoutQuotes,
  invoices,
  payments,
  pressReleases,
  users,
  workspaceMembers,
  workspaces,
} from '../db/schema.js';
import { canViewEmails, mayAct, requireAction } from '../access/access.js';
import { contactFirst, isSuperAdmin, isUnmetered, requireCustomer, userTypeOf } from '../access/roles.js';
import { loadCurrentUser } from '../access/session.js';
import { recordActivity } from '../workspaces/workspaces.service.js';
import { AppError, notFound, appError } from '../http/errors.js';
import { createDemoProvider } from './demo-provider.js';
import { requireVisibleBrand } from '../brands/brand-filter.js';
import type { PaymentProvider, ProviderIntent } from './payment-provider.js';
import { findPlan, type ServerPlan } from '../invoices/plans.js';
import { createStripeProvider, intentFromStripe, type StripeProvider } from './stripe-provider.js';
import type { Mailer } from '../mail/transport.js';
import { receiptMessage, type ReceiptFacts } from '../mail/templates/receipt.js';
import { issueDocument } from '../invoices/documents.js';
import {
  findBillingProfile,
  purchaseInvoiceDraft,
  requireBillingProfile,
  termsOf,
  type PurchaseTerms,
} from '../invoices/invoices.service.js';
import { loadSeller } from '../invoices/seller.js';
import { buyerKindOf } from '../invoices/tax.js';

/** What crediting a payment needs beyond the database: the receipt goes out by mail. */
export type BillingDeps = CreditDeps & {
  mailer: Mailer;
  publicUrl: string;
  log: { error: (obj: object, msg: string) => void };
};

/** What crediting a payment reads: the database and the seller configured before the console saves one. */
export type CreditDeps = { db: Db; seller: SellerSettings | undefined };

/** A credited purchase, as its receipt states it, and who receives it (the buyer, else an owner). */
export type Receipt = ReceiptFacts & { workspaceId: WorkspaceId; buyerId: UserId | null; invoiceId: string };

export function createPaymentProvider(config: Config, db: Db): PaymentProvider | StripeProvider {
  return config.stripe ? createStripeProvider(config.stripe) : createDemoProvider(db);
}

type WorkspaceRow = typeof workspaces.$inferSelect;

/** SPEC §3 Subscription status of the current workspace; the allowance model of PRODUCT.md §1. */
export function subscriptionStatusOf(workspace: WorkspaceRow, actor: CurrentUser, packageRefunded = false): SubscriptionStatus {
  const unmetered = isUnmetered(actor);
  const userType = userTypeOf(actor, workspace);
  const limit = workspace.monthlyPressReleaseLimit;
  const used = workspace.pressReleasesUsedThisMonth;
  const remaining = Math.max(0, limit - used);
  const plan = workspace.subscriptionPlan && findPlan(workspace.subscriptionPlan) ? (workspace.subscriptionPlan as PlanId) : null;
  // Writers and viewers never send themselves: a writer's Send is a submission for approval.
  const mayPublish = mayAct(actor, 'publish');
  return {
    userType,
    status: userType,
    subscriptionPlan: plan,
    canSend: { canSend: mayPublish && (unmetered || remaining > 0), ...(mayPublish ? {} : { reason: 'role' as const }) },
    canViewEmails: canViewEmails(actor),
    isTrialUser: userType === 'trial',
    isSuperAdmin: isSuperAdmin(actor),
    needsSubscription: !unmetered && remaining === 0,
    monthlyPressReleaseLimit: limit,
    pressReleasesUsedThisMonth: used,
    remaining,
    packageRefunded,
  };
}

export async function getSubscriptionStatus(db: Db, actor: CurrentUser): Promise<SubscriptionStatus> {
  // The allowance is the workspace's, not a brand's: a client seat does not see it.
  const workspaceId = requireAction(actor, 'browse');
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1);
  if (!row) throw notFound();
  const purchases = await db
    .select({ status: payments.status, amount: payments.amount, refundedAmount: payments.refundedAmount })
    .from(payments)
    .where(eq(payments.workspaceId, workspaceId));
  return subscriptionStatusOf(row, actor, everyPackageRefunded(purchases));
}

/** GET /api/subscription/history: purchases with their invoices, and the releases Nashr granted, newest first. */
export async function listPaymentHistory(db: Db, actor: CurrentUser): Promise<PaymentRecord[]> {
  const workspaceId = requireAction(actor, 'billing');
  const purchases = await db
    .select({ payment: payments, invoice: { id: invoices.id, number: invoices.number } })
    .from(payments)
    .leftJoin(invoices, and(eq(invoices.paymentId, payments.id), eq(invoices.kind, 'invoice')))
    .where(eq(payments.workspaceId, workspaceId));
  // The grant's reason is the operator's note, not the customer's to read.
  const grants = await db
    .select({ id: allowanceGrants.id, releases: allowanceGrants.releases, createdAt: allowanceGrants.createdAt })
    .from(allowanceGrants)
    .where(eq(allowanceGrants.workspaceId, workspaceId));
  const records: PaymentRecord[] = [
    ...purchases.map(({ payment: p, invoice }) => ({
      id: p.id,
      kind: 'purchase' as const,
      planId: p.planId as PlanId,
      amount: p.amount,
      currency: p.currency,
      status: p.status,
      createdAt: new Date(p.createdAt).toISOString(),
      receiptNumber: receiptNumberOf(p.receiptSeq, p.createdAt),
      balanceAfter: p.balanceAfter,
      releases: p.releases,
      vat: p.vat,
      poNumber: p.poNumber,
      invoiceId: invoice?.id ?? null,
      invoiceNumber: invoice?.number ?? null,
      refundedReleases: p.refundedReleases,
    })),
    ...grants.map((g) => ({
      id: g.id,
      kind: 'grant' as const,
      planId: null,
      amount: 0,
      currency: 'usd',
      status: 'succeeded' as const,
      createdAt: new Date(g.createdAt).toISOString(),
      receiptNumber: null,
      balanceAfter: null,
      releases: g.releases,
      vat: 0,
      poNumber: null,
      invoiceId: null,
      invoiceNumber: null,
      refundedReleases: 0,
    })),
  ];
  return records.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

/**
 * GET /api/subscription/spends: the workspace's releases that hold a press release of the allowance, each
 * with its brand (issue 28: every spend is attributed to a brand), newest first, one brand's with `brandId`.
 */
export async function listSpends(
  db: Db,
  actor: CurrentUser,
  query: { page: number; pageSize: number; brandId?: BrandId },
): Promise<SpendsPage> {
  const workspaceId = requireAction(actor, 'billing');
  // Another workspace's brand is unknown here, even to a super admin: spends are the current workspace's.
  if (query.brandId && (await requireVisibleBrand(db, actor, query.brandId)).workspaceId !== workspaceId)
    throw appError('BRAND_NOT_FOUND');
  const where = and(
    eq(pressReleases.workspaceId, workspaceId),
    eq(pressReleases.allowanceUsed, true),
    query.brandId ? eq(pressReleases.brandId, query.brandId) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(pressReleases).where(where);
  const rows = await db
    .select({
      releaseId: pressReleases.id,
      title: pressReleases.title,
      status: pressReleases.status,
      sentAt: pressReleases.sentAt,
      scheduledAt: pressReleases.scheduledAt,
      brand: { id: brands.id, name: brands.name, nameAr: brands.nameAr },
    })
    .from(pressReleases)
    .innerJoin(brands, eq(brands.id, pressReleases.brandId))
    .where(where)
    .orderBy(
      desc(sql`coalesce(${pressReleases.sentAt}, ${pressReleases.scheduledAt}, ${pressReleases.updatedAt})`),
      desc(pressReleases.id),
    )
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const items = rows.map((r) => ({
    ...r,
    sentAt: r.sentAt?.toISOString() ?? null,
    scheduledAt: r.scheduledAt?.toISOString() ?? null,
    hold: SENT_STATUSES.includes(r.status) ? ('spent' as const) : ('held' as const),
  }));
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/**
 * Starts a purchase: the amount comes from the plan table and the VAT from the buyer's billing profile,
 * never from the request. The quote is kept by intent, so the invoice states what was charged.
 */
export async function createPayment(
  deps: CreditDeps,
  provider: PaymentProvider | StripeProvider,
  user: CurrentUser,
  input: { planId: PlanId; poNumber: string | null },
): Promise<CreatePaymentResponse> {
  const workspaceId = requireAction(requireCustomer(user), 'billing');
  const plan = findPlan(input.planId);
  if (!plan) throw appError('PLAN_NOT_FOUND');
  const buyer = await requireBillingProfile(deps.db, workspaceId);
  const terms = termsOf(await loadSeller(deps.db, deps.seller), buyer, plan, input.poNumber);
  const amountCents = terms.subtotal + terms.vat;
  const created = await provider.createIntent({ workspaceId, buyerId: user.id, email: user.email, plan, amountCents });
  await deps.db.insert(checkoutQuotes).values({
    paymentIntentId: created.paymentIntentId,
    workspaceId,
    planId: plan.id,
    subtotal: terms.subtotal,
    vat: terms.vat,
    vatRateBp: terms.vatRateBp,
    reverseCharge: terms.reverseCharge,
    poNumber: terms.poNumber,
    buyer: { ...terms.buyer },
  });
  if (provider.name === 'stripe') {
    return { provider: 'stripe', ...created, publishableKey: (provider as StripeProvider).publishableKey };
  }
  return { provider: 'demo', ...created };
}

export const paymentNotCompleted = () => appError('PAYMENT_NOT_COMPLETED');
const paymentMismatch = () => appError('PAYMENT_MISMATCH');

/**
 * What the intent was created for: its checkout quote. An intent made before quotes were kept (a Stripe
 * payment begun before tax invoices) was charged the plan's price without VAT; its invoice names the
 * buyer as a consumer, from the billing profile when there is one, else the workspace's name.
 */
async function termsOfIntent(db: Db, intent: ProviderIntent, workspaceId: WorkspaceId, plan: ServerPlan): Promise<PurchaseTerms & { buyerKind: BuyerKind }> {
  const [quote] = await db.select().from(checkoutQuotes).where(eq(checkoutQuotes.paymentIntentId, intent.id)).limit(1);
  if (quote) {
    if (quote.workspaceId !== workspaceId || quote.planId !== plan.id) throw paymentMismatch();
    const buyer = quote.buyer as BillingProfile;
    return { ...quote, buyer, buyerKind: buyerKindOf(buyer) };
  }
  const profile = await findBillingProfile(db, workspaceId);
  const [workspace] = await db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1);
  const buyer: BillingProfile = profile
    ? { ...profile, taxNumber: '' }
    : { legalName: workspace?.name ?? '', legalNameAr: '', address: '', country: '', taxNumber: '' };
  return { subtotal: plan.amountCents, vat: 0, vatRateBp: 0, reverseCharge: false, poNumber: null, buyer, buyerKind: 'consumer' };
}

/**
 * Credits a payment the provider reports as succeeded, exactly once per payment intent: the unique
 * payments.payment_intent_id decides (INSERT … ON CONFLICT DO NOTHING), and the allowance grows and the
 * tax invoice is issued in the same transaction, so replays, a webhook racing a confirmation, or two
 * confirmations credit and invoice once, and an invoice number is never taken for a payment not recorded.
 * Returns the receipt when this call credited, null when the payment was already credited.
 */
export async function creditSucceededIntent(
  deps: CreditDeps,
  providerName: string,
  intent: ProviderIntent,
  buyerId: UserId | null = intent.buyerId,
): Promise<Receipt | null> {
  const { db } = deps;
  if (intent.status !== 'succeeded') throw paymentNotCompleted();
  const plan = intent.planId ? findPlan(intent.planId) : undefined;
  if (!plan || !intent.workspaceId || intent.currency.toLowerCase() !== 'usd') throw paymentMismatch();
  const workspaceId = intent.workspaceId;
  const terms = await termsOfIntent(db, intent, workspaceId, plan);
  if (intent.amount !== terms.subtotal + terms.vat) throw paymentMismatch();
  const seller = await loadSeller(db, deps.seller);
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .insert(payments)
      .values({
        workspaceId,
        paidBy: buyerId,
        provider: providerName,
        paymentIntentId: intent.id,
        planId: plan.id,
        amount: intent.amount,
        currency: 'usd',
        status: 'succeeded',
        releases: plan.pressReleaseLimit,
        vat: terms.vat,
        poNumber: terms.poNumber,
      })
      .onConflictDoNothing({ target: payments.paymentIntentId })
      .returning();
    if (!payment) return null;
    const [account] = await tx
      .update(workspaces)
      .set({
        monthlyPressReleaseLimit: sql`${workspaces.monthlyPressReleaseLimit} + ${plan.pressReleaseLimit}`,
        // The first purchase turns a trial workspace into a paying one.
        userType: 'active',
        subscriptionStatus: 'active',
        subscriptionPlan: plan.id,
        updatedAt: new Date(),
      })
      .where(eq(workspaces.id, workspaceId))
      .returning();
    const balanceAfter = Math.max(0, account.monthlyPressReleaseLimit - account.pressReleasesUsedThisMonth);
    await tx.update(payments).set({ balanceAfter }).where(eq(payments.id, payment.id));
    await recordPurchase(tx, workspaceId, buyerId, plan.name);
    // Last, so the series stays locked for as short a time as possible.
    const draft = purchaseInvoiceDraft({ seller, plan, terms, buyerKind: terms.buyerKind, payment: { ...payment, workspaceId } });
    const invoice = await issueDocument(tx, seller.invoicePrefix, draft);
    return {
      workspaceId,
      buyerId,
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
      receiptNumber: receiptNumberOf(payment.receiptSeq, payment.createdAt),
      planName: { en: plan.name, ar: plan.arabicName },
      amountCents: payment.amount,
      vatCents: payment.vat,
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
    const buyer = await receiptRecipient(deps.db, receipt);
    if (!buyer) return;
    const billingLink = new URL('/subscription', deps.publicUrl).href;
    const invoiceLink = new URL(`/billing/invoices/${receipt.invoiceId}`, deps.publicUrl).href;
    const pdfLink = new URL(`/api/billing/invoices/${receipt.invoiceId}/pdf`, deps.publicUrl).href;
    const language = asAccountLanguage(buyer.language);
    await deps.mailer.send({ to: buyer.email, ...receiptMessage({ firstName: buyer.firstName, billingLink, invoiceLink, pdfLink, language, timeZone: buyer.timeZone, ...receipt }) });
  })().catch((error: unknown) => {
    deps.log.error({ err: error, receipt: receipt.receiptNumber }, 'receipt email could not be sent');
  });
}

/** The workspace's activity names the buyer (when known) and the package. */
async function recordPurchase(tx: Db, workspaceId: WorkspaceId, buyerId: UserId | null, planName: string): Promise<void> {
  const [buyer] = buyerId ? await tx.select().from(users).where(eq(users.id, buyerId)) : [];
  await recordActivity(tx, workspaceId, buyer ?? null, 'purchase', { plan: planName });
}

/** The buyer, while still a member of the workspace; otherwise its first owner. */
async function receiptRecipient(db: Db, receipt: Receipt) {
  const [person] = await db
    .select({ email: users.email, firstName: users.firstName, language: users.language, timeZone: users.timeZone })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, receipt.workspaceId))
    .orderBy(
      desc(receipt.buyerId ? sql`${users.id} = ${receipt.buyerId}::uuid` : sql`false`),
      ...contactFirst,
    )
    .limit(1);
  return person;
}

/** Credits the payment once and, the time it is credited, sends its receipt. Returns whether it credited. */
async function creditAndSendReceipt(deps: BillingDeps, providerName: string, intent: ProviderIntent, buyerId = intent.buyerId): Promise<boolean> {
  const receipt = await creditSucceededIntent(deps, providerName, intent, buyerId);
  if (receipt) sendReceipt(deps, receipt);
  return receipt !== null;
}

/** The browser reports a payment: the provider is asked for the truth; the client's word is not taken. */
export async function processPaymentSuccess(
  deps: BillingDeps,
  provider: PaymentProvider,
  user: CurrentUser,
  paymentIntentId: string,
  sessionHash: string | null = null,
): Promise<ProcessSuccessResponse> {
  const intent = await provider.retrieveIntent(paymentIntentId);
  // Another workspace's intent is as unknown as an invented one.
  if (!intent || !user.workspace || intent.workspaceId !== user.workspace.id) throw appError('PAYMENT_NOT_FOUND');
  const credited = await creditAndSendReceipt(deps, provider.name, intent, intent.buyerId ?? user.id);
  return { credited, status: await getSubscriptionStatus(deps.db, (await loadCurrentUser(deps.db, user.id, sessionHash)) ?? user) };
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
  if (!intent.workspaceId || !/^[0-9a-f-]{36}$/i.test(intent.workspaceId)) return { received: true, handled: false, credited: false };
  if (intent.buyerId && !/^[0-9a-f-]{36}$/i.test(intent.buyerId)) return { received: true, handled: false, credited: false };
  const [owner] = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, intent.workspaceId)).limit(1);
  if (!owner) return { received: true, handled: false, credited: false };
  try {
    const credited = await creditAndSendReceipt(deps, 'stripe', intent);
    return { received: true, handled: true, credited };
  } catch (error) {
    if (error instanceof AppError) return { received: true, handled: false, credited: false };
    throw error;
  }
}
