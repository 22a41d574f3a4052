import { eq } from 'drizzle-orm';
import { brands, deliveries, pressReleases } from '../src/server/db/schema';
import { ensureAppSecret } from '../src/server/common/app-secret';
import { preferenceToken } from '../src/server/preferences/preference-link';
import type { Stack } from './harness';
import { createPerson } from './people';

/**
 * A journalist who received one release from "Gulf Logistics" (a company of its own): the preference-page
 * token their e-mail's link carries.
 */
export async function preferenceLinkOf(stack: Stack, contact: { id: number; email: string }): Promise<string> {
  const sender = await createPerson(stack.db, 'prefs.test', `Sender${contact.id}`, 'Tester');
  await stack.db.update(brands).set({ name: 'Gulf Logistics' }).where(eq(brands.id, sender.companyBrandId));
  const [release] = await stack.db
    .insert(pressReleases)
    .values({ workspaceId: sender.workspaceId, brandId: sender.companyBrandId, authorId: sender.id, title: 'Gulf Logistics opens a hub', content: '<p>A hub.</p>', status: 'sent', sentAt: new Date() })
    .returning();
  const [delivery] = await stack.db
    .insert(deliveries)
    .values({ releaseId: release.id, email: contact.email, contactId: contact.id, token: `${contact.id}`.padStart(64, 'a'), status: 'sent' })
    .returning();
  return preferenceToken(delivery.id, await ensureAppSecret(stack.deps));
}
