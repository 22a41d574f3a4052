import { eq } from 'drizzle-orm';
import type { Accreditation } from '../../shared/accreditation.js';
import type { Db } from '../db/client.js';
import { globalContacts } from '../db/schema.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { appError } from '../http/errors.js';

/**
 * A super admin's accreditation of a journalist for embargoed releases (issue 30). Kept on the curated
 * contact, apart from what the journalist chose on their preference page; the send reads
 * `embargo_accredited`. Every change is audited with what it was before.
 */

export async function accreditationOf(db: Db, contactId: number): Promise<Accreditation> {
  const [row] = await db
    .select({ accredited: globalContacts.embargoAccredited, note: globalContacts.accreditationNote })
    .from(globalContacts)
    .where(eq(globalContacts.id, contactId));
  if (!row) throw appError('CONTACT_NOT_FOUND');
  return { contactId, ...row };
}

export async function setAccreditation(
  db: Db,
  actor: AuditActor,
  contactId: number,
  input: { accredited: boolean; note: string },
): Promise<Accreditation> {
  return db.transaction(async (tx) => {
    const before = await accreditationOf(tx, contactId);
    await tx
      .update(globalContacts)
      .set({ embargoAccredited: input.accredited, accreditationNote: input.note })
      .where(eq(globalContacts.id, contactId));
    const [{ email }] = await tx.select({ email: globalContacts.email }).from(globalContacts).where(eq(globalContacts.id, contactId));
    // The address names the contact in the audit log's sentence.
    await recordAudit(tx, actor, 'contact.accreditation_changed', String(contactId), {
      email,
      from: { accredited: before.accredited, note: before.note },
      to: input,
    });
    return { contactId, ...input };
  });
}
