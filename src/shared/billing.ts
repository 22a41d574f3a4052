import type { BrandId } from './ids.js';
import { z } from 'zod';
import { brandIdFilter } from './brands.js';
import { poNumberField } from './invoices.js';
import { pageParam, pageSizeParam } from './paging.js';

/**
 * Packages, payments and the subscription status (SPEC.md §2 Subscription, §3 Plan and Subscription
 * status, PRODUCT.md §1–§2). Prices live on the server only; no request schema here accepts a price.
 */

export const planIds = ['package_1', 'package_2'] as const;
export type PlanId = (typeof planIds)[number];

export type PaymentProviderName = 'stripe' | 'demo';

/** A package as GET /api/subscription/plans answers it. `price` is in dollars, as SPEC §3 shows it. */
export type Plan = {
  id: PlanId;
  name: string;
  /** Whole dollars, one-time. */
  price: number;
  currency: 'usd';
  pressReleaseLimit: number;
  features: string[];
  tagline: string;
  mostPopular: boolean;
  /** Dollars saved against buying single releases; 0 when none. */
  savings: number;
};

export type UserType = 'trial' | 'active' | 'super_admin';

/** GET /api/subscription/status (SPEC §3 plus what the purchase gate reads). */
export type SubscriptionStatus = {
  userType: UserType;
  status: 'trial' | 'active' | 'super_admin';
  subscriptionPlan: PlanId | null;
  /** Writers and viewers cannot send (reason 'role': a writer's Send is a submission for approval). */
  canSend: { canSend: boolean; reason?: 'role' };
  canViewEmails: boolean;
  isTrialUser: boolean;
  isSuperAdmin: boolean;
  needsSubscription: boolean;
  monthlyPressReleaseLimit: number;
  pressReleasesUsedThisMonth: number;
  remaining: number;
  /** Every package bought was refunded in full: no paid package any more, whatever the account's type says. */
  packageRefunded: boolean;
};

/**
 * A payment row is written once its intent succeeded (billing.service.ts), so `succeeded` is the only state
 * it holds; refunds are counted in its refunded_* columns and credit notes, not in the state.
 */
export const paymentStatuses = ['succeeded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * Whether every package a workspace bought has been refunded in full (a full refund gives back exactly
 * what was paid). Then neither the customer nor the operator reads "Paid package"; releases Nashr granted
 * may still be in the allowance.
 */
export function everyPackageRefunded(purchases: ReadonlyArray<{ status: string; amount: number; refundedAmount: number }>): boolean {
  const paid = purchases.filter((purchase) => purchase.status === 'succeeded');
  return paid.length > 0 && paid.every((purchase) => purchase.refundedAmount >= purchase.amount);
}

/**
 * GET /api/subscription/history: the workspace's purchases and the releases Nashr granted it, newest first.
 * A grant (`kind: 'grant'`, "Granted by Nashr") has no plan, no amount, no receipt and no invoice.
 */
export type PaymentRecord = {
  id: string;
  kind: 'purchase' | 'grant';
  planId: PlanId | null;
  /** Cents, VAT included. */
  amount: number;
  currency: string;
  status: PaymentStatus;
  createdAt: string;
  /** NSR-{year}-{six-digit sequence}, as printed on the receipt email; null for a grant. */
  receiptNumber: string | null;
  /** Press releases available right after this purchase; null for purchases made before receipts, and grants. */
  balanceAfter: number | null;
  /** Press releases the package or the grant added. */
  releases: number;
  /** Cents of VAT inside `amount`. */
  vat: number;
  poNumber: string | null;
  /** The purchase's tax invoice (null for a grant, or a purchase made before tax invoices). */
  invoiceId: string | null;
  invoiceNumber: string | null;
  /** Releases of this purchase given back by refunds. */
  refundedReleases: number;
};

/**
 * GET /api/subscription/spends: a release that holds a press release of the allowance (sent, or held for it
 * while scheduled, waiting for the client or an editor, or sent back for changes by the editor; a release given
 * back is no longer one), with the brand it went out for.
 */
