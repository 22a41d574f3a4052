import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig } from './config.js';
import type { Database } from './db/client.js';
import { users } from './db/schema.js';
import { hashPassword, verifyPassword } from './auth/password.js';
import { ensureSuperAdmin } from './bootstrap.js';
import { ensureAppSecret } from './common/app-secret.js';
import { insertAccount } from './test/accounts.js';
import { createTestDatabase } from './test/test-db.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const account = (email: string, role: 'user' | 'super_admin') => ({
  email,
  passwordHash: '',
  companyName: 'Holder',
  firstName: 'A',
  lastName: 'B',
  verified: true,
  role,
});

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

  it('creates the configured first super admin with ADMIN_EMAIL/ADMIN_PASSWORD', async () => {
    const fresh = await createTestDatabase();
    try {
      const config = loadConfig({ ADMIN_EMAIL: 'Chief@Example.com', ADMIN_PASSWORD: 'configured-secret' });
      await ensureSuperAdmin({ db: fresh.db, config }, captureLog());
      const [chief] = await fresh.db.select().from(users).where(eq(users.email, 'chief@example.com'));
      expect(chief).toMatchObject({ role: 'super_admin', verified: true });
      expect(await verifyPassword(chief.passwordHash, 'configured-secret')).toBe(true);
    } finally {
      await fresh.close();
    }
  });

  it('never re-passwords or re-promotes once a super admin exists', async () => {
    const fresh = await createTestDatabase();
    try {
      const config = loadConfig({ ADMIN_EMAIL: 'chief@example.com', ADMIN_PASSWORD: 'configured-secret' });
      await ensureSuperAdmin({ db: fresh.db, config }, captureLog());
      // The admin chose a new password in the product, and a second super admin demoted the first.
      await insertAccount(fresh.db, account('second@example.com', 'super_admin'));
      await fresh.db
        .update(users)
        .set({ role: 'user', passwordHash: await hashPassword('chosen-later') })
        .where(eq(users.email, 'chief@example.com'));

      const log = captureLog();
      await ensureSuperAdmin({ db: fresh.db, config }, log);
      const [chief] = await fresh.db.select().from(users).where(eq(users.email, 'chief@example.com'));
      expect(chief.role).toBe('user');
      expect(await verifyPassword(chief.passwordHash, 'chosen-later')).toBe(true);
      expect(log.lines.join('\n')).not.toMatch(/password/);
    } finally {
      await fresh.close();
    }
  });

  it('does not promote an account that holds the bootstrap address when no super admin exists', async () => {
    const fresh = await createTestDatabase();
    try {
      // The real admin moved to another address and lost the role; someone then took admin@localhost.
      await insertAccount(fresh.db, { ...account('admin@localhost', 'user'), passwordHash: await hashPassword('holder-password') });
      const log = captureLog();
      await ensureSuperAdmin({ db: fresh.db, config: loadConfig({}) }, log);
      const [holder] = await fresh.db.select().from(users).where(eq(users.email, 'admin@localhost'));
      expect(holder.role).toBe('user');
      expect(await verifyPassword(holder.passwordHash, 'holder-password')).toBe(true);
      expect(log.lines.join('\n')).toMatch(/admin@localhost.*not a super admin/);
      const admins = await fresh.db.select().from(users).where(eq(users.role, 'super_admin'));
      expect(admins).toHaveLength(0);
    } finally {
      await fresh.close();
    }
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
