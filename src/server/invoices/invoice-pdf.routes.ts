import type { FastifyInstance } from 'fastify';
import { requireAction, requireUser } from '../access/access.js';
import { AppError, appError, parseUuidParam } from '../http/errors.js';
import { findDocument } from './documents.js';
import { renderInvoicePdf } from './invoice-pdf.js';

/** An id that cannot be a document's is answered like another workspace's document: not found. */
function documentId(value: unknown): string {
  try {
    return parseUuidParam(value);
  } catch (error) {
    if (error instanceof AppError) throw appError('INVOICE_NOT_FOUND');
    throw error;
  }
}

/** GET /api/billing/invoices/{id}/pdf: a workspace's tax invoice or credit note as a PDF (issue 29). */
export async function invoicePdfRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  app.get<{ Params: { id: string } }>('/invoices/:id/pdf', async (request, reply) => {
    const workspaceId = requireAction(requireUser(request), 'billing');
    const document = await findDocument(db, workspaceId, documentId(request.params.id));
    if (!document) throw appError('INVOICE_NOT_FOUND');
    const pdf = await renderInvoicePdf(document);
    // The number is capitals, digits and dashes (the seller's prefix is checked), so it quotes as it is.
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${document.number}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
