import type { WorkspaceId } from '../src/shared/ids';
import type { Page } from 'playwright-core';
import { contactInputSchema, type ContactInput } from '../src/shared/contacts';
import { insertContactBatch, markContactsChanged } from '../src/server/contacts/contacts.service';
import { inArray } from 'drizzle-orm';
import { globalContacts, listContacts, sessions, userLists } from '../src/server/db/schema';
import { insertAccount } from '../src/server/test/accounts';
import { hashPassword } from '../src/server/auth/password';
import { randomToken, sha256 } from '../src/server/http/tokens';
import type { Stack } from './harness';

/**
 * Seeding for the media-database browser tests: contacts go in through the service's own batch insert
 * (so search text and topic arrays are built as in production), people get a real session row.
 */

const COUNTRIES = ['UAE', 'Egypt', 'Saudi Arabia'] as const;
const MEDIA = ['Newspaper', 'Online', 'TV'] as const;
const TOPICS = ['Business', 'Technology', 'Sports'] as const;

/** `count` fictional journalists; the first is the Arabic-named أحمد المنصوري at the UAE's Al Bayan. */
export function sampleContacts(count: number): ContactInput[] {
  return Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    if (i === 0) {
      return {
        email: 'ahmed.almansouri@example.com',
        firstName: 'أحمد',
        lastName: 'المنصوري',
        phone: '+971 50 123 4567',
        organization: 'Al Bayan',
        position: 'Business Editor',
        country: 'UAE',
        mediaType: 'Newspaper',
        contactTopics: 'Business, Finance',
        outletTopics: 'News',
        language: 'Arabic',
      };
    }
    return {
      email: `journalist${n}@example.com`,
      firstName: `Journalist${n}`,
      lastName: 'Tester',
      phone: `+20 100 000 00${n}`,
      organization: `Outlet ${n}`,
      position: 'Reporter',
      country: COUNTRIES[i % 3],
      mediaType: MEDIA[i % 3],
      contactTopics: TOPICS[i % 3],
      outletTopics: 'News',
      language: i % 4 === 0 ? 'Arabic' : 'English',
    };
  });
}

export async function seedContacts(stack: Stack, contacts: ContactInput[]): Promise<void> {
  const inserted = await insertContactBatch(
    stack.db,
    contacts.map((c) => contactInputSchema.parse(c)),
  );
  await markContactsChanged(
    stack.db,
    inserted.map((c) => c.id),
  );
}

let counter = 0;

/** A verified user (owner of the workspace "Gulf PR") with a live session, signed in on `page` through the session cookie. */
export async function signIn(
  stack: Stack,
  page: Page,
  fields: { role?: 'user' | 'super_admin'; userType?: 'trial' | 'active' | 'super_admin' } = {},
) {
  const role = fields.role ?? 'user';
  const user = await insertAccount(stack.db, {
    email: `person-${++counter}-${Date.now()}@company.test`,
    passwordHash: await hashPassword('password123'),
    companyName: 'Gulf PR',
    firstName: 'Test',
    lastName: 'Person',
    verified: true,
    role,
    userType: fields.userType ?? (role === 'super_admin' ? 'super_admin' : 'trial'),
  });
  const sid = randomToken();
  await stack.db
    .insert(sessions)
    .values({ idHash: sha256(sid), userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) });
  await page
    .context()
    .addCookies([{ name: 'sid', value: sid, url: stack.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  return user;
}

/** A list in the workspace `workspaceId` holding the given contacts (by email). */
export async function seedList(
  stack: Stack,
  workspaceId: WorkspaceId,
  name: string,
  emails: string[],
  description = '',
) {
  const [list] = await stack.db.insert(userLists).values({ workspaceId, name, description }).returning();
  if (emails.length) {
    const rows = await stack.db
      .select({ id: globalContacts.id })
      .from(globalContacts)
      .where(inArray(globalContacts.email, emails));
    await stack.db
      .insert(listContacts)
      .values(rows.map((row) => ({ listId: list.id, globalContactId: row.id })));
  }
  return list;
}

let journalists = 0;
/** A list in the workspace `workspaceId` holding `size` new fictional journalists at reserved domains. */
export async function seedListOfJournalists(stack: Stack, workspaceId: WorkspaceId, name: string, size: number, languages: string[] = ['']): Promise<string> {
  const rows = await stack.db
    .insert(globalContacts)
    .values(
      Array.from({ length: size }, (_, i) => ({
        email: `reporter${++journalists}-${i}-${Date.now()}@example.com`,
        firstName: 'Reporter',
        lastName: `${i}`,
        language: languages[i % languages.length],
      })),
    )
    .returning({ id: globalContacts.id });
  const [list] = await stack.db.insert(userLists).values({ workspaceId, name }).returning();
  if (rows.length) await stack.db.insert(listContacts).values(rows.map((r) => ({ listId: list.id, globalContactId: r.id })));
  return list.id;
}