export type SpendRecord = {
  releaseId: string;
  title: string;
  status: string;
  brand: { id: BrandId; name: string; nameAr: string };
  sentAt: string | null;
  scheduledAt: string | null;
  /** Spent (it went out), or held for it until it is sent and given back if it never is (decision 026). */
  hold: 'spent' | 'held';
};
export type SpendsPage = { items: SpendRecord[]; total: number; page: number; pageSize: number };
export const spendsQuerySchema = z.object({
  page: pageParam(100_000),
  pageSize: pageSizeParam(20, 100),
  /** Only this brand's spends. */
  brandId: brandIdFilter,
});

/** The number a receipt carries: the year of the purchase and its place in the sequence of payments. */
export function receiptNumberOf(seq: number, createdAt: Date | string): string {
  return `NSR-${new Date(createdAt).getUTCFullYear()}-${String(seq).padStart(6, '0')}`;
}

export type CreatePaymentResponse =
  | { provider: 'stripe'; clientSecret: string; paymentIntentId: string; publishableKey: string | null }
  | { provider: 'demo'; clientSecret: string; paymentIntentId: string };

export type DemoConfirmResponse =
  | { status: 'succeeded'; paymentIntentId: string }
  | { status: 'requires_payment_method'; message: string; paymentIntentId: string };

export type ProcessSuccessResponse = { credited: boolean; status: SubscriptionStatus };

/** Unknown keys (a `price`, an `amount`) are stripped: the plan alone decides what is charged. */
export const createPaymentSchema = z.object({
  planId: z.enum(planIds, { message: 'Choose a valid plan' }),
  /** The buyer's purchase order reference, printed on the tax invoice. */
  poNumber: poNumberField,
});
export type CreatePaymentInput = z.input<typeof createPaymentSchema>;

export const processSuccessSchema = z.object({
  paymentIntentId: z
    .string({ message: 'Payment intent id is required' })
    .trim()
    .min(1, { message: 'Payment intent id is required' })
    .max(255, { message: 'Payment intent id is invalid' })
    // Stripe's ids and the demo provider's are letters, digits and underscores; nothing else reaches a query.
    .regex(/^\w+$/, { message: 'Payment intent id is invalid' }),
});

// ---------------------------------------------------------------- demo card form

/** Stripe's published test numbers; the demo provider answers them as Stripe's test mode does. */
export const DEMO_CARD_SUCCESS = '4242424242424242';
export const DEMO_CARD_DECLINED = '4000000000000002';
/** Charged, but its refunds fail, as in Stripe's test mode: lets a failed refund be tried. */
export const DEMO_CARD_REFUND_FAILS = '4000000000005126';

export const digitsOnly = (value: string) => value.replace(/[\s-]/g, '');

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** "MM/YY" or "MM/YYYY" → the first moment after the card's last valid month, or null when malformed. */
export function expiryEnd(expiry: string): Date | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return new Date(Date.UTC(year, month, 1));
}

export const demoConfirmSchema = z.object({
  clientSecret: z
    .string({ message: 'Payment session is missing' })
    .min(1, { message: 'Payment session is missing' })
    .max(255, { message: 'Payment session is invalid' })
    .regex(/^[\w-]*$/, { message: 'Payment session is invalid' }),
  cardNumber: z
    .string({ message: 'Card number is required' })
    .transform(digitsOnly)
    .pipe(
      z
        .string()
        .regex(/^\d{12,19}$/, { message: 'Card number is invalid' })
        .refine(passesLuhn, { message: 'Card number is invalid' }),
    ),
  expiry: z
    .string({ message: 'Expiry date is required' })
    .min(1, { message: 'Expiry date is required' })
    .refine((v) => expiryEnd(v) !== null, { message: 'Expiry date must be MM/YY', abort: true })
    .refine((v) => (expiryEnd(v) as Date).getTime() > Date.now(), { message: 'Card has expired' }),
  cvc: z
    .string({ message: 'CVC is required' })
    .trim()
    .regex(/^\d{3,4}$/, { message: 'CVC must be 3 or 4 digits' }),
});
export type DemoConfirmInput = z.input<typeof demoConfirmSchema>;

/** GET /api/billing/quote?planId=: the package whose price and VAT the checkout shows. */
export const quoteQuerySchema = createPaymentSchema.pick({ planId: true });
