import { createSign, generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { ensureAppSecret } from '../common/app-secret.js';
import { deliveries, deliveryReports, suppressions } from '../db/schema.js';
import { createListWithContacts, releasePayload } from '../releases/release-fixtures.js';
import { createDeliveryEngine } from '../delivery/delivery-engine.js';
import { smtpDeliveryTransport } from '../delivery/delivery-transport.js';
import { snsStringToSign, type SnsEnvelope } from './ses-notifications.js';
import { bounceAddress } from './verp.js';
import { finishIfDone } from '../releases/lifecycle.js';

/**
 * Amazon SES bounce and complaint notifications over HTTP (issue 14): SNS messages signed with the key
 * of a signing certificate configured locally (SES_SIGNING_CERT), mapped to the same outcomes as reports
 * by email; a bad signature, another topic or a forged sender changes nothing.
 */
const signer = generateKeyPairSync('rsa', { modulusLength: 2048 });
const TOPIC = 'arn:aws:sns:eu-west-1:123456789012:nashr-ses';

let t: TestApp;
let secret: string;
beforeAll(async () => {
  t = await createTestApp({
    MAIL_FROM: 'Nashr <releases@nashr.test>',
    SES_SIGNING_CERT: signer.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    SES_TOPIC_ARN: TOPIC,
  });
  secret = await ensureAppSecret(t.deps);
});
afterAll(() => t.close());

function signed(message: object, overrides: Partial<SnsEnvelope> = {}, key = signer.privateKey): SnsEnvelope {
  const envelope: SnsEnvelope = {
    Type: 'Notification',
    MessageId: `msg-${Math.random().toString(36).slice(2)}`,
    TopicArn: TOPIC,
    Message: JSON.stringify(message),
    Timestamp: new Date().toISOString(),
    SignatureVersion: '2',
    Signature: '',
    SigningCertURL: 'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-abc.pem',
    ...overrides,
  };
  envelope.Signature = createSign('RSA-SHA256').update(snsStringToSign(envelope)).sign(key, 'base64');
  return envelope;
}

/** SNS posts JSON as text/plain. */
const post = (envelope: SnsEnvelope | string) =>
  t.request({ method: 'POST', url: '/api/webhooks/bounces/ses', headers: { 'content-type': 'text/plain; charset=UTF-8' }, payload: typeof envelope === 'string' ? envelope : JSON.stringify(envelope) });

let senders = 0;
async function sentTo(email: string) {
  const as = `ses-sender-${++senders}`;
  const user = await t.signInAs(as, { userType: 'active', trusted: true, monthlyPressReleaseLimit: 10 });
  const list = await createListWithContacts(t.db, user.workspaceId, 1, [email]);
  const res = await t.request({ method: 'POST', url: '/api/send-press-release', as, payload: releasePayload({ recipientLists: [list.listId] }) });
  expect(res.statusCode, res.body).toBe(200);
  const transport = smtpDeliveryTransport(t.smtp.url, 1);
  await createDeliveryEngine({ onReleaseDrained: finishIfDone, db: t.db, transport, publicUrl: 'http://localhost:3000', mailFrom: 'Nashr <releases@nashr.test>' }).drain();
  await transport.close();
  const [delivery] = await t.db.select().from(deliveries).where(eq(deliveries.releaseId, res.json().pressRelease.id));
  return { ...delivery, source: bounceAddress(delivery.id, secret, 'nashr.test') };
}

const bounce = (source: string, email: string, bounceType = 'Permanent') => ({
  notificationType: 'Bounce',
  bounce: { bounceType, bouncedRecipients: [{ emailAddress: email, status: bounceType === 'Permanent' ? '5.1.1' : '4.4.7', diagnosticCode: 'smtp; 550 5.1.1 user unknown' }] },
  mail: { source, destination: [email] },
});
const statusOf = async (id: number) => (await t.db.select({ status: deliveries.status }).from(deliveries).where(eq(deliveries.id, id)))[0].status;
const suppressionOf = async (email: string) => (await t.db.select().from(suppressions).where(eq(suppressions.email, email)))[0];

describe('Amazon SES notifications by SNS', () => {
  it('applies a signed permanent bounce and a signed complaint as the listener would', async () => {
    const hard = await sentTo('ses.hard@journalists.test');
    const res = await post(signed(bounce(hard.source, 'ses.hard@journalists.test')));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ applied: 'hard' });
    expect(await statusOf(hard.id)).toBe('bounced');
    expect(await suppressionOf('ses.hard@journalists.test')).toMatchObject({ reason: 'bounced' });

    const complainer = await sentTo('ses.complaint@journalists.test');
    const complaint = { notificationType: 'Complaint', complaint: { complaintFeedbackType: 'abuse', complainedRecipients: [{ emailAddress: 'ses.complaint@journalists.test' }] }, mail: { source: complainer.source } };
    // Signature version 1 (SHA-1) is still what many topics use.
    const v1 = signed(complaint, { SignatureVersion: '1' });
    v1.Signature = createSign('RSA-SHA1').update(snsStringToSign(v1)).sign(signer.privateKey, 'base64');
    expect((await post(v1)).json()).toEqual({ applied: 'complaint' });
    expect(await statusOf(complainer.id)).toBe('complained');
    expect(await suppressionOf('ses.complaint@journalists.test')).toMatchObject({ reason: 'complained' });

    // SES reports a bounce once it stopped trying: a transient one too was never delivered.
    const soft = await sentTo('ses.soft@journalists.test');
    expect((await post(signed(bounce(soft.source, 'ses.soft@journalists.test', 'Transient')))).json()).toEqual({ applied: 'soft' });
    expect(await statusOf(soft.id)).toBe('bounced');
    expect(await suppressionOf('ses.soft@journalists.test')).toBeUndefined();
  });

  it('applies one notification once however often it is posted, and refuses one older than an hour', async () => {
    const replayed = await sentTo('ses.replayed@journalists.test');
    const once = signed(bounce(replayed.source, 'ses.replayed@journalists.test', 'Transient'));
    expect((await post(once)).json()).toEqual({ applied: 'soft' });
    for (let i = 0; i < 2; i++) expect((await post(once)).json()).toEqual({ ignored: 'report already applied' });
    const rows = await t.db.select().from(deliveryReports).where(eq(deliveryReports.deliveryId, replayed.id));
    expect(rows).toHaveLength(1);

    const old = await sentTo('ses.old@journalists.test');
    const dated2001 = signed(bounce(old.source, 'ses.old@journalists.test'), { Timestamp: '2001-09-09T01:46:40.000Z' });
    for (let i = 0; i < 3; i++) {
      const res = await post(dated2001);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/older than an hour/);
    }
    const fromTheFuture = signed(bounce(old.source, 'ses.old@journalists.test'), { Timestamp: new Date(Date.now() + 2 * 3_600_000).toISOString() });
    expect((await post(fromTheFuture)).statusCode).toBe(403);
    expect((await post(signed(bounce(old.source, 'ses.old@journalists.test'), { Timestamp: 'yesterday' }))).statusCode).toBe(403);
    expect(await statusOf(old.id)).toBe('sent');
    expect(await suppressionOf('ses.old@journalists.test')).toBeUndefined();
  });

  it('refuses a bad signature, another key, another topic and garbage, and changes nothing', async () => {
    const kept = await sentTo('ses.kept@journalists.test');
    const good = signed(bounce(kept.source, 'ses.kept@journalists.test'));
    const altered = { ...good, Message: good.Message.replace('5.1.1', '5.7.1') };
    expect((await post(altered)).statusCode).toBe(403);
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    expect((await post(signed(bounce(kept.source, 'ses.kept@journalists.test'), {}, otherKey))).statusCode).toBe(403);
    const otherTopic = await post(signed(bounce(kept.source, 'ses.kept@journalists.test'), { TopicArn: 'arn:aws:sns:eu-west-1:999999999999:other' }));
    expect(otherTopic.statusCode).toBe(403);
    expect((await post(signed(bounce(kept.source, 'ses.kept@journalists.test'), { SignatureVersion: '3' }))).statusCode).toBe(403);
    expect((await post('{not json')).statusCode).toBe(400);
    expect((await post(JSON.stringify({ hello: 'world' }))).statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url: '/api/webhooks/bounces/mailgun', payload: {} })).statusCode).toBe(404);

    // Signed, but naming a sender address that is not one of ours, or another recipient.
    const forged = await post(signed(bounce(`bounces+${kept.id}.0000000000000000@nashr.test`, 'ses.kept@journalists.test')));
    expect(forged.json()).toEqual({ ignored: 'names no delivery of ours' });
    const elsewhere = await post(signed(bounce(kept.source, 'someone.else@journalists.test')));
    expect(elsewhere.json().ignored).toMatch(/other addresses/);

    expect(await statusOf(kept.id)).toBe('sent');
    expect(await suppressionOf('ses.kept@journalists.test')).toBeUndefined();
  });

  it('does not confirm a subscription whose URL is not an SNS address', async () => {
    const confirmation = signed({}, { Type: 'SubscriptionConfirmation', Token: 'token', SubscribeURL: 'http://127.0.0.1:9/confirm', Message: 'You have chosen to subscribe' });
    const res = await post(confirmation);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ignored: 'subscription URL is not an SNS address' });
  });
});
