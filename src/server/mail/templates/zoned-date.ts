import { zoneName } from '../../../shared/time-zones.js';
import { emailLocale, longDateUtc, type EmailLanguage } from './layout.js';

/**
 * A moment, long form, on the reader's clock (issue 37): in the zone the reader's browser reported at their
 * last sign-in, named so nobody has to guess ("15:00 (Riyadh time)"); in UTC, said so, when none is known.
 */
export function longDateIn(date: Date, language: EmailLanguage, zone: string | null | undefined): string {
  if (!zone) return longDateUtc(date, language);
  const when = new Intl.DateTimeFormat(emailLocale(language), { dateStyle: 'long', timeStyle: 'short', timeZone: zone }).format(date);
  return language === 'ar' ? `${when} (بتوقيت ${zoneName(zone, 'ar')})` : `${when} (${zoneName(zone, 'en')} time)`;
}
