import type { WorkspaceId } from '../../shared/ids.js';
import { and, desc, eq, sql } from 'drizzle-orm';
import { centsToDecimal, type DocumentKind, type InvoiceDocument, type InvoiceSummary } from '../../shared/invoices.js';
import type { Db } from '../db/client.js';
import { documentSequences, invoices } from '../db/schema.js';
import { SAUDI_ARABIA, inRiyals } from './tax.js';
import { zatcaQr } from './zatca.js';

/** An invoice or credit note before it has a number: what the purchase or the refund decided. */
export type DocumentDraft = Omit<InvoiceDocument, 'id' | 'number' | 'issuedAt' | 'qr'> & { workspaceId: WorkspaceId };

const NUMBER_PARTS: Record<DocumentKind, string> = { invoice: 'INV', credit_note: 'CN' };

/** "NSR-INV-000042": the series, the kind and the place in that series. */
export const documentNumber = (series: string, kind: DocumentKind, seq: number) =>
  `${series}-${NUMBER_PARTS[kind]}-${String(seq).padStart(6, '0')}`;

/**
 * The next number of a series, taken inside the caller's transaction: the sequence row stays locked until
 * it commits, so concurrent purchases wait in turn, and a rolled-back one leaves no gap.
 */
export async function takeNumber(tx: Db, series: string, kind: DocumentKind): Promise<number> {
  const [row] = await tx
    .insert(documentSequences)
    .values({ series, kind, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentSequences.series, documentSequences.kind],
      set: { lastNumber: sql`${documentSequences.lastNumber} + 1` },
    })
    .returning({ lastNumber: documentSequences.lastNumber });
  return row.lastNumber;
}

/**
 * ZATCA's QR, when the seller's printed registration is Saudi and so is the buyer. Its amounts are in
 * riyals, as a ZATCA reader takes them: the document's SAR figures (a document issued before they were
 * printed converts at the peg).
 */
function qrOf(draft: DocumentDraft, issuedAt: Date): string | null {
  if (draft.seller.country !== SAUDI_ARABIA || draft.buyer.country !== SAUDI_ARABIA || !draft.seller.taxNumber) return null;
  const riyals = draft.display?.currency === 'SAR' ? draft.display : { total: inRiyals(draft.total), vat: inRiyals(draft.vat) };
  return zatcaQr({
    sellerName: draft.seller.legalName,
    vatNumber: draft.seller.taxNumber,
    timestamp: issuedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    total: centsToDecimal(riyals.total),
    vat: centsToDecimal(riyals.vat),
  });
}

/**
 * Numbers and stores a document in the caller's transaction (the one recording the payment or refund).
 * The stored document is final: the database refuses to change it afterwards (migration 0025).
 */
export async function issueDocument(tx: Db, series: string, draft: DocumentDraft): Promise<InvoiceDocument> {
  const seq = await takeNumber(tx, series, draft.kind);
  const issuedAt = new Date();
  const id = crypto.randomUUID();
  const { workspaceId, ...printed } = draft;
  const document: InvoiceDocument = {
    ...printed,
    id,
    number: documentNumber(series, draft.kind, seq),
    issuedAt: issuedAt.toISOString(),
    qr: qrOf(draft, issuedAt),
  };
  await tx.insert(invoices).values({
    id,
    workspaceId,
    paymentId: draft.paymentId,
    kind: draft.kind,
    series,
    seq,
    number: document.number,
    refersTo: draft.refersTo?.id ?? null,
    total: draft.total,
    vat: draft.vat,
    currency: draft.currency,
    document,
    issuedAt,
  });
  return document;
}

/** A workspace's invoices and credit notes, newest first. */
export async function listDocuments(db: Db, workspaceId: WorkspaceId): Promise<InvoiceSummary[]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.workspaceId, workspaceId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.seq));
  return rows.map(toSummary);
}

export function toSummary(row: typeof invoices.$inferSelect): InvoiceSummary {
  const document = row.document as InvoiceDocument;
  return {
    id: row.id,
    number: row.number,
    kind: row.kind as DocumentKind,
    issuedAt: row.issuedAt.toISOString(),
    total: row.total,
    vat: row.vat,
    currency: 'usd',
    refersTo: row.refersTo,
    refersToNumber: document.refersTo?.number ?? null,
  };
}

/** One document of a workspace (null when it is another workspace's or does not exist). */
export async function findDocument(db: Db, workspaceId: WorkspaceId | null, id: string): Promise<InvoiceDocument | null> {
  const [row] = await db
    .select({ document: invoices.document })
    .from(invoices)
    .where(workspaceId === null ? eq(invoices.id, id) : and(eq(invoices.id, id), eq(invoices.workspaceId, workspaceId)))
    .limit(1);
  return row ? (row.document as InvoiceDocument) : null;
}
