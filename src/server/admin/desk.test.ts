import type { WorkspaceId } from '../../shared/ids.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDocument } from '../../shared/invoices.js';
import { auditLog, deliveries, documentSequences, invoices, payments, pressReleases, refunds, users, workspaceMembers, workspaces } from '../db/schema.js';
import { createScheduler } from '../releases/scheduler.js';
import { DEFAULT_SELLER } from '../invoices/seller.js';
import { readZatcaQr } from '../invoices/zatca.js';
import { decodeQr, describeWithPoppler, extractText, pdfFolder } from '../test/pdf-readback.js';
import { createListWithContacts, releasePayload } from '../releases/release-fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

const GOOD_CARD = '4242 4242 4242 4242';
const REFUND_FAILS_CARD = '4000 0000 0000 5126';
const FUTURE = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: 'help@nashr.test' });
  await t.signInAs('operator', { role: 'super_admin' });
});
afterAll(() => t.close());

const post = (url: string, payload: object = {}, as = 'operator') => t.request({ method: 'POST', url, as, payload });
const get = (url: string, as = 'operator') => t.request({ method: 'GET', url, as });

let customerCounter = 0;
/** A trusted customer (its sends skip editorial review) with a list of two journalists. */
async function customer(fields: Parameters<TestApp['signInAs']>[1] = {}) {
  const as = `customer${++customerCounter}`;
  const user = await t.signInAs(as, { trusted: true, ...fields });
  const { listId } = await createListWithContacts(t.db, user.workspaceId, 2);
  return { as, user, workspaceId: user.workspaceId, listId };
}

// A registered UAE business: 5 % VAT, so refunds give back VAT too (49,900 + 2,495 cents for a package_2).
const UAE_BUYER = { legalName: 'Gulf Horizon LLC', address: 'Dubai', country: 'UAE', taxNumber: '100111222300003' };

/** A package bought through the demo checkout, as a customer does; returns the payment row. */
async function buy(as: string, planId: 'package_1' | 'package_2', cardNumber = GOOD_CARD, buyer: object = UAE_BUYER) {
  const profile = await t.request({ method: 'PUT', url: '/api/billing/profile', as, payload: buyer });
  expect(profile.statusCode, profile.body).toBe(200);
  const created = (await post('/api/subscription/create', { planId }, as)).json();
  const confirmed = await post('/api/subscription/demo/confirm', { clientSecret: created.clientSecret, cardNumber, expiry: FUTURE, cvc: '123' }, as);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  expect((await post('/api/subscription/process-success', { paymentIntentId: created.paymentIntentId }, as)).statusCode).toBe(200);
  const [payment] = await t.db.select().from(payments).where(eq(payments.paymentIntentId, created.paymentIntentId));
  return payment;
}

const sendNow = async (as: string, listId: string) => {
  const res = await post('/api/send-press-release', releasePayload({ recipientLists: [listId] }), as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pressRelease;
};

const REASON = 'Campaign cancelled by the customer';
const refund = (paymentId: string, releases: number, reason = REASON) => post(`/api/admin/payments/${paymentId}/refund`, { releases, reason });
const workspaceRow = async (id: WorkspaceId) => (await t.db.select().from(workspaces).where(eq(workspaces.id, id)))[0];
const paymentRow = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0];
const documentsOf = (workspaceId: WorkspaceId) => t.db.select().from(invoices).where(eq(invoices.workspaceId, workspaceId));
const creditNoteSeq = (number: string) => Number(/-CN-(\d{6})$/.exec(number)?.[1]);

/** The purchase's tax invoice, issued by the checkout in the transaction that recorded the payment. */
async function invoiceOf(payment: typeof payments.$inferSelect) {
  const [issued] = await t.db.select().from(invoices).where(and(eq(invoices.paymentId, payment.id), eq(invoices.kind, 'invoice')));
  expect(issued, 'the purchase has its tax invoice').toBeDefined();
  return issued.document as InvoiceDocument;
}

