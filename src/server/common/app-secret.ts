import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appSettings } from '../db/schema.js';

/**
 * The secret that signs tracking links: APP_SECRET when set, otherwise generated once and kept in the
 * database so that every process (web and workers) uses the same one.
 */
export async function ensureAppSecret(deps: { db: Db; config: { appSecret: string | undefined } }): Promise<string> {
  if (deps.config.appSecret) return deps.config.appSecret;
  await deps.db
    .insert(appSettings)
    .values({ key: 'app_secret', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await deps.db.select().from(appSettings).where(eq(appSettings.key, 'app_secret'));
  return row.value;
}
