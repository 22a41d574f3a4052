import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ensureAppSecret } from '../common/app-secret.js';
import { appError } from '../http/errors.js';
import { applyServerReport } from './reports.service.js';
import { isAuthenticSnsMessage, isFreshSnsMessage, reportOfSesNotification, type SnsEnvelope } from './ses-notifications.js';
import { deliveryOfBounceAddress } from './verp.js';

const snsEnvelopeSchema = z.object({
  Type: z.string(),
  MessageId: z.string(),
  TopicArn: z.string(),
  Subject: z.string().optional(),
  Message: z.string(),
  Timestamp: z.string(),
  SignatureVersion: z.string(),
  Signature: z.string(),
  SigningCertURL: z.string(),
  SubscribeURL: z.string().optional(),
  Token: z.string().optional(),
});

const AWS_SUBSCRIBE_URL = /^https:\/\/sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?\//;

/**
 * Registered at /api/webhooks: relays that report bounces and complaints over HTTP. POST
 * /bounces/ses takes Amazon SES notifications delivered by SNS (signature checked, topic checked when
 * SES_TOPIC_ARN is set, older than an hour refused) and applies them as the inbound listener applies
 * reports by email, each SNS MessageId once.
 */
export async function bounceWebhookRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, now } = app.deps;
  let secret: Promise<string> | undefined;
  const appSecret = () => (secret ??= ensureAppSecret(app.deps).catch((error: unknown) => {
    secret = undefined;
    throw error;
  }));

  // SNS posts its JSON as text/plain.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));

  app.post<{ Params: { provider: string } }>('/bounces/:provider', { bodyLimit: 256 * 1024 }, async (request) => {
    if (request.params.provider !== 'ses') throw appError('BOUNCE_PROVIDER_UNKNOWN');
    let raw: unknown = request.body;
    if (typeof raw === 'string') {
      try {
        raw = JSON.parse(raw);
      } catch {
        throw appError('MALFORMED_JSON');
      }
    }
    const parsed = snsEnvelopeSchema.safeParse(raw);
    if (!parsed.success) throw appError('SNS_NOT_A_MESSAGE');
    const envelope: SnsEnvelope = parsed.data;
    if (!(await isAuthenticSnsMessage(envelope, config.sesSigningCert))) {
      request.log.warn({ messageId: envelope.MessageId }, 'SNS message with an invalid signature refused');
      throw appError('SNS_SIGNATURE_INVALID');
    }
    if (config.sesTopicArn && envelope.TopicArn !== config.sesTopicArn) throw appError('SNS_TOPIC_REFUSED');
    // A signed message stays valid for ever: its time, which the signature covers, bounds a replay.
    if (!isFreshSnsMessage(envelope, now())) {
      request.log.warn({ messageId: envelope.MessageId, timestamp: envelope.Timestamp }, 'Stale SNS message refused');
      throw appError('SNS_STALE');
    }

    if (envelope.Type === 'SubscriptionConfirmation') {
      // Confirming is a GET of the URL SNS gave, which only SNS's own hosts may be.
      if (!envelope.SubscribeURL || !AWS_SUBSCRIBE_URL.test(envelope.SubscribeURL)) return { ignored: 'subscription URL is not an SNS address' };
      const confirmed = await fetch(envelope.SubscribeURL, { signal: AbortSignal.timeout(5000), redirect: 'error' }).then((r) => r.ok, () => false);
      return confirmed ? { confirmed: true } : { ignored: 'subscription could not be confirmed' };
    }
    if (envelope.Type !== 'Notification') return { ignored: envelope.Type };

    const { report, envelopeSender } = reportOfSesNotification(envelope.Message, envelope.MessageId);
    const deliveryId = envelopeSender ? deliveryOfBounceAddress(envelopeSender, await appSecret(), config.bounceDomain) : undefined;
    if (deliveryId === undefined) {
      request.log.warn({ messageId: envelope.MessageId }, 'SES notification names no delivery of ours');
      return { ignored: 'names no delivery of ours' };
    }
    const outcome = await applyServerReport(db, deliveryId, report, now());
    if ('ignored' in outcome) request.log.warn({ deliveryId, reason: outcome.ignored }, 'SES notification ignored');
    return outcome;
  });
}
