import type { WorkspaceId } from '../../shared/ids.js';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { prorated, type RefundResult } from '../../shared/admin.js';
import { asAccountLanguage, type CurrentUser } from '../../shared/auth.js';
import type { BuyerKind, InvoiceDocument, SellerSettings } from '../../shared/invoices.js';
import type { PaymentProvider } from '../billing/payment-provider.js';
import { findPlan } from '../invoices/plans.js';
import type { Db } from '../db/client.js';
import { allowanceGrants, billingProfiles, invoices, payments, refunds, users, workspaceMembers, workspaces } from '../db/schema.js';
import { appError } from '../http/errors.js';
import { issueDocument, type DocumentDraft } from '../invoices/documents.js';
import { loadSeller, printedSeller } from '../invoices/seller.js';
import { renderInvoicePdf } from '../invoices/invoice-pdf.js';
import type { Mailer } from '../mail/transport.js';
import { creditNoteMessage } from '../mail/templates/credit-note.js';
import { recordDeskAudit } from './desk-audit.js';
import { contactFirst } from '../access/roles.js';

export type RefundDeps = {
  db: Db;
  /**
   * The card provider, reached through the refund's transaction: the demo provider keeps its intents in
   * our database, and the embedded PGlite has one connection, so a read outside the open transaction
   * would wait for it forever.
   */
  providerFor: (tx: Db) => PaymentProvider;
  mailer: Mailer;
  publicUrl: string;
  seller: SellerSettings | undefined;
  log: { error: (obj: object, msg: string) => void };
};

type PaymentRow = typeof payments.$inferSelect;
type WorkspaceRow = typeof workspaces.$inferSelect;

/** The releases a purchase added; its plan's for a payment recorded before the column was filled. */
export const releasesOf = (payment: Pick<PaymentRow, 'releases' | 'planId'>): number =>
  payment.releases > 0 ? payment.releases : (findPlan(payment.planId)?.pressReleaseLimit ?? 0);

export const remainingOf = (workspace: Pick<WorkspaceRow, 'monthlyPressReleaseLimit' | 'pressReleasesUsedThisMonth'>) =>
  Math.max(0, workspace.monthlyPressReleaseLimit - workspace.pressReleasesUsedThisMonth);

/** Every release Nashr granted the workspace without a payment (allowance_grants). */
export async function grantedTo(db: Db, workspaceId: WorkspaceId): Promise<number> {
  const [{ granted }] = await db
    .select({ granted: sql<number>`coalesce(sum(${allowanceGrants.releases}), 0)`.mapWith(Number) })
    .from(allowanceGrants)
    .where(eq(allowanceGrants.workspaceId, workspaceId));
  return granted;
}

/**
 * The releases left in the allowance, split into what was bought and what Nashr granted. Releases are one
 * pool; granted ones are counted as spent last, so what is left is the grants' first and a purchase's only
 * beyond them: a refund never pays cash for a release that was given (issue 35).
 */
export function poolOf(workspace: Pick<WorkspaceRow, 'monthlyPressReleaseLimit' | 'pressReleasesUsedThisMonth'>, granted: number) {
  const remaining = remainingOf(workspace);
  const grantedLeft = Math.min(remaining, Math.max(0, granted));
  return { remaining, granted: grantedLeft, purchased: remaining - grantedLeft };
}

/**
 * The releases of a purchase that can still be given back: those not refunded yet, as far as the
 * workspace has not spent them. Releases are one pool, so a workspace that spent some of its allowance
 * has spent them from any purchase: what is left of the pool beyond the grants (`poolOf`) bounds every
 * purchase's refund.
 */
export function refundFigures(payment: PaymentRow, workspace: WorkspaceRow, granted: number) {
  const releases = releasesOf(payment);
  const refunded = payment.refundedReleases;
  const purchasedLeft = poolOf(workspace, granted).purchased;
  const unspent = payment.status === 'succeeded' ? Math.max(0, Math.min(releases - refunded, purchasedLeft)) : 0;
  return { releases, refunded, unspent, spent: Math.max(0, releases - refunded - unspent) };
}

/**
 * Refunds `k` unspent releases of a purchase, all or nothing, in one transaction that holds the payment
 * row (SELECT … FOR UPDATE): two refunds at the same moment take turns, and the second sees what the first
 * gave back, so it is refused with the figures rather than refunding the same releases twice.
 *
 * The card provider is asked inside the transaction, before anything is written: when it refuses, the
 * transaction rolls back and nothing has changed. Its idempotency key names the payment and the releases
 * refunded before this one, so a request repeated after a lost answer never refunds twice.
 */