describe('refunds', () => {
  it('refunds a whole purchase: the money, the releases, a credit note referring to the invoice, an e-mail and an audit entry', async () => {
    const { as, user, workspaceId } = await customer();
    const payment = await buy(as, 'package_2');
    const invoice = await invoiceOf(payment);

    const res = await refund(payment.id, 2);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    expect(result).toMatchObject({ releases: 2, amount: 52_395, allowance: { limit: 0, used: 0, remaining: 0 } });
    expect(result.creditNote.number).toMatch(/^NSR-CN-\d{6}$/);

    expect(await paymentRow(payment.id)).toMatchObject({ refundedReleases: 2, refundedAmount: 52_395 });
    expect((await workspaceRow(workspaceId)).monthlyPressReleaseLimit).toBe(0);
    const [row] = await t.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(row).toMatchObject({ releases: 2, amount: 52_395, creditNoteId: result.creditNote.id, reason: REASON, providerRefundId: expect.stringMatching(/^re_demo_/) });

    const [note] = await t.db.select().from(invoices).where(eq(invoices.id, result.creditNote.id));
    const document = note.document as InvoiceDocument;
    expect(note).toMatchObject({ kind: 'credit_note', workspaceId, paymentId: payment.id, refersTo: invoice.id, total: 52_395 });
    // Seller and buyer as the invoice printed them; the whole VAT back, so the totals match exactly.
    expect(document).toMatchObject({ seller: invoice.seller, buyer: invoice.buyer, vat: invoice.vat, total: invoice.total, refersTo: { id: invoice.id, number: invoice.number }, reason: REASON });
    expect(document.subtotal + document.vat).toBe(document.total);
    expect(document.lines[0]).toMatchObject({ quantity: 2 });

    const mail = await t.smtp.waitForMail((m) => m.envelopeTo.includes(user.email) && Boolean(m.parsed.subject?.includes(result.creditNote.number)));
    expect(mail.parsed.subject).toBe(`Your Nashr tax credit note ${result.creditNote.number}`);
    expect(mail.parsed.text).toContain(invoice.number);
    expect(mail.parsed.text).toContain('$523.95');
    expect(mail.parsed.text).toContain('it is attached as a PDF');
    expect(mail.parsed.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`${result.creditNote.number}.pdf`, 'application/pdf']]);
    expect(mail.parsed.attachments[0].content.subarray(0, 5).toString()).toBe('%PDF-');

    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'payment.refunded'), eq(auditLog.workspaceId, workspaceId)));
    expect(entry.details).toMatchObject({ workspaceName: `${as} Company`, releases: 2, amount: 52_395, creditNote: result.creditNote.number, reason: REASON });

    // Every package refunded: neither the customer nor the operator reads "Paid package" any more.
    expect((await get('/api/subscription/status', as)).json()).toMatchObject({ packageRefunded: true, remaining: 0 });
    expect((await get(`/api/admin/workspaces/${workspaceId}`)).json()).toMatchObject({ packageRefunded: true });

    // Nothing is left to refund.
    const again = await refund(payment.id, 1);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'REFUND_EXCEEDS_UNSPENT', details: { releases: 2, spent: 0, refunded: 2, unspent: 0 } });
  });

  it('refunds part of a purchase prorated, and the last part takes the remainder so the refunds add up to the price', async () => {
    const { as, workspaceId } = await customer();
    const payment = await buy(as, 'package_2');
    const first = await refund(payment.id, 1);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ releases: 1, amount: 26_198, allowance: { limit: 1, remaining: 1 } });
    // Half refunded: still a paid package.
    expect((await get('/api/subscription/status', as)).json()).toMatchObject({ packageRefunded: false });
    expect((await get(`/api/admin/workspaces/${workspaceId}`)).json()).toMatchObject({ packageRefunded: false });
    const second = await refund(payment.id, 1);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ releases: 1, amount: 26_197, allowance: { limit: 0, remaining: 0 } });
    expect(await paymentRow(payment.id)).toMatchObject({ refundedReleases: 2, refundedAmount: 52_395 });
    expect((await documentsOf(workspaceId)).filter((d) => d.kind === 'credit_note')).toHaveLength(2);
  });

  it('refuses to take back spent releases, with the figures, and refunds the unspent one', async () => {
    const { as, workspaceId, listId } = await customer();
    const payment = await buy(as, 'package_2');
    await sendNow(as, listId);

    const refused = await refund(payment.id, 2);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'REFUND_EXCEEDS_UNSPENT',
      details: { releases: 2, spent: 1, refunded: 0, unspent: 1 },
      message: expect.stringContaining('Only 1 of'),
    });
    expect(await paymentRow(payment.id)).toMatchObject({ refundedReleases: 0, refundedAmount: 0 });
    expect((await workspaceRow(workspaceId)).monthlyPressReleaseLimit).toBe(2);

    const partial = await refund(payment.id, 1);
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json().allowance).toEqual({ limit: 1, used: 1, remaining: 0 });
  });

  it('records a refund once when the same refund is asked twice at the same moment', async () => {
    const { as, workspaceId } = await customer();
    const payment = await buy(as, 'package_2');
    const answers = await Promise.all([refund(payment.id, 2), refund(payment.id, 2)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    const refused = answers.find((a) => a.statusCode === 422)!;
    expect(refused.json()).toMatchObject({ code: 'REFUND_EXCEEDS_UNSPENT', details: { releases: 2, refunded: 2, unspent: 0 } });
    expect(await t.db.select().from(refunds).where(eq(refunds.paymentId, payment.id))).toHaveLength(1);
    expect((await workspaceRow(workspaceId)).monthlyPressReleaseLimit).toBe(0);
  });

  it('changes nothing when the card provider refuses the refund, and numbers credit notes without a gap around it', async () => {
    const { as, workspaceId } = await customer();
    const good = await buy(as, 'package_1');
    const failing = await buy(as, 'package_1', REFUND_FAILS_CARD);
    const sequence = async () => (await t.db.select().from(documentSequences).where(eq(documentSequences.kind, 'credit_note')))[0]?.lastNumber ?? 0;
    const before = { workspace: await workspaceRow(workspaceId), payment: await paymentRow(failing.id), documents: await documentsOf(workspaceId), seq: await sequence() };

    const failed = await refund(failing.id, 1);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().code).toBe('REFUND_FAILED');
    expect((await workspaceRow(workspaceId)).monthlyPressReleaseLimit).toBe(before.workspace.monthlyPressReleaseLimit);
    expect(await paymentRow(failing.id)).toEqual(before.payment);
    expect(await documentsOf(workspaceId)).toEqual(before.documents);
    expect(await sequence()).toBe(before.seq);
    expect(await t.db.select().from(refunds).where(eq(refunds.paymentId, failing.id))).toEqual([]);

    // Two refunds after the failed one: consecutive numbers, the failure took none.
    const { as: other } = await customer();
    const third = await buy(other, 'package_1');
    const a = (await refund(good.id, 1)).json();
    const b = (await refund(third.id, 1)).json();
    expect(creditNoteSeq(a.creditNote.number)).toBe(before.seq + 1);
    expect(creditNoteSeq(b.creditNote.number)).toBe(before.seq + 2);
  });

  it('refuses a refund without a reason, in English and Arabic, and changes nothing', async () => {
    const { as } = await customer();
    const payment = await buy(as, 'package_1');
    for (const body of [{ releases: 1 }, { releases: 1, reason: '  ' }, { releases: 1, reason: 'x'.repeat(501) }]) {
      const res = await post(`/api/admin/payments/${payment.id}/refund`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors).toEqual([expect.objectContaining({ path: 'reason', message: expect.stringMatching(/^(A reason is required|At most 500 characters)$/) })]);
    }
    expect(await paymentRow(payment.id)).toMatchObject({ refundedReleases: 0, refundedAmount: 0 });
    expect(await t.db.select().from(refunds).where(eq(refunds.paymentId, payment.id))).toEqual([]);
    expect((await documentsOf(payment.workspaceId)).map((d) => d.kind)).toEqual(['invoice']);
  });

  describeWithPoppler('the credit note as its PDF prints it, read back with Poppler', () => {
    const pdfs = pdfFolder('nashr-credit-notes-');

    it("prints the refund's reason and the invoice it corrects; a Saudi one its riyal amounts, also in its QR", async () => {
      const { as } = await customer();
      const saudi = { legalName: 'Najd Media Company', legalNameAr: 'شركة نجد للإعلام', address: 'King Fahd Road, Riyadh', country: 'Saudi Arabia', taxNumber: '300987654300003' };
      const payment = await buy(as, 'package_2', GOOD_CARD, saudi);
      const invoice = await invoiceOf(payment);
      const res = await refund(payment.id, 1, 'Duplicate purchase: one release refunded');
      expect(res.statusCode, res.body).toBe(200);
      const { creditNote } = res.json();
      const pdf = await get(`/api/billing/invoices/${creditNote.id}/pdf`, as);
      expect(pdf.statusCode).toBe(200);
      const file = pdfs.save(creditNote.number, pdf.rawPayload);

      const text = extractText(file, 'layout');
      // Half of 573.85 USD: 286.93 USD (VAT 37.43); in riyals at 3.75: 1,075.99 and 140.36.
      for (const expected of [
        `Credit note number ${creditNote.number}`,
        `Credits invoice ${invoice.number}`,
        'Reason for credit Duplicate purchase: one release refunded',
        'Name in Arabic',
        'شركة نجد للإعلام',
        'VAT in SAR SAR 140.36',
        'Total in SAR SAR 1,075.99',
        'Fixed exchange rate: 1 USD = 3.75 SAR',
      ])
        expect(text).toContain(expected);
      expect(readZatcaQr(decodeQr(file)!)).toMatchObject({ vatNumber: '310234567800003', total: '1075.99', vat: '140.36' });
    });
  });

  it('answers 404 for an unknown or malformed payment, and 422 for a bad number of releases', async () => {
    expect((await refund(UNKNOWN_ID, 1)).json()).toMatchObject({ code: 'PAYMENT_NOT_FOUND' });
    expect((await refund('not-an-id', 1)).statusCode).toBe(404);
    const { as } = await customer();
    const payment = await buy(as, 'package_1');
    for (const releases of [0, -1, 1.5, 'two'] as unknown[]) {
      const res = await post(`/api/admin/payments/${payment.id}/refund`, { releases });
      expect(res.statusCode, String(releases)).toBe(422);
      expect(res.json().errors[0].message).toBe('Releases must be a whole number of at least 1');
    }
    expect(await paymentRow(payment.id)).toMatchObject({ refundedReleases: 0 });
  });
});

