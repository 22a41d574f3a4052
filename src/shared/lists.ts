import { z } from 'zod';
import { BULK_IDS_MAX, contactFilterSchema, contactIdSchema, pageSchema, withoutNul, type Contact } from './contacts.js';

/** A user's own contact lists (SPEC.md §3 user_lists, list_contacts). */

export const LIST_PAGE_SIZE = 20;
/** All of one user's lists together hold at most this many contacts (a contact in two lists counts twice). */
export const LIST_MEMBERS_MAX = 50_000;
export const LIST_MEMBERS_MAX_MESSAGE = 'Your lists can hold at most 50,000 contacts in all. Remove some, or add fewer.';

const listName = z
  .string({ message: 'List name is required' })
  .transform(withoutNul)
  .pipe(z.string().trim().min(1, { message: 'List name is required' }).max(200, { message: 'List name is too long' }));
const listDescription = z
  .string({ message: 'Description must be text' })
  .transform(withoutNul)
  .pipe(z.string().trim().max(2000, { message: 'Description is too long' }));

export const listCreateSchema = z.object({
  name: listName,
  description: listDescription.optional().default(''),
});
export type ListCreateInput = z.input<typeof listCreateSchema>;

/** PATCH: only the fields sent change. */
export const listUpdateSchema = z
  .object({ name: listName.optional(), description: listDescription.optional() })
  .refine((v) => v.name !== undefined || v.description !== undefined, { message: 'Nothing to update', path: ['name'] });
export type ListUpdateInput = z.input<typeof listUpdateSchema>;

export const listContactsQuerySchema = pageSchema;

/** Add chosen contacts by id, or every contact matching a search filter ("select all" across pages). */
export const bulkAddSchema = z.union(
  [
    z.object({
      globalContactIds: z
        .array(contactIdSchema, { message: 'globalContactIds must be a list of ids' })
        .min(1, { message: 'Select at least one contact' })
        .max(BULK_IDS_MAX, { message: `At most ${BULK_IDS_MAX} contacts at once; use a filter instead` }),
    }),
    z.object({ filter: contactFilterSchema }),
  ],
  { message: 'Send globalContactIds or filter' },
);
export type BulkAddInput = z.input<typeof bulkAddSchema>;

export type UserList = { id: string; name: string; description: string; contactCount: number; createdAt: string };
export type ListContactEntry = { id: number; addedAt: string; contact: Contact };
export type ListContactsPage = { items: ListContactEntry[]; total: number; page: number; pageSize: number };
export type BulkAddResult = { added: number; skipped: number };
