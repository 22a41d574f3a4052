import { z } from 'zod';

/**
 * Time zones people schedule in (issue 30, decision 024): the region's capitals by name in both languages,
 * plus any IANA zone the browser reports. Times are stored as instants; the zone is kept so that a time is
 * shown as it was entered ("09:00 Riyadh") and so the calendar warnings know the reader's day.
 */
export const REGION_ZONES = [
  { id: 'Asia/Dubai', en: 'Abu Dhabi / Dubai', ar: 'أبوظبي / دبي', country: 'UAE' },
  { id: 'Asia/Riyadh', en: 'Riyadh', ar: 'الرياض', country: 'Saudi Arabia' },
  { id: 'Africa/Cairo', en: 'Cairo', ar: 'القاهرة', country: 'Egypt' },
  { id: 'Asia/Beirut', en: 'Beirut', ar: 'بيروت', country: 'Lebanon' },
  { id: 'Asia/Amman', en: 'Amman', ar: 'عمّان', country: 'Jordan' },
  { id: 'Asia/Kuwait', en: 'Kuwait City', ar: 'مدينة الكويت', country: 'Kuwait' },
  { id: 'Asia/Qatar', en: 'Doha', ar: 'الدوحة', country: 'Qatar' },
  { id: 'Asia/Bahrain', en: 'Manama', ar: 'المنامة', country: 'Bahrain' },
  { id: 'Asia/Muscat', en: 'Muscat', ar: 'مسقط', country: 'Oman' },
  { id: 'Africa/Casablanca', en: 'Rabat / Casablanca', ar: 'الرباط / الدار البيضاء', country: 'Morocco' },
  { id: 'Africa/Tunis', en: 'Tunis', ar: 'تونس', country: 'Tunisia' },
  { id: 'Africa/Algiers', en: 'Algiers', ar: 'الجزائر', country: 'Algeria' },
  { id: 'Asia/Baghdad', en: 'Baghdad', ar: 'بغداد', country: 'Iraq' },
  { id: 'Asia/Aden', en: "Sana'a", ar: 'صنعاء', country: 'Yemen' },
  { id: 'Africa/Khartoum', en: 'Khartoum', ar: 'الخرطوم', country: 'Sudan' },
] as const;
export type RegionZone = (typeof REGION_ZONES)[number];

/** Whether the runtime knows the IANA zone (Node and browsers ship the full database). */
export function isKnownTimeZone(zone: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(zone) && zone !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const UNKNOWN_TIME_ZONE_MESSAGE = 'Unknown time zone';
export const timeZoneField = z
  .string({ message: UNKNOWN_TIME_ZONE_MESSAGE })
  .trim()
  .max(64, { message: UNKNOWN_TIME_ZONE_MESSAGE })
  .refine(isKnownTimeZone, { message: UNKNOWN_TIME_ZONE_MESSAGE });

/** The zone's name in a language: a capital's name, else the IANA id's city ("Europe/London" → "London"). */
export function zoneName(zone: string, language: 'en' | 'ar'): string {
  const region = REGION_ZONES.find((z) => z.id === zone);
  if (region) return region[language];
  return zone.split('/').pop()!.replace(/_/g, ' ');
}