describe('grants', () => {
  it('adds releases with a reason, without an invoice, and records who gave what to whom', async () => {
    const { as, workspaceId } = await customer();
    const res = await post(`/api/admin/workspaces/${workspaceId}/grant`, { releases: 3, reason: 'Launch partner goodwill' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ grant: { releases: 3, reason: 'Launch partner goodwill' }, allowance: { limit: 3, used: 0, remaining: 3 } });
    expect((await get('/api/subscription/status', as)).json()).toMatchObject({ remaining: 3, canSend: { canSend: true } });
    expect(await documentsOf(workspaceId)).toEqual([]);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'workspace.granted'), eq(auditLog.workspaceId, workspaceId)));
    expect(entry).toMatchObject({ target: `${as} Company`, details: { workspaceName: `${as} Company`, releases: 3, reason: 'Launch partner goodwill' } });
    const detail = (await get(`/api/admin/workspaces/${workspaceId}`)).json();
    expect(detail.grants).toEqual([expect.objectContaining({ releases: 3, reason: 'Launch partner goodwill', grantedBy: 'operator Tester' })]);
  });

  it('refuses a grant without a reason or with a bad number, and one for an unknown workspace', async () => {
    const { workspaceId } = await customer();
    expect((await post(`/api/admin/workspaces/${workspaceId}/grant`, { releases: 3 })).json().errors[0].message).toBe('A reason is required');
    expect((await post(`/api/admin/workspaces/${workspaceId}/grant`, { releases: 0, reason: 'Because' })).statusCode).toBe(422);
    expect((await post(`/api/admin/workspaces/${workspaceId}/grant`, { releases: 101, reason: 'Because' })).statusCode).toBe(422);
    expect((await workspaceRow(workspaceId)).monthlyPressReleaseLimit).toBe(0);
    const unknown = await post(`/api/admin/workspaces/${UNKNOWN_ID}/grant`, { releases: 1, reason: 'Because' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('WORKSPACE_NOT_FOUND');
  });
});