export async function refundPayment(
  deps: RefundDeps,
  actor: CurrentUser,
  paymentId: string,
  k: number,
  reason: string,
): Promise<RefundResult> {
  const outcome = await deps.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).limit(1).for('update');
    if (!payment) throw appError('PAYMENT_NOT_FOUND');
    const [workspace] = await tx.select().from(workspaces).where(eq(workspaces.id, payment.workspaceId)).limit(1).for('update');
    if (!workspace) throw appError('PAYMENT_NOT_FOUND');
    // Read under the workspace's lock, which a grant takes first: a grant being made is counted once it commits.
    const figures = refundFigures(payment, workspace, await grantedTo(tx, workspace.id));
    if (k > figures.unspent) throw appError('REFUND_EXCEEDS_UNSPENT', figures);

    const [{ vatBack }] = await tx
      .select({ vatBack: sql<number>`coalesce(sum(${refunds.vat}), 0)`.mapWith(Number) })
      .from(refunds)
      .where(eq(refunds.paymentId, payment.id));
    const amount = prorated(payment.amount, payment.refundedAmount, k, figures);
    const vat = prorated(payment.vat, vatBack, k, figures);

    const { refundId: providerRefundId } = await deps.providerFor(tx).refund({
      paymentIntentId: payment.paymentIntentId,
      amountCents: amount,
      idempotencyKey: `refund:${payment.id}:${figures.refunded}+${k}`,
    });

    await tx
      .update(payments)
      .set({ refundedReleases: payment.refundedReleases + k, refundedAmount: payment.refundedAmount + amount })
      .where(eq(payments.id, payment.id));
    const [after] = await tx
      .update(workspaces)
      .set({ monthlyPressReleaseLimit: sql`${workspaces.monthlyPressReleaseLimit} - ${k}`, updatedAt: new Date() })
      .where(eq(workspaces.id, workspace.id))
      .returning();
    const creditNote = await issueCreditNote(tx, deps.seller, { payment, workspace, k, amount, vat, reason });
    const [refund] = await tx
      .insert(refunds)
      .values({ paymentId: payment.id, releases: k, amount, vat, providerRefundId, creditNoteId: creditNote.id, reason, refundedBy: actor.id })
      .returning({ id: refunds.id });
    await recordDeskAudit(tx, actor, 'payment.refunded', workspace, {
      paymentId: payment.id,
      releases: k,
      amount,
      vat,
      creditNote: creditNote.number,
      invoice: creditNote.refersTo?.number ?? null,
      reason,
    });
    const result: RefundResult = {
      refundId: refund.id,
      releases: k,
      amount,
      creditNote: { id: creditNote.id, number: creditNote.number },
      allowance: { limit: after.monthlyPressReleaseLimit, used: after.pressReleasesUsedThisMonth, remaining: remainingOf(after) },
    };
    return { result, creditNote, payment };
  });
  sendCreditNote(deps, outcome.payment, outcome.creditNote);
  return outcome.result;
}

type RefundFacts = { payment: PaymentRow; workspace: WorkspaceRow; k: number; amount: number; vat: number; reason: string };

/**
 * The refund's tax credit note, numbered in the caller's transaction in its own series. It repeats the
 * purchase's invoice (seller, buyer, rate, the second currency's exchange rate) for the refunded share; a
 * purchase made before tax invoices has none to refer to, and takes today's seller and billing profile.
 */
