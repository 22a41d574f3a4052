import type { FastifyInstance, InjectOptions } from 'fastify';
import { loadConfig } from '../config.js';
import { buildApp } from '../app.js';
import type { Deps } from '../deps.js';
import { createMailer } from '../mail/transport.js';
import { accountMailSigning } from '../deliverability/account-mail.js';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../db/schema.js';
import { insertAccount, type AccountFields } from './accounts.js';
import { hashPassword } from '../auth/password.js';
import { randomToken, sha256 } from '../http/tokens.js';
import { createTestDatabase } from './test-db.js';
import { startSmtpSink } from './smtp-sink.js';
import type { UserId } from '../../shared/ids.js';

const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The real application on a fresh database with a real SMTP peer. `request` injects HTTP requests and
 * keeps a cookie jar per "browser" (`as`), so tests read like a person using the API.
 */
export async function createTestApp(env: Record<string, string> = {}, options: { clientDir?: string } = {}) {
  const database = await createTestDatabase();
  const smtp = await startSmtpSink();
  const config = loadConfig({ PUBLIC_URL: 'http://localhost:3000', SMTP_URL: smtp.url, ...env });
  // Account mail signed and with its bounce address, as main.ts sends it.
  const signing = await accountMailSigning(database.db, config);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, pool: 2, db: database.db, log: silentLog, signing });
  const deps: Deps = { config, database, db: database.db, mailer, now: () => new Date() };
  // A test of how the client's files are served passes a folder that stands for the build.
  const app: FastifyInstance = await buildApp(deps, options.clientDir ? { clientDir: options.clientDir } : { serveClient: false });
  await app.ready();
  const jars = new Map<string, Map<string, string>>();

  async function request(options: InjectOptions & { as?: string }) {
    const { as, ...inject } = options;
    const jar = as ? (jars.get(as) ?? jars.set(as, new Map()).get(as)!) : undefined;
    const headers: Record<string, string> = { ...(inject.headers as Record<string, string>) };
    if (jar && jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await app.inject({ ...inject, headers } as InjectOptions);
    if (jar) {
      for (const c of response.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
        const expired = c.value === '' || (c.expires && c.expires.getTime() < Date.now()) || c.maxAge === 0;
        if (expired) jar.delete(c.name);
        else jar.set(c.name, c.value);
      }
    }
    return response;
  }

  let userCounter = 0;
  /**
   * Inserts a verified user (owner of a workspace of their own, or `memberOf` one) and signs the jar `as` in as that user (a real session row, as login makes).
   * Returns the stored user row; its password is `password123`.
   */
  async function signInAs(as: string, fields: AccountFields = {}) {
    const user = await insertAccount(database.db, {
      email: `${as.toLowerCase()}-${++userCounter}@company.test`,
      passwordHash: await hashPassword('password123'),
      companyName: `${as} Company`,
      firstName: as,
      lastName: 'Tester',
      verified: true,
      ...fields,
    });
    const id = randomToken();
    await database.db
      .insert(sessions)
      .values({ idHash: sha256(id), userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) });
    jars.set(as, new Map([['sid', id]]));
    return user;
  }

  /** The same person signed in on another device, as `as`: a session of its own, as a sign-in makes it. */
  async function signInElsewhere(as: string, userId: UserId) {
    const id = randomToken();
    const [user] = await database.db.select({ chosen: users.currentWorkspaceId }).from(users).where(eq(users.id, userId));
    await database.db
      .insert(sessions)
      .values({ idHash: sha256(id), userId, expiresAt: new Date(Date.now() + 86_400_000), currentWorkspaceId: user.chosen });
    jars.set(as, new Map([['sid', id]]));
  }

  return {
    app,
    deps,
    signInAs,
    signInElsewhere,
    db: database.db,
    smtp,
    request,
    log: silentLog,
    async close() {
      await app.close();
      await mailer.close();
      await smtp.close();
      await database.close();
    },
  };
}