describe('suspension', () => {
  const reason = 'Unpaid chargeback under review';

  it('holds a scheduled release while suspended and sends it after reactivation', async () => {
    const { as, workspaceId, listId } = await customer({ monthlyPressReleaseLimit: 2, userType: 'active' });
    const at = new Date(Date.now() + 3_600_000);
    const scheduled = await post('/api/send-press-release', releasePayload({ action: 'schedule', recipientLists: [listId], scheduledAt: at.toISOString() }), as);
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const releaseId = scheduled.json().pressRelease.id;

    expect((await post(`/api/admin/workspaces/${workspaceId}/suspend`, { reason })).statusCode).toBe(200);
    const scheduler = createScheduler({ db: t.db, now: () => new Date(at.getTime() + 60_000) });
    await scheduler.tick();
    const [held] = await t.db.select().from(pressReleases).where(eq(pressReleases.id, releaseId));
    expect(held.status).toBe('scheduled');
    expect(await t.db.select().from(deliveries).where(eq(deliveries.releaseId, releaseId))).toEqual([]);
    const detail = (await get(`/api/admin/workspaces/${workspaceId}`)).json();
    expect(detail.releases.find((r: { id: string }) => r.id === releaseId)).toMatchObject({ status: 'scheduled', held: true });

    expect((await post(`/api/admin/workspaces/${workspaceId}/reactivate`)).statusCode).toBe(200);
    await scheduler.tick();
    const [sent] = await t.db.select().from(pressReleases).where(eq(pressReleases.id, releaseId));
    expect(sent.status).not.toBe('scheduled');
    expect(await t.db.select().from(deliveries).where(eq(deliveries.releaseId, releaseId))).toHaveLength(2);
  });

  it("refuses the members' API calls with the reason and whom to contact, but lets them see why, switch and sign out", async () => {
    const { as, user, workspaceId } = await customer();
    const colleague = await t.signInAs(`${as}-colleague`, { memberOf: { workspaceId, role: 'writer' } });
    expect((await post(`/api/admin/workspaces/${workspaceId}/suspend`, { reason })).statusCode).toBe(200);

    for (const who of [as, `${as}-colleague`]) {
      for (const url of ['/api/press-releases', '/api/user-lists', '/api/subscription/status', '/api/workspace/members']) {
        const res = await get(url, who);
        expect(res.statusCode, `${who} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'WORKSPACE_SUSPENDED', details: { reason, contact: 'help@nashr.test' } });
      }
    }
    const session = (await get('/api/auth/session', as)).json();
    expect(session.user.workspace).toMatchObject({ id: workspaceId, suspended: { reason, contact: 'help@nashr.test' } });
    expect((await get('/api/auth/me', as)).statusCode).toBe(200);
    expect((await get('/api/workspaces', as)).statusCode).toBe(200);
    // A super admin is never refused, whatever workspace they act in.
    expect((await get('/api/press-releases', 'operator')).statusCode).toBe(200);

    // Another workspace of theirs works as before.
    const other = await t.signInAs('elsewhere', { trusted: true });
    await t.db.insert(workspaceMembers).values({ workspaceId: other.workspaceId, userId: colleague.id, role: 'writer' });
    const switched = await t.request({ method: 'PUT', url: '/api/workspaces/current', as: `${as}-colleague`, payload: { workspaceId: other.workspaceId } });
    expect(switched.statusCode, switched.body).toBe(200);
    expect((await get('/api/press-releases', `${as}-colleague`)).statusCode).toBe(200);

    expect((await post('/api/auth/logout', {}, as)).statusCode).toBe(200);
    expect(user.email).toBeTruthy();
  });

  it('says a reason that ends in a full stop with one full stop, at sign-in and in the API', async () => {
    const { user, as, workspaceId } = await customer();
    expect((await post(`/api/admin/workspaces/${workspaceId}/suspend`, { reason: 'Unpaid invoice for billing.' })).statusCode).toBe(200);
    const said = 'This workspace is suspended: Unpaid invoice for billing. Contact help@nashr.test to reactivate it.';
    expect((await get('/api/press-releases', as)).json().message).toBe(said);
    const login = await t.request({ method: 'POST', url: '/api/auth/login', as: `login-${as}`, payload: { email: user.email, password: 'password123' } });
    expect(login.json()).toMatchObject({ code: 'WORKSPACE_SUSPENDED', message: said, details: { reason: 'Unpaid invoice for billing' } });
  });

  it('refuses sign-in when every workspace of the person is suspended, and admits them to another one otherwise', async () => {
    const { user, workspaceId } = await customer();
    expect((await post(`/api/admin/workspaces/${workspaceId}/suspend`, { reason })).statusCode).toBe(200);
    const login = (email: string) => t.request({ method: 'POST', url: '/api/auth/login', as: `login-${email}`, payload: { email, password: 'password123' } });

    const refused = await login(user.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'WORKSPACE_SUSPENDED', details: { reason, contact: 'help@nashr.test' } });
    expect(refused.cookies.find((c: { name: string }) => c.name === 'sid')).toBeUndefined();

    const operator = await t.signInAs('second-operator', { role: 'super_admin', memberOf: { workspaceId, role: 'owner' } });
    expect((await login(operator.email)).statusCode).toBe(200);

    // A member of a second, active workspace signs in there.
    const { workspaceId: open } = await customer();
    await t.db.insert(workspaceMembers).values({ workspaceId: open, userId: user.id, role: 'writer' });
    const admitted = await login(user.email);
    expect(admitted.statusCode, admitted.body).toBe(200);
    expect(admitted.json().user.workspace.id).toBe(open);

    expect((await post(`/api/admin/workspaces/${workspaceId}/reactivate`)).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.currentWorkspaceId).toBe(open);
  });

  it('refuses a second suspension, a reactivation of an active workspace, a missing reason; audits both', async () => {
    const { workspaceId, as } = await customer();
    expect((await post(`/api/admin/workspaces/${workspaceId}/reactivate`)).json().code).toBe('WORKSPACE_NOT_SUSPENDED');
    expect((await post(`/api/admin/workspaces/${workspaceId}/suspend`, {})).statusCode).toBe(422);
    expect((await post(`/api/admin/workspaces/${workspaceId}/suspend`, { reason })).statusCode).toBe(200);
    expect((await post(`/api/admin/workspaces/${workspaceId}/suspend`, { reason })).json().code).toBe('WORKSPACE_ALREADY_SUSPENDED');
    expect((await post(`/api/admin/workspaces/${workspaceId}/reactivate`)).json()).toEqual({ id: workspaceId, suspended: null });
    expect((await get('/api/press-releases', as)).statusCode).toBe(200);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.workspaceId, workspaceId));
    expect(entries.map((e) => e.action).sort()).toEqual(['workspace.reactivated', 'workspace.suspended']);
    expect(entries.find((e) => e.action === 'workspace.suspended')!.details).toEqual({ workspaceName: `${as} Company`, reason });
    expect((await post(`/api/admin/workspaces/${UNKNOWN_ID}/suspend`, { reason })).json().code).toBe('WORKSPACE_NOT_FOUND');
  });
});

describe('customers', () => {
  it('resends verification to an unverified person, and refuses a verified one', async () => {
    const unverified = await t.signInAs('unverified', { verified: false });
    const res = await post(`/api/admin/users/${unverified.id}/resend-verification`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent: true, email: unverified.email });
    const mail = await t.smtp.waitForMail((m) => m.envelopeTo.includes(unverified.email));
    expect(mail.parsed.subject).toBe('Verify your email address for Nashr');
    expect(mail.parsed.text).toContain('/api/auth/verify?token=');
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.verification_resent'));
    expect(entry).toMatchObject({ target: unverified.email, details: { userId: unverified.id, name: 'unverified Tester' } });

    const { user } = await customer();
    expect((await post(`/api/admin/users/${user.id}/resend-verification`)).json().code).toBe('USER_ALREADY_VERIFIED');
    expect((await post(`/api/admin/users/${UNKNOWN_ID}/resend-verification`)).json().code).toBe('USER_NOT_FOUND');
    expect((await post('/api/admin/users/nope/resend-verification')).json().code).toBe('USER_NOT_FOUND');
  });

  it("sends a person the password reset they would ask for, in their language, audited, within the forgotten-password limits", async () => {
    const person = await t.signInAs('forgetful', { language: 'ar' });
    const res = await post(`/api/admin/users/${person.id}/send-password-reset`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent: true, email: person.email });
    const mail = await t.smtp.waitForMail((m) => m.envelopeTo.includes(person.email));
    expect(mail.parsed.subject).toBe('إعادة تعيين كلمة المرور في نشر');
    const link = /\/auth\/reset\?token=([A-Za-z0-9_%-]+)/.exec(mail.parsed.text ?? '');
    expect(link).not.toBeNull();
    // The link works as the one the person asks for does.
    const reset = await t.request({ method: 'POST', url: '/api/auth/reset-password', payload: { token: decodeURIComponent(link![1]), password: 'a-new-long-pass-42' } });
    expect(reset.statusCode, reset.body).toBe(200);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.password_reset_sent'));
    expect(entry).toMatchObject({ target: person.email, details: { userId: person.id, name: 'forgetful Tester' } });
    expect(JSON.stringify(entry.details)).not.toContain('token');

    // The limits of a forgotten password hold: ten an address in 15 minutes, then 429, and nothing more is sent.
    for (let i = 1; i < 10; i++) expect((await post(`/api/admin/users/${person.id}/send-password-reset`)).statusCode).toBe(200);
    const over = await post(`/api/admin/users/${person.id}/send-password-reset`);
    expect(over.statusCode).toBe(429);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.password_reset_sent'))).toHaveLength(10);
    expect((await post(`/api/admin/users/${UNKNOWN_ID}/send-password-reset`)).json().code).toBe('USER_NOT_FOUND');
    expect((await post('/api/admin/users/nope/send-password-reset')).json().code).toBe('USER_NOT_FOUND');
  });

  it("finds a workspace by a member's e-mail and shows its detail", async () => {
    const { as, user, workspaceId, listId } = await customer();
    const payment = await buy(as, 'package_2');
    await sendNow(as, listId);
    const colleague = await t.signInAs('findable-colleague', { memberOf: { workspaceId, role: 'publisher' } });

    const found = (await get(`/api/admin/workspaces?search=${encodeURIComponent(colleague.email.toUpperCase())}`)).json();
    expect(found.items.map((w: { id: string }) => w.id)).toEqual([workspaceId]);

    const res = await get(`/api/admin/workspaces/${workspaceId}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({
      id: workspaceId,
      name: `${as} Company`,
      userType: 'active',
      suspended: null,
      allowance: { limit: 2, used: 1, remaining: 1 },
      purchases: [{ id: payment.id, planId: 'package_2', amount: 52_395, releases: 2, refundedReleases: 0, refundable: 1 }],
      releases: [{ title: 'Gulf Robotics opens a new plant', brand: `${as} Company`, held: false }],
      newsrooms: [{ brandId: workspaceId, name: `${as} Company` }],
      grants: [],
    });
    expect(detail.members).toEqual([
      { userId: user.id, name: `${as} Tester`, email: user.email, role: 'owner', verified: true, lastSignInAt: expect.any(String) },
      { userId: colleague.id, name: 'findable-colleague Tester', email: colleague.email, role: 'publisher', verified: true, lastSignInAt: expect.any(String) },
    ]);
    expect(detail.recentSignIns.map((s: { userId: string }) => s.userId).sort()).toEqual([user.id, colleague.id].sort());
    expect(Array.isArray(detail.invoices)).toBe(true);
  });

  it('answers 404 for an unknown or malformed workspace', async () => {
    for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
      const res = await get(`/api/admin/workspaces/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('WORKSPACE_NOT_FOUND');
    }
  });

  it('reads and saves the seller, audited, and refuses a malformed one', async () => {
    const before = (await get('/api/admin/seller')).json();
    expect(before).toMatchObject({ legalName: DEFAULT_SELLER.legalName, invoicePrefix: 'NSR' });
    const saved = await t.request({ method: 'PUT', url: '/api/admin/seller', as: 'operator', payload: { ...before, legalName: 'Nashr Media FZ-LLC' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get('/api/admin/seller')).json().legalName).toBe('Nashr Media FZ-LLC');
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'seller.updated'))).length).toBe(1);
    const bad = await t.request({ method: 'PUT', url: '/api/admin/seller', as: 'operator', payload: { ...before, legalName: '' } });
    expect(bad.statusCode).toBe(422);
    await t.request({ method: 'PUT', url: '/api/admin/seller', as: 'operator', payload: before });
  });
});

describe('who may use the desk', () => {
  it('answers 403 to anyone but a super admin, and 401 signed out, on every route', async () => {
    const { as, workspaceId, user } = await customer();
    await t.signInAs('editor', { role: 'admin' });
    const routes: Array<[string, string, object?]> = [
      ['GET', '/api/admin/seller'],
      ['PUT', '/api/admin/seller', {}],
      ['GET', `/api/admin/workspaces/${workspaceId}`],
      ['POST', `/api/admin/workspaces/${workspaceId}/grant`, { releases: 1, reason: 'Because' }],
      ['POST', `/api/admin/workspaces/${workspaceId}/suspend`, { reason: 'Because' }],
      ['POST', `/api/admin/workspaces/${workspaceId}/reactivate`, {}],
      ['POST', `/api/admin/users/${user.id}/resend-verification`, {}],
      ['POST', `/api/admin/users/${user.id}/send-password-reset`, {}],
      ['POST', `/api/admin/payments/${UNKNOWN_ID}/refund`, { releases: 1 }],
    ];
    for (const [method, url, payload] of routes) {
      for (const who of [as, 'editor']) {
        const res = await t.request({ method: method as 'GET', url, as: who, payload });
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
        expect(res.json().code).toBe('SUPER_ADMIN_REQUIRED');
      }
      expect((await t.request({ method: method as 'GET', url, payload })).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await workspaceRow(workspaceId)).monthlyPressReleaseLimit).toBe(0);
  });
});
