import { maskEmail, maskPhone, type Contact } from '../../shared/contacts.js';
import type { globalContacts } from '../db/schema.js';

export type ContactRow = typeof globalContacts.$inferSelect;

/**
 * The only way a contact leaves the server: without `reveal` the email and phone are replaced by
 * their masked forms here, so no response can carry the real values by accident.
 */
export function presentContact(row: ContactRow, reveal: boolean): Contact {
  return {
    id: row.id,
    email: reveal ? row.email : maskEmail(row.email),
    firstName: row.firstName,
    lastName: row.lastName,
    phone: reveal ? row.phone : maskPhone(row.phone),
    organization: row.organization,
    position: row.position,
    category: row.category,
    country: row.country,
    city: row.city,
    specialization: row.specialization,
    focus: row.focus,
    contactTopics: row.contactTopics,
    outletTopics: row.outletTopics,
    mediaType: row.mediaType,
    language: row.language,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    masked: !reveal,
  };
}