async function issueCreditNote(tx: Db, configured: SellerSettings | undefined, facts: RefundFacts): Promise<InvoiceDocument> {
  const { payment, workspace, k, amount, vat, reason } = facts;
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.paymentId, payment.id), eq(invoices.kind, 'invoice')))
    .orderBy(asc(invoices.issuedAt))
    .limit(1);
  const original = invoice ? (invoice.document as InvoiceDocument) : await documentBeforeInvoices(tx, configured, payment, workspace);
  const net = amount - vat;
  const line = original.lines[0];
  const display = original.display
    ? { ...original.display, vat: Math.round(vat * Number(original.display.rate)), total: Math.round(amount * Number(original.display.rate)) }
    : null;
  const draft: DocumentDraft = {
    workspaceId: workspace.id,
    kind: 'credit_note',
    supplyDate: new Date().toISOString().slice(0, 10),
    refersTo: invoice ? { id: invoice.id, number: invoice.number } : null,
    reason,
    paymentId: payment.id,
    seller: original.seller,
    buyer: original.buyer,
    poNumber: payment.poNumber,
    lines: [
      {
        description: line?.description ?? 'Press release distribution',
        descriptionAr: line?.descriptionAr ?? 'توزيع بيان صحفي',
        quantity: k,
        unitPrice: Math.round(net / k),
        vatRate: original.vatRate,
        vatAmount: vat,
        net,
      },
    ],
    currency: 'usd',
    subtotal: net,
    vatRate: original.vatRate,
    vat,
    total: amount,
    reverseCharge: original.reverseCharge,
    display,
  };
  return issueDocument(tx, invoice?.series ?? (await loadSeller(tx, configured)).invoicePrefix, draft);
}

/** What the invoice of a purchase made before tax invoices would have said: today's seller, the billing profile. */
async function documentBeforeInvoices(
  tx: Db,
  configured: SellerSettings | undefined,
  payment: PaymentRow,
  workspace: WorkspaceRow,
): Promise<Pick<InvoiceDocument, 'seller' | 'buyer' | 'lines' | 'vatRate' | 'reverseCharge' | 'display'>> {
  const seller = await loadSeller(tx, configured);
  const [profile] = await tx.select().from(billingProfiles).where(eq(billingProfiles.workspaceId, workspace.id)).limit(1);
  const registration = seller.registrations[0] ?? null;
  const plan = findPlan(payment.planId);
  const net = payment.amount - payment.vat;
  const kind: BuyerKind = profile?.taxNumber ? 'business' : 'consumer';
  return {
    seller: printedSeller(seller, registration),
    buyer: {
      legalName: profile?.legalName ?? workspace.name,
      address: profile?.address ?? '',
      country: profile?.country ?? '',
      taxNumber: profile?.taxNumber || null,
      kind,
    },
    lines: plan ? [{ description: `Nashr ${plan.name}`, descriptionAr: `نشر: ${plan.arabicName}`, quantity: 1, unitPrice: net, vatRate: 0, vatAmount: payment.vat, net }] : [],
    vatRate: net > 0 ? Math.round((payment.vat / net) * 10_000) / 100 : 0,
    reverseCharge: false,
    display: null,
  };
}

/**
 * E-mails the credit note to the buyer (the member who paid, else the first owner) after the refund has
 * committed: a slow or failing relay does not undo a refund the card provider has made.
 */
function sendCreditNote(deps: RefundDeps, payment: PaymentRow, creditNote: InvoiceDocument): void {
  void (async () => {
    const [person] = await deps.db
      .select({ email: users.email, firstName: users.firstName, language: users.language })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(eq(workspaceMembers.workspaceId, payment.workspaceId))
      .orderBy(
        desc(payment.paidBy ? sql`${users.id} = ${payment.paidBy}::uuid` : sql`false`),
        ...contactFirst,
      )
      .limit(1);
    if (!person) return;
    const pdf = await renderInvoicePdf(creditNote).catch((error: unknown) => {
      // The e-mail still goes, without the attachment: the document is in the billing history.
      deps.log.error({ err: error, creditNote: creditNote.number }, 'credit note PDF could not be drawn');
      return null;
    });
    await deps.mailer.send({
      to: person.email,
      ...(pdf ? { attachments: [{ filename: `${creditNote.number}.pdf`, content: pdf, contentType: 'application/pdf' }] } : {}),
      ...creditNoteMessage({
        attached: pdf !== null,
        firstName: person.firstName,
        billingLink: new URL('/subscription', deps.publicUrl).href,
        language: asAccountLanguage(person.language),
        creditNoteNumber: creditNote.number,
        invoiceNumber: creditNote.refersTo?.number ?? null,
        releases: creditNote.lines[0]?.quantity ?? 0,
        amountCents: creditNote.total,
        vatCents: creditNote.vat,
        currency: creditNote.currency,
        issuedAt: new Date(creditNote.issuedAt),
      }),
    });
  })().catch((error: unknown) => {
    deps.log.error({ err: error, creditNote: creditNote.number }, 'credit note email could not be sent');
  });
}
