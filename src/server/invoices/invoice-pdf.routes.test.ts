import type { WorkspaceId } from '../../shared/ids.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDocument } from '../../shared/invoices.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { issueDocument, type DocumentDraft } from './documents.js';
import { DEFAULT_SELLER } from './seller.js';

/** A paid package as the purchase records it, for the workspace given. */
function draft(workspaceId: WorkspaceId): DocumentDraft {
  const { legalName, legalNameAr, address, addressAr } = DEFAULT_SELLER;
  return {
    workspaceId,
    kind: 'invoice',
    supplyDate: '2026-11-26',
    refersTo: null,
    paymentId: crypto.randomUUID(),
    seller: { legalName, legalNameAr, address, addressAr, country: 'UAE', taxNumber: '100234567800003' },
    buyer: { legalName: 'Gulf Horizon Billing LLC', address: 'Marina Plaza, Dubai', country: 'UAE', taxNumber: '100987654300003', kind: 'business' },
    poNumber: null,
    lines: [{ description: 'Starter package', descriptionAr: 'باقة البداية', quantity: 1, unitPrice: 9900, vatRate: 5, vatAmount: 495, net: 9900 }],
    currency: 'usd',
    subtotal: 9900,
    vatRate: 5,
    vat: 495,
    total: 10395,
    reverseCharge: false,
    display: null,
  };
}

describe('GET /api/billing/invoices/{id}/pdf', () => {
  let t: TestApp;
  let invoice: InvoiceDocument;
  let firstWorkspaceId: WorkspaceId;
  let billingWorkspaceId: WorkspaceId;
  const pdf = (as: string | undefined, id: string) => t.request({ method: 'GET', url: `/api/billing/invoices/${id}/pdf`, as });

  beforeAll(async () => {
    t = await createTestApp();
    // The buyer's second workspace, made as a person makes one; the invoice is that workspace's.
    firstWorkspaceId = (await t.signInAs('buyer')).workspaceId;
    const created = await t.request({ method: 'POST', url: '/api/workspaces', as: 'buyer', payload: { name: 'Gulf Horizon Billing' } });
    expect(created.statusCode).toBe(201);
    billingWorkspaceId = created.json().workspace.id;
    invoice = await issueDocument(t.db, 'NSRTEST', draft(billingWorkspaceId));
    await t.signInAs('writer', { memberOf: { workspaceId: billingWorkspaceId, role: 'writer' } });
    await t.signInAs('stranger');
  });
  afterAll(() => t.close());

  it("downloads the workspace's invoice as a PDF named by its number", async () => {
    const response = await pdf('buyer', invoice.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}.pdf"`);
    expect(invoice.number).toBe('NSRTEST-INV-000001');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(response.rawPayload.subarray(-6).toString('latin1')).toMatch(/%%EOF\s*$/);
  });

  it("answers 404 for another workspace's invoice, even the same person's other workspace", async () => {
    const stranger = await pdf('stranger', invoice.id);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().code).toBe('INVOICE_NOT_FOUND');

    const switched = await t.request({ method: 'PUT', url: '/api/workspaces/current', as: 'buyer', payload: { workspaceId: firstWorkspaceId } });
    expect(switched.statusCode).toBe(200);
    const otherWorkspace = await pdf('buyer', invoice.id);
    expect(otherWorkspace.statusCode).toBe(404);
    expect(otherWorkspace.json().code).toBe('INVOICE_NOT_FOUND');
    await t.request({ method: 'PUT', url: '/api/workspaces/current', as: 'buyer', payload: { workspaceId: billingWorkspaceId } });
  });

  it('answers 404 for an id that is malformed or unknown', async () => {
    for (const id of ['not-an-id', `${crypto.randomUUID()}x`, '1', crypto.randomUUID()]) {
      const response = await pdf('stranger', id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().code, id).toBe('INVOICE_NOT_FOUND');
    }
  });

  it('is for members who may see billing, and for nobody signed out', async () => {
    const writer = await pdf('writer', invoice.id);
    expect(writer.statusCode).toBe(403);
    expect(writer.json().code).toBe('ROLE_REQUIRED');
    expect((await pdf(undefined, invoice.id)).statusCode).toBe(401);
  });
});
