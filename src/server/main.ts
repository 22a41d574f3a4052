import path from 'node:path';
import pino from 'pino';
import pretty from 'pino-pretty';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { createMailer } from './mail/transport.js';
import { accountMailSigning } from './deliverability/account-mail.js';
import type { Deps } from './deps.js';
import { ensureSuperAdmin } from './bootstrap.js';
import { ensureAppSecret } from './common/app-secret.js';
import { startBackgroundWork, type BackgroundWork } from './worker.js';
import { loadDemoDataIfEmpty } from './demo-data/load.js';
import { buildContactWordsIfMissing } from './contacts/contact-words.js';
import { warmContactsIndex } from './contacts/contacts.service.js';
import { serveWorkerMetrics } from './operations/worker-metrics.js';

/**
 * Process entry. `web`: migrate, bootstrap, build the client if stale, serve API + client (and run the
 * background work inline unless WORKERS=off). `worker`: migrate and run the background work only.
 */
async function main(role: 'web' | 'worker'): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // JSON lines for a collector in production; readable lines otherwise (the first start prints the
  // super admin's password there).
  const stream =
    config.logFormat === 'json'
      ? pino.destination({ sync: true })
      : pretty({ colorize: process.stdout.isTTY, translateTime: 'HH:MM:ss', ignore: 'pid,hostname', sync: true });
  const log = pino({ level: config.logLevel, base: { role } }, stream);
  const database = await openDatabase({
    url: config.databaseUrl,
    dir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
  });
  log.info(`Database: ${database.kind === 'postgres' ? 'PostgreSQL server' : `embedded PGlite in ${config.dataDir}/db`}`);
  await migrate(database);
  const signing = await accountMailSigning(database.db, config);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, pool: config.smtpPool, ehloName: config.ehloName, db: database.db, log, signing });
  const deps: Deps = { config, database, db: database.db, mailer, now: () => new Date() };
  await ensureAppSecret(deps);
  const logLine = { info: (m: string) => log.info(m), warn: (m: string) => log.warn(m), error: (o: object, m: string) => log.error(o, m) };

  let work: BackgroundWork | undefined;
  let closeWeb: (() => Promise<void>) | undefined;

  if (role === 'web') {
    await ensureSuperAdmin(deps, logLine);
    await buildContactWordsIfMissing(deps.db, logLine);
    await loadDemoDataIfEmpty(deps, logLine);
    // `npm run dev` serves the client from Vite with hot reload instead of a build.
    if (!process.argv.includes('--no-client-build')) {
      const { ensureClientBuilt } = await import('./client-build.js');
      await ensureClientBuilt(logLine);
    }
    const { buildApp } = await import('./app.js');
    const app = await buildApp(deps, { logger: { level: config.logLevel === 'info' ? 'warn' : config.logLevel, stream } });
    // Before listening, so the first searches find the index in memory when one was kept (decision 032).
    const warming = warmContactsIndex(deps.db);
    warming.loaded.then(
      ({ contacts, ms }) => log.info(`Contacts index: ${contacts} contacts in memory in ${ms} ms`),
      (error: unknown) => log.warn({ err: error }, 'Contacts index not loaded ahead; the first search will load it'),
    );
    await warming.ready;
    await app.listen({ port: config.port, host: config.host });
    closeWeb = () => app.close();
    log.info(`Nashr is running at ${config.publicUrl} (listening on ${config.host}:${config.port})`);
    if (mailer.mode === 'capture') log.info('No SMTP_URL: emails are captured (admin Outbox) and their links logged.');
    if (config.workers === 'inline') work = await startBackgroundWork(deps, logLine);
  } else {
    work = await startBackgroundWork(deps, logLine);
    if (config.metricsPort) {
      const server = await serveWorkerMetrics(deps, config.metricsPort, config.host);
      closeWeb = () => new Promise((resolve) => server.close(() => resolve()));
      log.info(`Worker metrics at http://${config.host}:${config.metricsPort}/metrics`);
    }
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received, shutting down...`);
    await closeWeb?.();
    await work?.stop();
    await mailer.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

const role = process.argv[2] === 'worker' ? 'worker' : 'web';
main(role).catch((error) => {
  console.error(error);
  process.exit(1);
});
