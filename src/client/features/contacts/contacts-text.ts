import type { TFunction } from 'i18next';
import { formatNumber } from '../../lib/i18n';

/** A text about a number of things, in the plural form the language gives that number (i18next plurals). */
export function countText(
  t: TFunction,
  key: string,
  count: number,
  values: Record<string, unknown> = {},
): string {
  return t(key, { ...values, count, n: formatNumber(count) });
}

export function fullName(contact: { firstName: string; lastName: string; email: string }): string {
  return `${contact.firstName} ${contact.lastName}`.trim();
}

/** "Business, Technology" → ['Business', 'Technology'] */
export function topicsOf(value: string): string[] {
  return value
    .split(/[,،]/)
    .map((v) => v.trim())
    .filter(Boolean);
}
