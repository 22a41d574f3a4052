import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDocument } from '../../shared/invoices.js';
import { allowanceGrants, auditLog, checkoutQuotes, demoPaymentIntents, invoices, payments } from '../db/schema.js';
import { decodeQr, describeWithPoppler, extractText, pdfFolder } from '../test/pdf-readback.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { readZatcaQr } from './zatca.js';

const GOOD_CARD = '4242 4242 4242 4242';
const FUTURE = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

const UAE_BUSINESS = { legalName: 'Gulf Horizon Trading LLC', address: 'Office 301, Al Wasl Tower, Dubai', country: 'UAE', taxNumber: '100123456700003' };
const SAUDI_BUSINESS = { legalName: 'Najd Media Company', address: 'King Fahd Road, Riyadh 12214', country: 'Saudi Arabia', taxNumber: '300987654300003' };
const EGYPT_BUSINESS = { legalName: 'Nile Bridge PR SAE', address: '5 Tahrir Square, Cairo', country: 'Egypt', taxNumber: '512-345-678' };
const EGYPT_CONSUMER = { legalName: 'Mona Adel', address: '12 Nile Corniche, Cairo', country: 'Egypt' };

describe('tax invoices of purchases', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const putProfile = (as: string, payload: object) => t.request({ method: 'PUT', url: '/api/billing/profile', as, payload });
  const getProfile = (as: string) => t.request({ method: 'GET', url: '/api/billing/profile', as });
  const create = (as: string, payload: object) => t.request({ method: 'POST', url: '/api/subscription/create', as, payload });
  const processSuccess = (as: string, paymentIntentId: string) =>
    t.request({ method: 'POST', url: '/api/subscription/process-success', as, payload: { paymentIntentId } });
  const invoiceList = async (as: string) => (await t.request({ method: 'GET', url: '/api/billing/invoices', as })).json();
  const invoiceOf = (as: string, id: string) => t.request({ method: 'GET', url: `/api/billing/invoices/${id}`, as });

  /** Created and paid with the test card, not yet reported: the confirmation is the caller's to make. */
  async function paidIntent(as: string, planId: string, poNumber?: string) {
    const created = await create(as, { planId, ...(poNumber === undefined ? {} : { poNumber }) });
    expect(created.statusCode, created.body).toBe(200);
    const { clientSecret, paymentIntentId } = created.json();
    const paid = await t.request({
      method: 'POST',
      url: '/api/subscription/demo/confirm',
      as,
      payload: { clientSecret, cardNumber: GOOD_CARD, expiry: FUTURE, cvc: '123' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return paymentIntentId as string;
  }

  /** A purchase as a customer makes it; returns its tax invoice as GET /api/billing/invoices/:id answers. */
  async function buy(as: string, planId: string, poNumber?: string): Promise<InvoiceDocument> {
    const paymentIntentId = await paidIntent(as, planId, poNumber);
    const processed = await processSuccess(as, paymentIntentId);
    expect(processed.json()).toMatchObject({ credited: true });
    const [newest] = await invoiceList(as);
    const res = await invoiceOf(as, newest.id);
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  async function customer(as: string, profile: object) {
    const user = await t.signInAs(as);
    const saved = await putProfile(as, profile);
    expect(saved.statusCode, saved.body).toBe(200);
    return user;
  }

  const today = () => new Date().toISOString().slice(0, 10);

  it('keeps the billing profile: null before it is given, then as saved, with a TRN typed in groups made compact', async () => {
    const user = await t.signInAs('profiler');
    const before = await getProfile('profiler');
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toMatch(/application\/json/);
    expect(before.json()).toBeNull();

    const saved = await putProfile('profiler', { ...UAE_BUSINESS, taxNumber: '100 1234 5670 0003' });
    expect(saved.statusCode, saved.body).toBe(200);
    // No Arabic legal name given: an empty one.
    expect(saved.json()).toEqual({ ...UAE_BUSINESS, legalNameAr: '' });
    expect((await getProfile('profiler')).json()).toEqual({ ...UAE_BUSINESS, legalNameAr: '' });

    const changed = await putProfile('profiler', EGYPT_CONSUMER);
    expect(changed.json()).toEqual({ ...EGYPT_CONSUMER, legalNameAr: '', taxNumber: '' });
    expect((await getProfile('profiler')).json()).toEqual({ ...EGYPT_CONSUMER, legalNameAr: '', taxNumber: '' });

    const activity = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.workspaceId, user.workspaceId), eq(auditLog.action, 'workspace:billing_profile.updated')));
    expect(activity.map((row) => (row.details as { name: string }).name)).toEqual([UAE_BUSINESS.legalName, EGYPT_CONSUMER.legalName]);
  });

  it('refuses a malformed tax number with the format its country expects, and keeps nothing of it', async () => {
    await t.signInAs('mistyper');
    const cases = [
      [{ ...UAE_BUSINESS, taxNumber: '200123456700003' }, 'A UAE TRN is 15 digits starting with 100'],
      [{ ...UAE_BUSINESS, taxNumber: '10012345' }, 'A UAE TRN is 15 digits starting with 100'],
      [{ ...SAUDI_BUSINESS, taxNumber: '300987654300001' }, 'A Saudi VAT number is 15 digits starting and ending with 3'],
      [{ ...SAUDI_BUSINESS, taxNumber: '3009876543' }, 'A Saudi VAT number is 15 digits starting and ending with 3'],
      [{ ...EGYPT_BUSINESS, taxNumber: '<script>' }, 'A tax number is 3 to 30 letters, digits, spaces, dots, slashes or dashes'],
    ] as const;
    for (const [profile, message] of cases) {
      const res = await putProfile('mistyper', profile);
      expect(res.statusCode, profile.taxNumber).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ path: 'taxNumber', message }] });
    }
    expect((await getProfile('mistyper')).json()).toBeNull();
  });

  it('keeps an Arabic legal name beside the English one and prints it on the invoice; refuses one without Arabic letters', async () => {
    await t.signInAs('najd');
    const arabic = { ...SAUDI_BUSINESS, legalNameAr: '  شركة نجد للإعلام ' };
    const saved = await putProfile('najd', arabic);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...SAUDI_BUSINESS, legalNameAr: 'شركة نجد للإعلام' });
    // Latin letters and digits may stand inside an Arabic name.
    expect((await putProfile('najd', { ...SAUDI_BUSINESS, legalNameAr: 'شركة ABC 2' })).statusCode).toBe(200);

    for (const [legalNameAr, message] of [
      ['Najd Media Company', 'Write the Arabic legal name in Arabic letters'],
      ['2026', 'Write the Arabic legal name in Arabic letters'],
      ['ش'.repeat(201), 'At most 200 characters'],
    ]) {
      const res = await putProfile('najd', { ...SAUDI_BUSINESS, legalNameAr });
      expect(res.statusCode, legalNameAr).toBe(422);
      expect(res.json().errors).toEqual([{ path: 'legalNameAr', message }]);
    }
    expect((await getProfile('najd')).json()).toEqual({ ...SAUDI_BUSINESS, legalNameAr: 'شركة ABC 2' });

    await putProfile('najd', arabic);
    const invoice = await buy('najd', 'package_1');
    expect(invoice.buyer).toEqual({ ...SAUDI_BUSINESS, legalNameAr: 'شركة نجد للإعلام', kind: 'business' });
  });

  it('refuses a profile without legal name or country', async () => {
    await t.signInAs('nameless');
    const noName = await putProfile('nameless', { ...UAE_BUSINESS, legalName: '  ' });
    expect(noName.statusCode).toBe(422);
    expect(noName.json().errors).toEqual([{ path: 'legalName', message: 'Legal name is required' }]);
    const noCountry = await putProfile('nameless', { legalName: 'Nowhere LLC', address: 'Somewhere' });
    expect(noCountry.statusCode).toBe(422);
    expect(noCountry.json().errors).toEqual([{ path: 'country', message: 'Choose a country' }]);
    const unknownCountry = await putProfile('nameless', { ...EGYPT_CONSUMER, country: 'Atlantis' });
    expect(unknownCountry.json().errors).toEqual([{ path: 'country', message: 'Choose a country' }]);
    expect((await getProfile('nameless')).json()).toBeNull();
  });

  it('refuses a purchase or a quote without billing details, before any payment exists', async () => {
    const user = await t.signInAs('hasty');
    const res = await create('hasty', { planId: 'package_1' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'BILLING_PROFILE_REQUIRED' });
    const quote = await t.request({ method: 'GET', url: '/api/billing/quote?planId=package_1', as: 'hasty' });
    expect(quote.statusCode).toBe(422);
    expect(quote.json().code).toBe('BILLING_PROFILE_REQUIRED');
    expect(await t.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.workspaceId, user.workspaceId))).toEqual([]);
    expect(await t.db.select().from(checkoutQuotes).where(eq(checkoutQuotes.workspaceId, user.workspaceId))).toEqual([]);
    expect(await t.db.select().from(payments).where(eq(payments.workspaceId, user.workspaceId))).toEqual([]);
  });

  it('quotes the VAT before payment and charges exactly that', async () => {
    const user = await customer('quoted', UAE_BUSINESS);
    const quote = await t.request({ method: 'GET', url: '/api/billing/quote?planId=package_2', as: 'quoted' });
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toEqual({
      planId: 'package_2',
      subtotal: 49_900,
      vatRate: 5,
      vat: 2_495,
      total: 52_395,
      currency: 'usd',
      reverseCharge: false,
      // 24.95 USD × 3.6725 = 91.63 AED; 523.95 USD × 3.6725 = 1,924.21 AED
      display: { currency: 'AED', rate: '3.6725', rateDate: '1997-11-01', vat: 9_163, total: 192_421 },
    });
    expect((await t.request({ method: 'GET', url: '/api/billing/quote?planId=package_9', as: 'quoted' })).statusCode).toBe(422);
    const { paymentIntentId } = (await create('quoted', { planId: 'package_2' })).json();
    const [intent] = await t.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, paymentIntentId));
    expect(intent).toMatchObject({ amount: 52_395, workspaceId: user.workspaceId });
  });

  it('invoices a UAE business with both tax numbers, 5 % VAT, the amounts in AED with the rate, and its PO number', async () => {
    const user = await customer('dubai', UAE_BUSINESS);
    const invoice = await buy('dubai', 'package_2', 'PO-2026-0117');
    expect(invoice).toEqual({
      id: expect.any(String),
      number: expect.stringMatching(/^NSR-INV-\d{6}$/),
      kind: 'invoice',
      issuedAt: expect.any(String),
      supplyDate: today(),
      refersTo: null,
      paymentId: expect.any(String),
      seller: {
        legalName: 'Nashr FZ-LLC',
        legalNameAr: 'نشر م.م.ح',
        address: expect.stringContaining('Dubai Media City'),
        addressAr: expect.stringContaining('مدينة دبي للإعلام'),
        country: 'UAE',
        taxNumber: '100234567800003',
      },
      buyer: { ...UAE_BUSINESS, legalNameAr: null, kind: 'business' },
      poNumber: 'PO-2026-0117',
      lines: [
        {
          description: 'Double Release — press release distribution',
          descriptionAr: 'بيانان — توزيع البيانات الصحفية',
          quantity: 1,
          unitPrice: 49_900,
          vatRate: 5,
          vatAmount: 2_495,
          net: 49_900,
        },
      ],
      currency: 'usd',
      subtotal: 49_900,
      vatRate: 5,
      vat: 2_495,
      total: 52_395,
      reverseCharge: false,
      display: { currency: 'AED', rate: '3.6725', rateDate: '1997-11-01', vat: 9_163, total: 192_421 },
      qr: null,
    });
    const [payment] = await t.db.select().from(payments).where(eq(payments.workspaceId, user.workspaceId));
    expect(payment).toMatchObject({ id: invoice.paymentId, amount: 52_395, vat: 2_495, poNumber: 'PO-2026-0117', releases: 2 });

    expect(await invoiceList('dubai')).toEqual([
      { id: invoice.id, number: invoice.number, kind: 'invoice', issuedAt: invoice.issuedAt, total: 52_395, vat: 2_495, currency: 'usd', refersTo: null, refersToNumber: null },
    ]);
    const history = (await t.request({ method: 'GET', url: '/api/subscription/history', as: 'dubai' })).json();
    expect(history).toMatchObject([
      { kind: 'purchase', planId: 'package_2', amount: 52_395, vat: 2_495, poNumber: 'PO-2026-0117', invoiceId: invoice.id, invoiceNumber: invoice.number, releases: 2, refundedReleases: 0 },
    ]);
  });

  it('emails a receipt naming the invoice and its VAT, linking to its page and its PDF', async () => {
    const user = await customer('mailed', UAE_BUSINESS);
    const invoice = await buy('mailed', 'package_1');
    await expect.poll(() => t.smtp.messages.some((m) => m.envelopeTo.includes(user.email))).toBe(true);
    const text = t.smtp.messages.find((m) => m.envelopeTo.includes(user.email))!.parsed.text ?? '';
    expect(text).toContain(`Tax invoice: ${invoice.number}`);
    expect(text).toContain('Amount paid: $313.95 USD');
    expect(text).toContain('VAT included: $14.95 USD');
    expect(text).toContain(`http://localhost:3000/billing/invoices/${invoice.id}`);
    expect(text).toContain(`http://localhost:3000/api/billing/invoices/${invoice.id}/pdf`);
  });

  it('puts the ZATCA QR on a Saudi business’s invoice: seller name, Saudi VAT number, time, and the total and VAT in riyals', async () => {
    await customer('riyadh', SAUDI_BUSINESS);
    // 44.85 USD × 3.75 = 168.1875 SAR; 343.85 USD × 3.75 = 1,289.4375 SAR: the riyal's fixed rate, not the dirham's.
    const riyals = { currency: 'SAR', rate: '3.75', rateDate: today(), fixed: true, vat: 16_819, total: 128_944 };
    const quote = await t.request({ method: 'GET', url: '/api/billing/quote?planId=package_1', as: 'riyadh' });
    expect(quote.json()).toMatchObject({ vat: 4_485, total: 34_385, display: riyals });
    const invoice = await buy('riyadh', 'package_1');
    expect(invoice).toMatchObject({
      seller: { country: 'Saudi Arabia', taxNumber: '310234567800003' },
      buyer: { ...SAUDI_BUSINESS, kind: 'business' },
      subtotal: 29_900,
      vatRate: 15,
      vat: 4_485,
      total: 34_385,
      reverseCharge: false,
      lines: [{ description: 'Single Release — press release distribution', vatRate: 15, vatAmount: 4_485 }],
      display: riyals,
    });
    expect(invoice.qr).toEqual(expect.any(String));
    expect(readZatcaQr(invoice.qr!)).toEqual({
      sellerName: 'Nashr FZ-LLC',
      vatNumber: '310234567800003',
      timestamp: invoice.issuedAt.replace(/\.\d{3}Z$/, 'Z'),
      total: '1289.44',
      vat: '168.19',
    });
  });

  describeWithPoppler('as the PDF prints them, read back with Poppler', () => {
    const pdfs = pdfFolder('nashr-invoices-');

    async function pdfOf(as: string, invoice: InvoiceDocument): Promise<string> {
      const res = await t.request({ method: 'GET', url: `/api/billing/invoices/${invoice.id}/pdf`, as });
      expect(res.statusCode).toBe(200);
      return pdfs.save(invoice.number, res.rawPayload);
    }

    it('a Saudi invoice states the VAT and total in riyals at the fixed rate, and its printed QR carries the riyal amounts', async () => {
      await customer('jeddah', SAUDI_BUSINESS);
      const invoice = await buy('jeddah', 'package_2');
      const file = await pdfOf('jeddah', invoice);
      const text = extractText(file, 'layout');
      // 74.85 USD × 3.75 = 280.6875 SAR; 573.85 USD × 3.75 = 2,151.9375 SAR
      for (const expected of ['VAT number: 310234567800003', 'VAT 15% USD 74.85', 'Total including VAT USD 573.85', 'VAT in SAR SAR 280.69', 'Total in SAR SAR 2,151.94', 'Fixed exchange rate: 1 USD = 3.75 SAR'])
        expect(text).toContain(expected);
      expect(text).not.toContain('AED');
      const payload = decodeQr(file);
      expect(payload).toBe(invoice.qr);
      expect(readZatcaQr(payload!)).toMatchObject({ vatNumber: '310234567800003', total: '2151.94', vat: '280.69' });
    });

    it('a UAE invoice still states them in dirhams at the configured rate and its date, without a QR', async () => {
      await customer('sharjah', UAE_BUSINESS);
      const invoice = await buy('sharjah', 'package_2');
      const file = await pdfOf('sharjah', invoice);
      const text = extractText(file, 'layout');
      for (const expected of ['Tax number: 100234567800003', 'VAT in AED AED 91.63', 'Total in AED AED 1,924.21', 'Exchange rate: 1 USD = 3.6725 AED on 1997-11-01'])
        expect(text).toContain(expected);
      expect(text).not.toContain('SAR');
      expect(decodeQr(file)).toBeNull();
    });
  });

  it('invoices a registered business abroad under the reverse charge: no VAT, the statement flag set', async () => {
    await customer('cairo-business', EGYPT_BUSINESS);
    const invoice = await buy('cairo-business', 'package_1');
    expect(invoice).toMatchObject({
      seller: { country: 'UAE', taxNumber: '100234567800003' },
      // Dashes typed inside an all-digit number are not part of it.
      buyer: { ...EGYPT_BUSINESS, taxNumber: '512345678', kind: 'business' },
      vatRate: 0,
      vat: 0,
      total: 29_900,
      reverseCharge: true,
      qr: null,
      lines: [{ vatRate: 0, vatAmount: 0, net: 29_900 }],
    });
  });

  it('invoices a consumer abroad without VAT and without the reverse charge', async () => {
    await customer('cairo-consumer', EGYPT_CONSUMER);
    const invoice = await buy('cairo-consumer', 'package_2');
    expect(invoice).toMatchObject({
      buyer: { ...EGYPT_CONSUMER, taxNumber: null, kind: 'consumer' },
      vatRate: 0,
      vat: 0,
      total: 49_900,
      reverseCharge: false,
      poNumber: null,
      qr: null,
    });
  });

  it('numbers 20 purchases confirmed at once 1 to N without a gap or a repeat, one invoice per payment', async () => {
    const buyers = Array.from({ length: 20 }, (_, i) => `parallel-${i}`);
    const intents: Array<[string, string]> = [];
    for (const as of buyers) {
      await customer(as, UAE_BUSINESS);
      intents.push([as, await paidIntent(as, 'package_1')]);
    }
    const results = await Promise.all(intents.map(([as, id]) => processSuccess(as, id)));
    expect(results.map((r) => r.json().credited)).toEqual(buyers.map(() => true));

    const issued = await t.db.select({ seq: invoices.seq, number: invoices.number }).from(invoices).where(eq(invoices.kind, 'invoice'));
    const [{ paid }] = await t.db.select({ paid: sql<number>`count(*)::int` }).from(payments);
    expect(issued).toHaveLength(paid);
    expect(issued.map((row) => row.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: paid }, (_, i) => i + 1));
    expect(new Set(issued.map((row) => row.number)).size).toBe(paid);
    for (const row of issued) expect(row.number).toBe(`NSR-INV-${String(row.seq).padStart(6, '0')}`);
  });

  it('issues no second invoice for a replayed or concurrent confirmation', async () => {
    const user = await customer('replay', UAE_BUSINESS);
    const paymentIntentId = await paidIntent('replay', 'package_2');
    const first = await Promise.all(Array.from({ length: 4 }, () => processSuccess('replay', paymentIntentId)));
    expect(first.filter((r) => r.json().credited)).toHaveLength(1);
    const again = await processSuccess('replay', paymentIntentId);
    expect(again.json().credited).toBe(false);
    expect(await t.db.select().from(invoices).where(eq(invoices.workspaceId, user.workspaceId))).toHaveLength(1);
    expect(await invoiceList('replay')).toHaveLength(1);
  });

  it('refuses to change or delete an issued invoice, even in SQL', async () => {
    await customer('tamperer', EGYPT_CONSUMER);
    const invoice = await buy('tamperer', 'package_1');
    // The database's own refusal (drizzle names the failed query and keeps the driver's error as its cause).
    const refusal = (query: ReturnType<typeof sql>) =>
      t.db.execute(query).then(
        () => 'done',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(await refusal(sql`update invoices set total = 1 where id = ${invoice.id}`)).toMatch(/immutable/);
    expect(await refusal(sql`update invoices set document = '{}'::jsonb where id = ${invoice.id}`)).toMatch(/immutable/);
    expect(await refusal(sql`delete from invoices where id = ${invoice.id}`)).toMatch(/immutable/);
    expect((await invoiceOf('tamperer', invoice.id)).json()).toEqual(invoice);
  });

  it('answers 404 for another workspace’s invoice, an unknown one and a malformed id', async () => {
    await customer('owner-a', EGYPT_CONSUMER);
    const invoice = await buy('owner-a', 'package_1');
    await customer('owner-b', EGYPT_CONSUMER);
    for (const id of [invoice.id, '00000000-0000-4000-8000-000000000000', 'not-an-id', `${invoice.id}'--`]) {
      const res = await invoiceOf('owner-b', encodeURIComponent(id));
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ code: 'INVOICE_NOT_FOUND' });
    }
    expect(await invoiceList('owner-b')).toEqual([]);
    expect((await invoiceOf('owner-a', invoice.id.toUpperCase())).statusCode).toBe(200);
  });

  it('refuses the billing pages to a member without billing rights and to nobody', async () => {
    const owner = await customer('boss-of-writer', EGYPT_CONSUMER);
    await t.signInAs('just-a-writer', { memberOf: { workspaceId: owner.workspaceId, role: 'writer' } });
    for (const url of ['/api/billing/profile', '/api/billing/invoices', '/api/billing/quote?planId=package_1']) {
      expect((await t.request({ method: 'GET', url, as: 'just-a-writer' })).statusCode, url).toBe(403);
      expect((await t.request({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    expect((await putProfile('just-a-writer', UAE_BUSINESS)).statusCode).toBe(403);
  });

  it('lists releases Nashr granted in the history without the operator’s reason', async () => {
    const user = await customer('granted', EGYPT_CONSUMER);
    await buy('granted', 'package_1');
    await t.db.insert(allowanceGrants).values({ workspaceId: user.workspaceId, releases: 3, reason: 'Goodwill after the outage of 12 May', createdAt: new Date(Date.now() + 1000) });
    const res = await t.request({ method: 'GET', url: '/api/subscription/history', as: 'granted' });
    expect(res.body).not.toContain('Goodwill');
    const history = res.json();
    expect(history).toHaveLength(2);
    expect(history[0]).toEqual({
      id: expect.any(String),
      kind: 'grant',
      planId: null,
      amount: 0,
      currency: 'usd',
      status: 'succeeded',
      createdAt: expect.any(String),
      receiptNumber: null,
      balanceAfter: null,
      releases: 3,
      vat: 0,
      poNumber: null,
      invoiceId: null,
      invoiceNumber: null,
      refundedReleases: 0,
    });
    expect(history[1]).toMatchObject({ kind: 'purchase', planId: 'package_1', releases: 1 });
  });

  it('accepts a PO number of at most 60 characters', async () => {
    await customer('long-po', EGYPT_CONSUMER);
    const res = await create('long-po', { planId: 'package_1', poNumber: 'P'.repeat(61) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([{ path: 'poNumber', message: 'At most 60 characters' }]);
    const blank = await create('long-po', { planId: 'package_1', poNumber: '   ' });
    const [quote] = await t.db.select().from(checkoutQuotes).where(inArray(checkoutQuotes.paymentIntentId, [blank.json().paymentIntentId]));
    expect(quote.poNumber).toBeNull();
  });
});
