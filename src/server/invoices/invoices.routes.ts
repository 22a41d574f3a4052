import type { FastifyInstance } from 'fastify';
import { quoteQuerySchema } from '../../shared/billing.js';
import { requireUser } from '../access/access.js';
import { parseInput } from '../http/errors.js';
import { getBillingProfile, getInvoice, getQuote, listInvoices, saveBillingProfile } from './invoices.service.js';

/** /api/billing: the buyer's billing details, the checkout's quote, and its tax invoices (issue 29). */
export async function invoicesRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;

  /**
   * The workspace's billing profile {legalName, address, country, taxNumber}: 200 with the object itself,
   * or 200 with `null` while the workspace has given none (the checkout then asks for it).
   */
  app.get('/profile', async (request, reply) => {
    const profile = await getBillingProfile(db, requireUser(request));
    // Fastify would send an empty body for a bare null; the contract is the JSON literal.
    return profile ?? reply.type('application/json').send('null');
  });

  /** 422 naming the expected format when a tax number does not fit its country (a UAE TRN, a Saudi VAT number). */
  app.put('/profile', async (request) => saveBillingProfile(db, requireUser(request), request.body));

  app.get('/quote', async (request) => {
    const { planId } = parseInput(quoteQuerySchema, request.query);
    return getQuote(db, config.seller, requireUser(request), planId);
  });

  app.get('/invoices', async (request) => listInvoices(db, requireUser(request)));

  app.get<{ Params: { id: string } }>('/invoices/:id', async (request) =>
    getInvoice(db, requireUser(request), request.params.id),
  );
}
