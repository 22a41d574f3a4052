import type { Deps } from './deps.js';
import { createDeliveryEngine } from './delivery/delivery-engine.js';
import { mailerDeliveryTransport, smtpDeliveryTransport } from './delivery/delivery-transport.js';
import { createScheduler } from './releases/scheduler.js';
import { ensureAppSecret } from './common/app-secret.js';
import { bounceAddress } from './deliverability/verp.js';
import { replyAddress } from './replies/reply-address.js';
import { createReplyIntake } from './replies/intake.js';
import { startReplyUpkeep } from './replies/upkeep.js';
import { loadDkimKey } from './deliverability/dkim.js';
import { dkimSignerThread } from './deliverability/dkim-signer.js';
import { startInboundSmtp, type InboundListener } from './deliverability/inbound-smtp.js';
import { createFeedPoller } from './coverage/poller.js';
import { finishIfDone } from './releases/lifecycle.js';

type Logger = { info: (msg: string) => void; warn: (msg: string) => void; error: (obj: object, msg: string) => void };

export type BackgroundWork = { stop: () => Promise<void> };

/**
 * Starts the scheduler, the delivery engine and the coverage poller. Runs inside the web process (WORKERS=inline) or alone
 * (`npm run worker`). stop() finishes or releases the in-flight batch before resolving.
 */
export async function startBackgroundWork(deps: Deps, log: Logger): Promise<BackgroundWork> {
  const { config, db } = deps;
  const transport = config.smtpUrl ? smtpDeliveryTransport(config.smtpUrl, config.smtpPool, config.ehloName) : mailerDeliveryTransport(deps.mailer);
  const secret = await ensureAppSecret(deps);
  const dkim = dkimSignerThread(await loadDkimKey(db, config));
  const engine = createDeliveryEngine({ onReleaseDrained: finishIfDone,
    db,
    transport,
    publicUrl: config.publicUrl,
    mailFrom: config.mailFrom,
    now: deps.now,
    sendRate: config.sendRate,
    retryWindowMs: config.retryWindowMs,
    bounceAddress: (deliveryId) => bounceAddress(deliveryId, secret, config.bounceDomain),
    replyAddress: (deliveryId) => replyAddress(deliveryId, secret, config.replyDomain),
    dkim,
    appSecret: secret,
    log,
  });
  const scheduler = createScheduler({ db, now: deps.now, log });
  let inbound: InboundListener | undefined;
  const replies = createReplyIntake({
    db,
    mailer: deps.mailer,
    secret,
    replyDomain: config.replyDomain,
    mailFrom: config.mailFrom,
    publicUrl: config.publicUrl,
    dnsResolver: config.dnsResolver,
    now: deps.now,
    log,
  });
  const replyUpkeep = startReplyUpkeep({ db, retentionDays: config.replyRetentionDays, intake: replies, now: deps.now, log });
  if (config.inboundSmtp) {
    inbound = await startInboundSmtp({ db, ...config.inboundSmtp, bounceDomain: config.bounceDomain, secret, now: deps.now, replies, log });
    log.info(`Bounce, complaint and reply listener on ${config.inboundSmtp.host}:${inbound.port} for bounces+…@${config.bounceDomain} and r-…@${config.replyDomain}`);
  }
  const poller = createFeedPoller({
    db,
    mailer: deps.mailer,
    publicUrl: config.publicUrl,
    now: deps.now,
    log,
    allowPrivate: config.feedAllowPrivate,
    intervalSeconds: config.feedPollInterval,
  });
  engine.start();
  scheduler.start();
  poller.start();
  log.info(`Background worker started (delivery engine ${engine.workerId}, scheduler, coverage poller).`);
  return {
    async stop() {
      await inbound?.close();
      await replyUpkeep.stop();
      await poller.stop();
      await scheduler.stop();
      await engine.stop();
      await dkim.close();
      await transport.close();
      log.info('Background worker stopped.');
    },
  };
}
