import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig } from './config.js';
import type { Database } from './db/client.js';
import { users } from './db/schema.js';
import { verifyPassword } from './auth/password.js';
import { ensureAppSecret, ensureSuperAdmin } from './bootstrap.js';
import { createTestDatabase } from './test/test-db.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

function captureLog() {
  const lines: string[] = [];
  return { lines, info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m) };
}

describe('bootstrap', () => {
  it('creates admin@localhost once and prints its random password only the first time', async () => {
    const config = loadConfig({});
    const first = captureLog();
    await ensureSuperAdmin({ db: database.db, config }, first);
    const password = /password: (\S+)/.exec(first.lines.join('\n'))?.[1];
    expect(password).toBeDefined();
    const [admin] = await database.db.select().from(users).where(eq(users.email, 'admin@localhost'));
    expect(admin).toMatchObject({ role: 'super_admin', verified: true });
    expect(await verifyPassword(admin.passwordHash, password!)).toBe(true);

    const second = captureLog();
    await ensureSuperAdmin({ db: database.db, config }, second);
    expect(second.lines.join('\n')).not.toMatch(/password/);
    const admins = await database.db.select().from(users).where(eq(users.email, 'admin@localhost'));
    expect(admins).toHaveLength(1);
  });

  it('uses ADMIN_EMAIL/ADMIN_PASSWORD and restores the configured password and role at every start', async () => {
    const config = loadConfig({ ADMIN_EMAIL: 'Chief@Example.com', ADMIN_PASSWORD: 'configured-secret' });
    await ensureSuperAdmin({ db: database.db, config }, captureLog());
    await database.db.update(users).set({ role: 'user' }).where(eq(users.email, 'chief@example.com'));
    await ensureSuperAdmin({ db: database.db, config }, captureLog());
    const [chief] = await database.db.select().from(users).where(eq(users.email, 'chief@example.com'));
    expect(chief.role).toBe('super_admin');
    expect(await verifyPassword(chief.passwordHash, 'configured-secret')).toBe(true);
  });

  it('generates the app secret once and keeps it', async () => {
    const config = loadConfig({});
    const a = await ensureAppSecret({ db: database.db, config });
    const b = await ensureAppSecret({ db: database.db, config });
    expect(a).toHaveLength(43);
    expect(b).toBe(a);
    expect(await ensureAppSecret({ db: database.db, config: loadConfig({ APP_SECRET: 'x'.repeat(32) }) })).toBe('x'.repeat(32));
  });
});
