import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Mailer } from './mail/transport.js';

/** What every service receives: passed in, never imported, so tests build the same app on a test database. */
export type Deps = {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  /** Injectable clock for rules that depend on time. */
  now: () => Date;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
