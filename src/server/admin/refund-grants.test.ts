import type { WorkspaceId } from '../../shared/ids.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, refunds } from '../db/schema.js';
import { createListWithContacts, releasePayload } from '../releases/release-fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * A refund never pays cash for a granted release (issue 35). Releases are one pool; what Nashr granted is
 * counted as spent last, so a purchase is refundable only for what is left of the pool beyond the grants.
 * The attack: a package of one release ($313.95 with UAE VAT) and a grant of one, the release spent, then
 * a refund of the purchase — it went through; now it is refused with the figures, and the desk says so.
 */

const FUTURE = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REVIEW: 'off' });
  await t.signInAs('operator', { role: 'super_admin' });
});
afterAll(() => t.close());

const post = (url: string, payload: object, as = 'operator') => t.request({ method: 'POST', url, as, payload });
const detailOf = async (workspaceId: WorkspaceId) => (await t.request({ method: 'GET', url: `/api/admin/workspaces/${workspaceId}`, as: 'operator' })).json();

let customers = 0;
/** A trusted customer who bought `planId` through the demo checkout, with a list to send to. */
async function buyer(planId: 'package_1' | 'package_2') {
  const as = `grantee${++customers}`;
  const user = await t.signInAs(as, { trusted: true });
  const workspaceId = user.workspaceId;
  const { listId } = await createListWithContacts(t.db, workspaceId, 1);
  const profile = { legalName: 'Dune Media FZE', address: 'Dubai', country: 'UAE', taxNumber: '100222333400003' };
  expect((await t.request({ method: 'PUT', url: '/api/billing/profile', as, payload: profile })).statusCode).toBe(200);
  const intent = (await post('/api/subscription/create', { planId }, as)).json();
  const card = { clientSecret: intent.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: FUTURE, cvc: '123' };
  expect((await post('/api/subscription/demo/confirm', card, as)).statusCode).toBe(200);
  expect((await post('/api/subscription/process-success', { paymentIntentId: intent.paymentIntentId }, as)).statusCode).toBe(200);
  const [payment] = await t.db.select().from(payments).where(eq(payments.paymentIntentId, intent.paymentIntentId));
  const grant = (releases: number) => post(`/api/admin/workspaces/${workspaceId}/grant`, { releases, reason: 'Goodwill after an outage' });
  const send = async () => expect((await post('/api/send-press-release', releasePayload({ recipientLists: [listId] }), as)).statusCode).toBe(200);
  return { workspaceId, payment, grant, send };
}

const refund = (paymentId: string, releases: number) =>
  post(`/api/admin/payments/${paymentId}/refund`, { releases, reason: 'The customer asked for their money back' });

describe('refunding a purchase beside a grant', () => {
  it('refuses the refund of a spent purchase whose only unspent release was granted, and the desk offers none', async () => {
    const { workspaceId, payment, grant, send } = await buyer('package_1');
    expect(payment.amount).toBe(31_395);
    expect((await grant(1)).statusCode).toBe(200);
    await send();

    const refused = await refund(payment.id, 1);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'REFUND_EXCEEDS_UNSPENT', details: { releases: 1, spent: 1, refunded: 0, unspent: 0 } });
    expect(await t.db.select().from(refunds).where(eq(refunds.paymentId, payment.id))).toEqual([]);

    const detail = await detailOf(workspaceId);
    expect(detail.purchases).toEqual([expect.objectContaining({ id: payment.id, releases: 1, refundable: 0 })]);
    // The release left is Nashr's: the desk names it as granted, which no refund pays for.
    expect(detail.allowance).toEqual({ limit: 2, used: 1, remaining: 1, granted: 1 });
  });

  it('refunds the purchased releases still unspent, never the granted ones', async () => {
    const { workspaceId, payment, grant, send } = await buyer('package_2');
    expect((await grant(1)).statusCode).toBe(200);
    expect((await detailOf(workspaceId)).purchases[0].refundable).toBe(2);
    await send();
    // Three in the pool, one spent: of the two left, one is the grant.
    expect((await detailOf(workspaceId)).purchases[0].refundable).toBe(1);
    const tooMany = await refund(payment.id, 2);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().details).toMatchObject({ releases: 2, spent: 1, unspent: 1 });

    const refunded = await refund(payment.id, 1);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().allowance).toEqual({ limit: 2, used: 1, remaining: 1 });
    expect((await detailOf(workspaceId)).purchases[0].refundable).toBe(0);
    expect((await refund(payment.id, 1)).statusCode).toBe(422);
  });

  it('a grant made after a full refund is still the customer’s to spend, and refunds nothing', async () => {
    const { workspaceId, payment, grant, send } = await buyer('package_1');
    expect((await refund(payment.id, 1)).statusCode).toBe(200);
    expect((await grant(2)).statusCode).toBe(200);
    await send();
    const detail = await detailOf(workspaceId);
    expect(detail.purchases[0]).toMatchObject({ refundedReleases: 1, refundable: 0 });
    expect(detail.allowance).toEqual({ limit: 2, used: 1, remaining: 1, granted: 1 });
  });
});
