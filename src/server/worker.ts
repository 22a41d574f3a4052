import type { Deps } from './deps.js';
import { createDeliveryEngine } from './delivery/delivery-engine.js';
import { mailerDeliveryTransport, smtpDeliveryTransport } from './delivery/delivery-transport.js';
import { createScheduler } from './delivery/scheduler.js';

type Logger = { info: (msg: string) => void; error: (obj: object, msg: string) => void };

export type BackgroundWork = { stop: () => Promise<void> };

/**
 * Starts the scheduler and the delivery engine. Runs inside the web process (WORKERS=inline) or alone
 * (`npm run worker`). stop() finishes or releases the in-flight batch before resolving.
 */
export async function startBackgroundWork(deps: Deps, log: Logger): Promise<BackgroundWork> {
  const { config, db } = deps;
  const transport = config.smtpUrl ? smtpDeliveryTransport(config.smtpUrl, config.smtpPool) : mailerDeliveryTransport(deps.mailer);
  const engine = createDeliveryEngine({
    db,
    transport,
    publicUrl: config.publicUrl,
    mailFrom: config.mailFrom,
    now: deps.now,
    sendRate: config.sendRate,
    log,
  });
  const scheduler = createScheduler({ db, now: deps.now, log });
  engine.start();
  scheduler.start();
  log.info(`Background worker started (delivery engine ${engine.workerId}, scheduler).`);
  return {
    async stop() {
      await scheduler.stop();
      await engine.stop();
      await transport.close();
      log.info('Background worker stopped.');
    },
  };
}
