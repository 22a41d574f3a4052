import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/client.js';
import { createMailer } from '../../src/server/mail/transport.js';
import { buildApp } from '../../src/server/app.js';
import type { Deps } from '../../src/server/deps.js';
import { contactsIndexSnapshots } from '../../src/server/db/schema.js';
import { warmContactsIndex } from '../../src/server/contacts/contacts.service.js';

/**
 * The real Fastify application on a port, for benchmarks: the database of DATABASE_URL or the PGlite
 * directory BENCH_PGLITE_DIR, no background work, and the client build only with BENCH_SERVE_CLIENT=on (the
 * build in BENCH_CLIENT_DIR when given, else dist/client). BENCH_FORGET_KEPT_INDEX=on starts as the first start
 * of a database does, with no contacts index kept by an earlier load (docs/decisions/032).
 * Prints "LISTENING <port>".
 */
const config = loadConfig({ ...process.env, PORT: '0', LOG_LEVEL: 'warn' });
const database = await openDatabase({ url: config.databaseUrl, dir: config.databaseUrl ? undefined : process.env.BENCH_PGLITE_DIR });
if (process.env.BENCH_FORGET_KEPT_INDEX === 'on') await database.db.delete(contactsIndexSnapshots);
const log = { info: () => {}, warn: () => {}, error: () => {} };
const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, pool: 1, db: database.db, log });
const deps: Deps = { config, database, db: database.db, mailer, now: () => new Date() };
const app = await buildApp(deps, { serveClient: process.env.BENCH_SERVE_CLIENT === 'on', clientDir: process.env.BENCH_CLIENT_DIR });
// As the web process does (main.ts): the index is loaded ahead of the first search, a kept one before listening.
const warming = warmContactsIndex(database.db);
warming.loaded.catch(() => {});
await warming.ready;
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`LISTENING ${typeof address === 'object' && address ? address.port : 0}`);

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
