import type { WorkspaceId } from '../../shared/ids.js';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPaymentIntents, payments, workspaces } from '../db/schema.js';
import { createListWithContacts, releasePayload } from '../releases/release-fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

const GOOD_CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000 0000 0000 0002';
const FUTURE = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

describe('billing with the demo provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const status = async (as: string) => (await t.request({ method: 'GET', url: '/api/subscription/status', as })).json();
  const create = (as: string, payload: object) => t.request({ method: 'POST', url: '/api/subscription/create', as, payload });
  const confirm = (as: string, payload: object) => t.request({ method: 'POST', url: '/api/subscription/demo/confirm', as, payload });
  const sendRelease = (as: string, payload: object) => t.request({ method: 'POST', url: '/api/send-press-release', as, payload });
  const processSuccess = (as: string, paymentIntentId: string) =>
    t.request({ method: 'POST', url: '/api/subscription/process-success', as, payload: { paymentIntentId } });

  /**
   * A member who may buy: signed in, their workspace's billing details given, as the checkout asks first.
   * A consumer in Egypt is charged no VAT, so the amounts below are the plans' prices.
   */
  async function signInBuyer(as: string, fields: Parameters<TestApp['signInAs']>[1] = {}) {
    const user = await t.signInAs(as, fields);
    const profile = await t.request({
      method: 'PUT',
      url: '/api/billing/profile',
      as,
      payload: { legalName: `${as} Trading`, address: '12 Nile Corniche, Cairo', country: 'Egypt' },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    return user;
  }

  async function buy(as: string, planId: string) {
    const created = (await create(as, { planId })).json();
    const confirmed = await confirm(as, { clientSecret: created.clientSecret, cardNumber: GOOD_CARD, expiry: FUTURE, cvc: '123' });
    expect(confirmed.statusCode).toBe(200);
    const processed = await processSuccess(as, created.paymentIntentId);
    expect(processed.statusCode).toBe(200);
    return { created, processed: processed.json() };
  }

  it('lists the two packages from the server table, with prices in dollars', async () => {
    const res = await t.request({ method: 'GET', url: '/api/subscription/plans' });
    expect(res.statusCode).toBe(200);
    const plans = res.json();
    expect(plans.map((p: { id: string; price: number; pressReleaseLimit: number }) => [p.id, p.price, p.pressReleaseLimit])).toEqual([
      ['package_1', 299, 1],
      ['package_2', 499, 2],
    ]);
    expect(plans[1]).toMatchObject({ mostPopular: true, tagline: 'Best value for multiple releases', savings: 99 });
    expect(plans[0]).toMatchObject({ mostPopular: false, tagline: 'Perfect for single campaigns' });
    expect(plans[0].features).toHaveLength(4);
    expect(res.body).not.toContain('amountCents');
  });

  it('requires a session for status, history, create and confirmation', async () => {
    for (const [method, url] of [
      ['GET', '/api/subscription/status'],
      ['GET', '/api/subscription/history'],
      ['POST', '/api/subscription/create'],
      ['POST', '/api/subscription/process-success'],
      ['POST', '/api/subscription/demo/confirm'],
    ] as const) {
      const res = await t.request({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('describes a trial user: no allowance, cannot send, emails masked', async () => {
    await t.signInAs('trial');
    expect(await status('trial')).toEqual({
      userType: 'trial',
      status: 'trial',
      subscriptionPlan: null,
      canSend: { canSend: false },
      canViewEmails: false,
      isTrialUser: true,
      isSuperAdmin: false,
      needsSubscription: true,
      monthlyPressReleaseLimit: 0,
      pressReleasesUsedThisMonth: 0,
      remaining: 0,
      packageRefunded: false,
    });
  });

  it('describes a super admin: unlimited, no purchase needed, and refuses to sell them a package', async () => {
    await t.signInAs('boss', { role: 'super_admin' });
    expect(await status('boss')).toMatchObject({
      userType: 'super_admin',
      isSuperAdmin: true,
      isTrialUser: false,
      needsSubscription: false,
      canSend: { canSend: true },
      canViewEmails: true,
    });
    const res = await create('boss', { planId: 'package_1' });
    expect(res.statusCode).toBe(409);
  });

  it('buys package_2 with the test card: the trial user becomes active with 2 releases', async () => {
    const user = await signInBuyer('buyer');
    const created = await create('buyer', { planId: 'package_2' });
    expect(created.statusCode).toBe(200);
    const body = created.json();
    expect(body).toMatchObject({ provider: 'demo' });
    expect(body.clientSecret).toMatch(/^pi_demo_\w+_secret_/);
    expect(body.paymentIntentId).toMatch(/^pi_demo_/);

    const confirmed = await confirm('buyer', { clientSecret: body.clientSecret, cardNumber: GOOD_CARD, expiry: FUTURE, cvc: '123' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ status: 'succeeded', paymentIntentId: body.paymentIntentId });

    const processed = await processSuccess('buyer', body.paymentIntentId);
    expect(processed.statusCode).toBe(200);
    expect(processed.json()).toMatchObject({ credited: true, status: { userType: 'active', remaining: 2 } });

    expect(await status('buyer')).toMatchObject({
      userType: 'active',
      status: 'active',
      subscriptionPlan: 'package_2',
      canSend: { canSend: true },
      canViewEmails: true,
      isTrialUser: false,
      needsSubscription: false,
      monthlyPressReleaseLimit: 2,
      pressReleasesUsedThisMonth: 0,
      remaining: 2,
    });
    const [row] = await t.db.select().from(workspaces).where(eq(workspaces.id, user.workspaceId));
    expect(row).toMatchObject({ userType: 'active', subscriptionStatus: 'active' });

    const history = await t.request({ method: 'GET', url: '/api/subscription/history', as: 'buyer' });
    expect(history.json()).toEqual([
      {
        id: expect.any(String),
        planId: 'package_2',
        amount: 49_900,
        currency: 'usd',
        status: 'succeeded',
        createdAt: expect.any(String),
        receiptNumber: expect.stringMatching(new RegExp(`^NSR-${new Date().getUTCFullYear()}-\\d{6}$`)),
        balanceAfter: 2,
        kind: 'purchase',
        releases: 2,
        vat: 0,
        poNumber: null,
        invoiceId: expect.any(String),
        invoiceNumber: expect.stringMatching(/^NSR-INV-\d{6}$/),
        refundedReleases: 0,
      },
    ]);
  });

  it('emails a receipt after each purchase with the plan, amount, date, number and balance of the history', async () => {
    const user = await signInBuyer('receipt-buyer');
    await buy('receipt-buyer', 'package_1');
    await buy('receipt-buyer', 'package_2');
    const mails = () => t.smtp.messages.filter((m) => m.envelopeTo.includes(user.email));
    await expect.poll(() => mails().length).toBe(2);
    const history = (await t.request({ method: 'GET', url: '/api/subscription/history', as: 'receipt-buyer' })).json();
    // Newest first in the history; the second purchase leaves 1 + 2 releases to send.
    expect(history.map((p: { balanceAfter: number }) => p.balanceAfter)).toEqual([3, 1]);
    expect(history[0].receiptNumber).not.toBe(history[1].receiptNumber);
    for (const [mail, record, plan, amount] of [
      [mails().find((m) => m.parsed.subject?.includes(history[1].receiptNumber)), history[1], 'Single Release', '$299.00'],
      [mails().find((m) => m.parsed.subject?.includes(history[0].receiptNumber)), history[0], 'Double Release', '$499.00'],
    ] as const) {
      expect(mail, record.receiptNumber).toBeDefined();
      const text = mail!.parsed.text ?? '';
      expect(mail!.parsed.subject).toBe(`Your Nashr receipt ${record.receiptNumber}`);
      expect(text).toContain(`Receipt number: ${record.receiptNumber}`);
      expect(text).toContain(`Package: ${plan}`);
      expect(text).toContain(`Amount paid: ${amount} USD`);
      expect(text).toContain(`Press releases available: ${record.balanceAfter}`);
      expect(text).toContain(`Date: ${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(record.createdAt))}`);
      expect(mail!.parsed.html).toContain(record.receiptNumber);
    }
  });

  it('ignores any price the client sends: the plan table decides the amount', async () => {
    await signInBuyer('haggler');
    const res = await create('haggler', { planId: 'package_2', price: 1, amount: 100, currency: 'eur' });
    expect(res.statusCode).toBe(200);
    const [intent] = await t.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, res.json().paymentIntentId));
    expect(intent).toMatchObject({ amount: 49_900, currency: 'usd', planId: 'package_2' });
  });

  it('rejects an unknown plan with 422', async () => {
    await signInBuyer('confused');
    const res = await create('confused', { planId: 'package_9' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ path: 'planId', message: 'Choose a valid plan' }] });
    expect((await create('confused', {})).statusCode).toBe(422);
  });

  it('adds each further package to the allowance', async () => {
    await signInBuyer('loyal');
    await buy('loyal', 'package_1');
    await buy('loyal', 'package_2');
    expect(await status('loyal')).toMatchObject({ monthlyPressReleaseLimit: 3, remaining: 3, subscriptionPlan: 'package_2' });
    const history = (await t.request({ method: 'GET', url: '/api/subscription/history', as: 'loyal' })).json();
    expect(history.map((p: { planId: string }) => p.planId).sort()).toEqual(['package_1', 'package_2']);
  });

  it('declines 4000 0000 0000 0002 with 402 and credits nothing; the same intent can then be paid', async () => {
    await signInBuyer('unlucky');
    const { clientSecret, paymentIntentId } = (await create('unlucky', { planId: 'package_1' })).json();
    const declined = await confirm('unlucky', { clientSecret, cardNumber: DECLINED_CARD, expiry: FUTURE, cvc: '123' });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ status: 'requires_payment_method', message: 'Your card was declined.' });

    const early = await processSuccess('unlucky', paymentIntentId);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('PAYMENT_NOT_COMPLETED');
    expect(await status('unlucky')).toMatchObject({ userType: 'trial', monthlyPressReleaseLimit: 0 });

    const paid = await confirm('unlucky', { clientSecret, cardNumber: GOOD_CARD, expiry: FUTURE, cvc: '1234' });
    expect(paid.statusCode).toBe(200);
    expect((await processSuccess('unlucky', paymentIntentId)).json().credited).toBe(true);
    expect(await status('unlucky')).toMatchObject({ userType: 'active', monthlyPressReleaseLimit: 1 });
  });

  it('declines a non-test card number as test mode does', async () => {
    await signInBuyer('realcard');
    const { clientSecret } = (await create('realcard', { planId: 'package_1' })).json();
    const res = await confirm('realcard', { clientSecret, cardNumber: '5555 5555 5555 4444', expiry: FUTURE, cvc: '123' });
    expect(res.statusCode).toBe(402);
    expect(res.json().status).toBe('requires_payment_method');
  });

  it('validates the card form: number, expiry in the future, CVC of 3–4 digits, all errors at once', async () => {
    await signInBuyer('typo');
    const { clientSecret } = (await create('typo', { planId: 'package_1' })).json();
    const res = await confirm('typo', { clientSecret, cardNumber: '4242 4242 4242 4241', expiry: '01/20', cvc: '12' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { path: 'cardNumber', message: 'Card number is invalid' },
      { path: 'expiry', message: 'Card has expired' },
      { path: 'cvc', message: 'CVC must be 3 or 4 digits' },
    ]);
    const malformed = await confirm('typo', { clientSecret, cardNumber: GOOD_CARD, expiry: '13/40', cvc: '12345' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors.map((e: { path: string }) => e.path)).toEqual(['expiry', 'cvc']);
    const odd = await confirm('typo', { clientSecret: `${clientSecret}\u0000`, cardNumber: GOOD_CARD, expiry: FUTURE, cvc: '123' });
    expect(odd.statusCode).toBe(422);
    expect(odd.json().errors).toEqual([{ path: 'clientSecret', message: 'Payment session is invalid' }]);
    const typed = await confirm('typo', { clientSecret, cardNumber: 4242424242424242, expiry: 1230, cvc: 123 });
    expect(typed.statusCode).toBe(422);
    expect(typed.json().errors.map((e: { path: string }) => e.path)).toEqual(['cardNumber', 'expiry', 'cvc']);
    const empty = await confirm('typo', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.map((e: { path: string }) => e.path)).toEqual(['clientSecret', 'cardNumber', 'expiry', 'cvc']);
  });

  it('credits a replayed confirmation only once', async () => {
    await signInBuyer('replayer');
    const { created } = await buy('replayer', 'package_2');
    for (let i = 0; i < 3; i++) {
      const again = await processSuccess('replayer', created.paymentIntentId);
      expect(again.statusCode).toBe(200);
      expect(again.json().credited).toBe(false);
    }
    const reconfirm = await confirm('replayer', { clientSecret: created.clientSecret, cardNumber: GOOD_CARD, expiry: FUTURE, cvc: '123' });
    expect(reconfirm.statusCode).toBe(200);
    expect(await status('replayer')).toMatchObject({ monthlyPressReleaseLimit: 2 });
  });

  it('credits concurrent confirmations of one intent only once', async () => {
    const user = await signInBuyer('racer');
    const { clientSecret, paymentIntentId } = (await create('racer', { planId: 'package_2' })).json();
    await confirm('racer', { clientSecret, cardNumber: GOOD_CARD, expiry: FUTURE, cvc: '123' });
    const results = await Promise.all(Array.from({ length: 6 }, () => processSuccess('racer', paymentIntentId)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(results.filter((r) => r.json().credited).length).toBe(1);
    expect(await status('racer')).toMatchObject({ monthlyPressReleaseLimit: 2 });
    expect(await t.db.select().from(payments).where(eq(payments.workspaceId, user.workspaceId))).toHaveLength(1);
  });

  it('credits nothing for an invented intent id, and another user’s intent is a 404', async () => {
    await signInBuyer('forger');
    expect((await processSuccess('forger', 'pi_demo_made_up')).statusCode).toBe(404);
    expect((await processSuccess('forger', 'x'.repeat(256))).statusCode).toBe(422);
    expect((await processSuccess('forger', '')).statusCode).toBe(422);
    expect((await processSuccess('forger', 'pi_demo\u0000x')).statusCode).toBe(422);
    expect((await processSuccess('forger', "pi_demo' or '1'='1")).statusCode).toBe(422);

    await signInBuyer('victim');
    const { created } = await buy('victim', 'package_1');
    expect((await processSuccess('forger', created.paymentIntentId)).statusCode).toBe(404);
    const stolen = await confirm('forger', { clientSecret: created.clientSecret, cardNumber: GOOD_CARD, expiry: FUTURE, cvc: '123' });
    expect(stolen.statusCode).toBe(404);
    expect(await status('forger')).toMatchObject({ userType: 'trial', monthlyPressReleaseLimit: 0 });
    expect(await status('victim')).toMatchObject({ monthlyPressReleaseLimit: 1 });
  });

  it('spends a bought press release on a send or a schedule, and gives it back when a schedule is cancelled', async () => {
    // A trusted customer: its releases skip editorial review (review.test.ts covers review).
    const user = await signInBuyer('spender', { trusted: true });
    const { listId } = await createListWithContacts(t.db, user.workspaceId, 2);
    await buy('spender', 'package_1');
    expect(await status('spender')).toMatchObject({ canSend: { canSend: true }, remaining: 1, pressReleasesUsedThisMonth: 0 });

    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await sendRelease('spender', releasePayload({ action: 'schedule', recipientLists: [listId], scheduledAt: inAnHour }));
    expect(scheduled.statusCode).toBe(200);
    const exhausted = { canSend: { canSend: false }, needsSubscription: true, remaining: 0, pressReleasesUsedThisMonth: 1 };
    expect(await status('spender')).toMatchObject({ ...exhausted, userType: 'active', monthlyPressReleaseLimit: 1 });
    expect((await sendRelease('spender', releasePayload({ recipientLists: [listId] }))).statusCode).toBe(402);

    const releaseId = scheduled.json().pressRelease.id;
    const cancelled = await t.request({ method: 'POST', url: `/api/press-releases/${releaseId}/cancel`, as: 'spender' });
    expect(cancelled.statusCode).toBe(200);
    expect(await status('spender')).toMatchObject({ canSend: { canSend: true }, needsSubscription: false, remaining: 1, pressReleasesUsedThisMonth: 0 });

    expect((await sendRelease('spender', releasePayload({ recipientLists: [listId] }))).statusCode).toBe(200);
    expect(await status('spender')).toMatchObject(exhausted);
  });

  it('shows each user only their own purchases', async () => {
    await t.signInAs('newcomer');
    const res = await t.request({ method: 'GET', url: '/api/subscription/history', as: 'newcomer' });
    expect(res.json()).toEqual([]);
  });

  it('has no webhook in demo mode', async () => {
    const res = await t.request({ method: 'POST', url: '/api/subscription/webhook', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});

describe('billing with Stripe (webhook, no network)', () => {
  const webhookSecret = 'whsec_test_secret_for_nashr';
  const stripe = new Stripe('sk_test_local');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_PUBLISHABLE_KEY: 'pk_test_local', STRIPE_WEBHOOK_SECRET: webhookSecret });
  });
  afterAll(() => t.close());

  function succeededEvent(intent: { id: string; amount: number; workspaceId: string; buyerId?: string; planId: string; status?: string }, type = 'payment_intent.succeeded') {
    return JSON.stringify({
      id: `evt_${intent.id}`,
      object: 'event',
      type,
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: intent.id,
          object: 'payment_intent',
          amount: intent.amount,
          currency: 'usd',
          status: intent.status ?? 'succeeded',
          metadata: { workspaceId: intent.workspaceId, buyerId: intent.buyerId, planId: intent.planId },
        },
      },
    });
  }

  const postWebhook = (payload: string, signature?: string) =>
    t.request({
      method: 'POST',
      url: '/api/subscription/webhook',
      headers: { 'content-type': 'application/json; charset=utf-8', ...(signature ? { 'stripe-signature': signature } : {}) },
      payload,
    });
  const sign = (payload: string, secret = webhookSecret) => stripe.webhooks.generateTestHeaderString({ payload, secret });
  const limitOf = async (workspaceId: WorkspaceId) => (await t.db.select().from(workspaces).where(eq(workspaces.id, workspaceId)))[0].monthlyPressReleaseLimit;

  it('credits a signed payment_intent.succeeded exactly once, however often it arrives', async () => {
    const user = await t.signInAs('stripe-buyer');
    const payload = succeededEvent({ id: 'pi_test_1', amount: 49_900, workspaceId: user.workspaceId, buyerId: user.id, planId: 'package_2' });
    const first = await postWebhook(payload, sign(payload));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, handled: true, credited: true });
    const replays = await Promise.all([postWebhook(payload, sign(payload)), postWebhook(payload, sign(payload))]);
    expect(replays.map((r) => r.json().credited)).toEqual([false, false]);
    expect(await limitOf(user.workspaceId)).toBe(2);
    const status = (await t.request({ method: 'GET', url: '/api/subscription/status', as: 'stripe-buyer' })).json();
    expect(status).toMatchObject({ userType: 'active', remaining: 2 });
    const history = (await t.request({ method: 'GET', url: '/api/subscription/history', as: 'stripe-buyer' })).json();
    expect(history).toMatchObject([{ planId: 'package_2', amount: 49_900, currency: 'usd', balanceAfter: 2 }]);
    // An intent begun before checkout quotes were kept: the plan's price without VAT, invoiced to the
    // workspace by its name as a consumer (it has given no billing details).
    const invoice = (await t.request({ method: 'GET', url: `/api/billing/invoices/${history[0].invoiceId}`, as: 'stripe-buyer' })).json();
    expect(invoice).toMatchObject({
      paymentId: history[0].id,
      buyer: { legalName: 'stripe-buyer Company', address: '', country: '', taxNumber: null, kind: 'consumer' },
      subtotal: 49_900,
      vat: 0,
      total: 49_900,
      reverseCharge: false,
    });
    expect((await t.request({ method: 'GET', url: '/api/billing/invoices', as: 'stripe-buyer' })).json()).toHaveLength(1);
    // One purchase, one receipt, however many times Stripe told us.
    await expect.poll(() => t.smtp.messages.filter((m) => m.envelopeTo.includes(user.email)).length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const receipts = t.smtp.messages.filter((m) => m.envelopeTo.includes(user.email));
    expect(receipts.map((m) => m.parsed.subject)).toEqual([`Your Nashr receipt ${history[0].receiptNumber}`]);
  });

  it('refuses an invalid or missing signature with 400 and credits nothing', async () => {
    const user = await t.signInAs('stripe-forger');
    const payload = succeededEvent({ id: 'pi_test_forged', amount: 29_900, workspaceId: user.workspaceId, buyerId: user.id, planId: 'package_1' });
    const wrongSecret = await postWebhook(payload, sign(payload, 'whsec_someone_else'));
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json()).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID', message: 'Invalid webhook signature' });
    const tampered = await postWebhook(payload.replace('29900', '1'), sign(payload));
    expect(tampered.statusCode).toBe(400);
    const missing = await postWebhook(payload);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Missing Stripe-Signature header');
    expect(await limitOf(user.workspaceId)).toBe(0);
  });

  it('acknowledges and ignores other event types', async () => {
    const user = await t.signInAs('stripe-other');
    const payload = succeededEvent({ id: 'pi_test_other', amount: 29_900, workspaceId: user.workspaceId, buyerId: user.id, planId: 'package_1', status: 'requires_payment_method' }, 'payment_intent.payment_failed');
    const res = await postWebhook(payload, sign(payload));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, handled: false, credited: false });
    expect(await limitOf(user.workspaceId)).toBe(0);
  });

  it('credits nothing when the paid amount does not match the plan or the workspace is unknown', async () => {
    const user = await t.signInAs('stripe-cheap');
    const cheap = succeededEvent({ id: 'pi_test_cheap', amount: 100, workspaceId: user.workspaceId, buyerId: user.id, planId: 'package_2' });
    expect((await postWebhook(cheap, sign(cheap))).json()).toEqual({ received: true, handled: false, credited: false });
    const ghost = succeededEvent({ id: 'pi_test_ghost', amount: 29_900, workspaceId: '00000000-0000-4000-8000-000000000000', planId: 'package_1' });
    expect((await postWebhook(ghost, sign(ghost))).json()).toEqual({ received: true, handled: false, credited: false });
    expect(await limitOf(user.workspaceId)).toBe(0);
    expect(await t.db.select().from(payments).where(eq(payments.paymentIntentId, 'pi_test_cheap'))).toHaveLength(0);
  });

  it('offers no demo card form when Stripe is configured', async () => {
    await t.signInAs('stripe-demo');
    const res = await t.request({ method: 'POST', url: '/api/subscription/demo/confirm', as: 'stripe-demo', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});
