import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Deps } from './deps.js';
import { appSettings, users } from './db/schema.js';
import { hashPassword } from './auth/password.js';

type Logger = { info: (msg: string) => void; warn: (msg: string) => void };

/**
 * The secret that signs tracking links: APP_SECRET when set, otherwise generated once and kept in the
 * database so that every process (web and workers) uses the same one.
 */
export async function ensureAppSecret(deps: Pick<Deps, 'db' | 'config'>): Promise<string> {
  if (deps.config.appSecret) return deps.config.appSecret;
  await deps.db
    .insert(appSettings)
    .values({ key: 'app_secret', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await deps.db.select().from(appSettings).where(eq(appSettings.key, 'app_secret'));
  return row.value;
}

/**
 * Makes sure a super admin exists: ADMIN_EMAIL/ADMIN_PASSWORD when given (the password is reset to
 * the configured one at every start), otherwise admin@localhost with a random password printed once.
 */
export async function ensureSuperAdmin(deps: Pick<Deps, 'db' | 'config'>, log: Logger): Promise<void> {
  const email = deps.config.adminEmail ?? 'admin@localhost';
  const [existing] = await deps.db.select().from(users).where(eq(users.email, email));
  if (existing) {
    const changes: Partial<typeof users.$inferInsert> = {};
    if (existing.role !== 'super_admin') changes.role = 'super_admin';
    if (!existing.verified) changes.verified = true;
    if (deps.config.adminPassword) changes.passwordHash = await hashPassword(deps.config.adminPassword);
    if (Object.keys(changes).length) await deps.db.update(users).set(changes).where(eq(users.id, existing.id));
    return;
  }
  const password = deps.config.adminPassword ?? randomBytes(12).toString('base64url');
  await deps.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(password),
      companyName: 'Nashr',
      firstName: 'Super',
      lastName: 'Admin',
      verified: true,
      role: 'super_admin',
      userType: 'super_admin',
      subscriptionStatus: 'active',
    })
    .onConflictDoNothing();
  if (!deps.config.adminPassword) {
    log.warn(
      `\n  Super admin created. Sign in with:\n    email:    ${email}\n    password: ${password}\n  (shown only this once; set ADMIN_EMAIL/ADMIN_PASSWORD to choose your own)\n`,
    );
  } else {
    log.info(`Super admin ${email} created`);
  }
}
