import { z } from 'zod';
import { hasControlCharacter } from './admin.js';

/**
 * A journalist accredited for embargoed releases by a super admin (issue 30): the send counts them among
 * those who accept embargoes. The note says why (or why it was withdrawn: an embargo break) and is shown
 * to super admins only.
 */
export const ACCREDITATION_NOTE_MAX = 500;

export const ACCREDITATION_MESSAGES = {
  accredited: 'Say whether the journalist is accredited',
  noteTooLong: 'The note can be at most 500 characters',
  noteCharacters: 'The note contains characters that are not allowed',
} as const;

/** PUT /api/admin/contacts/{id}/accreditation */
export const accreditationSchema = z.object({
  accredited: z.boolean({ message: ACCREDITATION_MESSAGES.accredited }),
  note: z
    .string({ message: ACCREDITATION_MESSAGES.noteTooLong })
    .trim()
    .max(ACCREDITATION_NOTE_MAX, { message: ACCREDITATION_MESSAGES.noteTooLong })
    // Line breaks are welcome in a note; other control characters (NUL above all) are not.
    .refine((note) => !hasControlCharacter(note.replace(/[\n\r\t]/g, ' ')), { message: ACCREDITATION_MESSAGES.noteCharacters })
    .optional()
    .default(''),
});
export type AccreditationInput = z.input<typeof accreditationSchema>;

export type Accreditation = { contactId: number; accredited: boolean; note: string };
