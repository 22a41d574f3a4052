import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Deps } from './deps.js';
import { users } from './db/schema.js';
import { createWorkspace } from './access/membership.js';
import { superAdminUsers } from './access/roles.js';
import { hashPassword } from './auth/password.js';
import { DEFAULT_ADMIN_EMAIL } from './auth/reserved-addresses.js';

/** The first super admin's placeholder name: a role, not a person, so mail greets it without a name. */
export const BOOTSTRAP_NAME = { firstName: 'Super', lastName: 'Admin' } as const;

type Logger = { info: (msg: string) => void; warn: (msg: string) => void };

/**
 * Creates the first super admin, and only that: ADMIN_EMAIL/ADMIN_PASSWORD when given, otherwise
 * admin@localhost with a random password printed once. Once any super admin exists this does nothing,
 * so a configured password never overwrites one chosen in the product, and an account that holds the
 * bootstrap address (which users cannot claim, see reserved-addresses.ts) is never promoted.
 */
export async function ensureSuperAdmin(deps: Pick<Deps, 'db' | 'config'>, log: Logger): Promise<void> {
  const email = deps.config.adminEmail ?? DEFAULT_ADMIN_EMAIL;
  const [anyAdmin] = await deps.db.select({ id: users.id }).from(users).where(superAdminUsers).limit(1);
  if (anyAdmin) return;
  const [holder] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (holder) {
    log.warn(
      `No super admin exists and ${email} belongs to an account that is not a super admin: it is left as it is. ` +
        'Set ADMIN_EMAIL to an unused address and restart to create the first super admin.',
    );
    return;
  }
  const password = deps.config.adminPassword ?? randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const [admin] = await tx
      .insert(users)
      .values({ email, passwordHash, firstName: BOOTSTRAP_NAME.firstName, lastName: BOOTSTRAP_NAME.lastName, verified: true, role: 'super_admin' })
      .onConflictDoNothing()
      .returning();
    // The operator's own workspace, for releases the platform sends in its own name.
    if (admin) await createWorkspace(tx, admin.id, { name: 'Nashr', userType: 'active', subscriptionStatus: 'active' });
  });
  if (!deps.config.adminPassword) {
    log.warn(
      `\n  Super admin created. Sign in with:\n    email:    ${email}\n    password: ${password}\n  (shown only this once; set ADMIN_EMAIL/ADMIN_PASSWORD to choose your own)\n`,
    );
  } else {
    log.info(`Super admin ${email} created`);
  }
}
