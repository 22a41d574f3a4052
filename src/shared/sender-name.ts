import { z } from 'zod';

/**
 * A name that e-mails show as their sender, "{name} via Nashr" (issue 35): a brand's name, Arabic name and
 * sender name, and the company name that a company's own brand takes. It may not pass for an address of
 * its own ("Apple Support <support@apple.example> via Nashr"): no @, no angle brackets, no double quotes
 * (nor their full-width and look-alike forms), no line breaks or other control characters, and no
 * direction controls that reorder what the inbox shows.
 */
// eslint-disable-next-line no-control-regex -- control characters are among what a sender name may not hold
const ADDRESS_LIKE = /[@＠﹫<>＜＞﹤﹥‹›〈〉⟨⟩"＂\u0001-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/u;

export const isPlainSenderName = (value: string): boolean => !ADDRESS_LIKE.test(value);

/** The rule on a zod string field (trimmed before by the caller's schema). */
export const plainSenderName = <T extends z.ZodType<string>>(field: T) =>
  field.refine(isPlainSenderName, {
    message: 'A sender name cannot contain @, angle brackets, quotes, line breaks or direction marks',
  });

/** What of a stored name the From shows, for names kept before the rule: the address-like characters go. */
export const plainSenderText = (value: string): string =>
  value
    .replace(new RegExp(ADDRESS_LIKE.source, 'gu'), ' ')
    .replace(/\s+/g, ' ')
    .replace(/ ([,.;:])/g, '$1')
    .trim();
