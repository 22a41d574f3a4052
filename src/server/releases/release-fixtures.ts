import type { WorkspaceId } from '../../shared/ids.js';
import { globalContacts, listContacts, userLists } from '../db/schema.js';
import type { Db } from '../db/client.js';

/** Test data for releases, delivery and tracking tests: lists and contacts inserted directly. */

export const PDF_BYTES = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2048, 0x20), Buffer.from('\n%%EOF\n')]);
export const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

export const pdfAttachment = (name = 'release.pdf', bytes = PDF_BYTES) => ({
  originalName: name,
  mimetype: 'application/pdf',
  size: bytes.length,
  base64Content: bytes.toString('base64'),
});

let contactCounter = 0;

/**
 * A list of `size` new contacts (or the given addresses) in the workspace `workspaceId` (an account's
 * `workspaceId`, never its `id`). Returns the list id and addresses.
 */
export async function createListWithContacts(db: Db, workspaceId: WorkspaceId, size: number, emails?: string[]) {
  const addresses = emails ?? Array.from({ length: size }, () => `journalist${++contactCounter}-${Math.random().toString(36).slice(2, 8)}@example.com`);
  const [list] = await db.insert(userLists).values({ workspaceId, name: `List ${contactCounter}` }).returning();
  if (addresses.length) {
    const contacts = await db
      .insert(globalContacts)
      .values(addresses.map((email) => ({ email: email.toLowerCase(), firstName: 'Journalist' })))
      .onConflictDoUpdate({ target: globalContacts.email, set: { firstName: 'Journalist' } })
      .returning({ id: globalContacts.id });
    await db.insert(listContacts).values(contacts.map((c) => ({ listId: list.id, globalContactId: c.id })));
  }
  return { listId: list.id, emails: addresses.map((e) => e.toLowerCase()) };
}

export function releasePayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    action: 'send_now',
    title: 'Gulf Robotics opens a new plant',
    subtitle: 'A milestone for the region',
    content:
      '<p>Gulf Robotics today announced a new manufacturing plant in Dubai, creating 300 jobs. <a href="https://gulf-robotics.example.com/news?id=1&amp;ref=pr">Read more</a></p>',
    location: 'Dubai, UAE',
    boilerplate: 'Gulf Robotics builds industrial robots for the Middle East since 2010.',
    language: 'english',
    releaseDate: '2026-11-21',
    contactName: 'Layla Haddad',
    contactEmail: 'press@gulf-robotics.example.com',
    contactPhone: '+971 4 555 0100',
    recipientLists: [],
    attachments: [pdfAttachment()],
    fromEmail: 'ignored@example.com',
    fromName: 'Ignored',
    subject: 'Ignored',
    message: 'Ignored',
    ...overrides,
  };
}
