import type { WorkspaceId } from '../../shared/ids.js';
import { eq } from 'drizzle-orm';
import type { CurrentUser } from '../../shared/auth.js';
import type { PlanId } from '../../shared/billing.js';
import {
  billingProfileSchema,
  type BillingProfile,
  type BuyerKind,
  type InvoiceDocument,
  type InvoiceSummary,
  type Quote,
  type SellerSettings,
} from '../../shared/invoices.js';
import { requireAction } from '../access/access.js';
import type { Db } from '../db/client.js';
import { billingProfiles } from '../db/schema.js';
import { appError, parseInput } from '../http/errors.js';
import { findPlan, type ServerPlan } from './plans.js';
import { recordActivity } from '../workspaces/workspaces.service.js';
import { findDocument, listDocuments, type DocumentDraft } from './documents.js';
import { displayAmounts, taxTreatment } from './tax.js';
import { loadSeller, printedSeller } from './seller.js';

/** The workspace's billing details, null while it has given none. */
export async function findBillingProfile(db: Db, workspaceId: WorkspaceId): Promise<BillingProfile | null> {
  const [row] = await db.select().from(billingProfiles).where(eq(billingProfiles.workspaceId, workspaceId)).limit(1);
  return row ? { legalName: row.legalName, legalNameAr: row.legalNameAr, address: row.address, country: row.country, taxNumber: row.taxNumber } : null;
}

/** GET /api/billing/profile. */
export async function getBillingProfile(db: Db, actor: CurrentUser): Promise<BillingProfile | null> {
  return findBillingProfile(db, requireAction(actor, 'billing'));
}

/** PUT /api/billing/profile: checked per country (what a TRN or Saudi VAT number looks like), then kept. */
export async function saveBillingProfile(db: Db, actor: CurrentUser, input: unknown): Promise<BillingProfile> {
  const workspaceId = requireAction(actor, 'billing');
  const profile: BillingProfile = parseInput(billingProfileSchema, input);
  await db.transaction(async (tx) => {
    await tx
      .insert(billingProfiles)
      .values({ workspaceId, ...profile })
      .onConflictDoUpdate({ target: billingProfiles.workspaceId, set: { ...profile, updatedAt: new Date() } });
    await recordActivity(tx, workspaceId, actor, 'billing_profile.updated', { name: profile.legalName });
  });
  return profile;
}

/** A purchase cannot be invoiced without the buyer's legal name and country: asked before any payment. */
export async function requireBillingProfile(db: Db, workspaceId: WorkspaceId): Promise<BillingProfile> {
  const profile = await findBillingProfile(db, workspaceId);
  if (!profile || !profile.legalName || !profile.country) throw appError('BILLING_PROFILE_REQUIRED');
  return profile;
}

/** What a purchase is charged and how its invoice states the tax: fixed at checkout, kept by intent. */
export type PurchaseTerms = {
  subtotal: number;
  vat: number;
  vatRateBp: number;
  reverseCharge: boolean;
  poNumber: string | null;
  buyer: BillingProfile;
};

/** The price of a package for this buyer, with the VAT the seller's rules give (decision 023). */
export function termsOf(seller: SellerSettings, buyer: BillingProfile, plan: ServerPlan, poNumber: string | null): PurchaseTerms {
  const treatment = taxTreatment(seller, buyer, plan.amountCents);
  return {
    subtotal: plan.amountCents,
    vat: treatment.vat,
    vatRateBp: treatment.vatRateBp,
    reverseCharge: treatment.reverseCharge,
    poNumber,
    buyer,
  };
}

export function quoteOf(seller: SellerSettings, planId: PlanId, terms: PurchaseTerms): Quote {
  const total = terms.subtotal + terms.vat;
  const registration = taxTreatment(seller, terms.buyer, terms.subtotal).sellerRegistration;
  return {
    planId,
    subtotal: terms.subtotal,
    vatRate: terms.vatRateBp / 100,
    vat: terms.vat,
    total,
    currency: 'usd',
    reverseCharge: terms.reverseCharge,
    display: displayAmounts(seller, registration?.country, terms.vat, total, new Date()),
  };
}

/** GET /api/billing/quote?planId=: what the checkout shows before payment, as the purchase will charge it. */
export async function getQuote(db: Db, configuredSeller: SellerSettings | undefined, actor: CurrentUser, planId: PlanId): Promise<Quote> {
  const workspaceId = requireAction(actor, 'billing');
  const plan = findPlan(planId);
  if (!plan) throw appError('PLAN_NOT_FOUND');
  const buyer = await requireBillingProfile(db, workspaceId);
  const seller = await loadSeller(db, configuredSeller);
  return quoteOf(seller, plan.id, termsOf(seller, buyer, plan, null));
}

/** "2026-11-26": the calendar day (UTC) a moment falls on, as a date of supply is printed. */
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The tax invoice of a credited purchase, before it is numbered: the seller as it is now, the buyer and
 * the tax as the checkout fixed them.
 */
export function purchaseInvoiceDraft(input: {
  seller: SellerSettings;
  plan: ServerPlan;
  terms: PurchaseTerms;
  buyerKind: BuyerKind;
  payment: { id: string; workspaceId: WorkspaceId; createdAt: Date };
}): DocumentDraft {
  const { seller, plan, terms, payment } = input;
  const registration = taxTreatment(seller, terms.buyer, terms.subtotal).sellerRegistration;
  const vatRate = terms.vatRateBp / 100;
  const total = terms.subtotal + terms.vat;
  return {
    workspaceId: payment.workspaceId,
    kind: 'invoice',
    supplyDate: utcDay(payment.createdAt),
    refersTo: null,
    paymentId: payment.id,
    seller: printedSeller(seller, registration),
    buyer: {
      legalName: terms.buyer.legalName,
      // A quote kept before the Arabic name was asked has none.
      legalNameAr: terms.buyer.legalNameAr || null,
      address: terms.buyer.address,
      country: terms.buyer.country,
      taxNumber: terms.buyer.taxNumber || null,
      kind: input.buyerKind,
    },
    poNumber: terms.poNumber,
    lines: [
      {
        description: `${plan.name} — press release distribution`,
        descriptionAr: `${plan.arabicName} — توزيع البيانات الصحفية`,
        quantity: 1,
        unitPrice: terms.subtotal,
        vatRate,
        vatAmount: terms.vat,
        net: terms.subtotal,
      },
    ],
    currency: 'usd',
    subtotal: terms.subtotal,
    vatRate,
    vat: terms.vat,
    total,
    reverseCharge: terms.reverseCharge,
    display: displayAmounts(seller, registration?.country, terms.vat, total, payment.createdAt),
  };
}

/** GET /api/billing/invoices: the workspace's invoices and credit notes, newest first. */
export async function listInvoices(db: Db, actor: CurrentUser): Promise<InvoiceSummary[]> {
  return listDocuments(db, requireAction(actor, 'billing'));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /api/billing/invoices/:id: another workspace's document is as unknown as an invented id. */
export async function getInvoice(db: Db, actor: CurrentUser, id: string): Promise<InvoiceDocument> {
  const workspaceId = requireAction(actor, 'billing');
  const document = UUID.test(id) ? await findDocument(db, workspaceId, id.toLowerCase()) : null;
  if (!document) throw appError('INVOICE_NOT_FOUND');
  return document;
}
