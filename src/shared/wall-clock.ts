/**
 * Time zones people schedule in (issue 30, decision 024): the region's capitals by name in both languages,
 * plus any IANA zone the browser reports. Times are stored as instants; the zone is kept so that a time is
 * shown as it was entered ("09:00 Riyadh") and so the calendar warnings know the reader's day. No zod here
 * (the form field is time-zones.ts), so a page that only shows a time does not download the schemas.
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

/** The zone's name in a language: a capital's name, else the IANA id's city ("Europe/London" → "London"). */
export function zoneName(zone: string, language: 'en' | 'ar'): string {
  const region = REGION_ZONES.find((z) => z.id === zone);
  if (region) return region[language];
  return zone.split('/').pop()!.replace(/_/g, ' ');
}

/** A moment as a clock on the wall of a zone shows it. weekday: 0 Sunday … 6 Saturday. */
export type WallClock = { date: string; time: string; weekday: number; hour: number; minute: number };

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const wallFormats = new Map<string, Intl.DateTimeFormat>();
function wallFormat(zone: string): Intl.DateTimeFormat {
  let format = wallFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    wallFormats.set(zone, format);
  }
  return format;
}

/** The wall clock of `zone` at an instant (seconds dropped). */
export function wallClockOf(instant: Date | string | number, zone: string): WallClock {
  const parts = Object.fromEntries(
    wallFormat(zone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  const hour = Number(parts.hour) % 24;
  const minute = Number(parts.minute);
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${String(hour).padStart(2, '0')}:${parts.minute}`,
    weekday: WEEKDAYS.indexOf(parts.weekday),
    hour,
    minute,
  };
}

/** How far the zone's wall clock runs ahead of UTC at an instant, in milliseconds. */
function offsetAt(ms: number, zone: string): number {
  const wall = wallClockOf(ms, zone);
  const seconds = new Date(ms).getUTCSeconds() * 1000 + new Date(ms).getUTCMilliseconds();
  return Date.parse(`${wall.date}T${wall.time}:00Z`) + seconds - ms;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * The instant a wall-clock date ("2026-12-01") and time ("09:00") in `zone` names; null when the date or the
 * time is not one. Around a daylight-saving change it does what people expect (and what Temporal calls
 * "compatible"): a time that happens twice (clocks go back) is the first of the two; a time that never
 * happens (clocks go forward) is moved on by the gap, so 02:30 on the spring-forward night in New York is
 * 03:30 EDT.
 */
export function instantOf(date: string, time: string, zone: string): Date | null {
  const d = DATE.exec(date);
  if (!d || !TIME.test(time) || !isKnownTimeZone(zone)) return null;
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  // A date such as 2026-02-30 parses on some engines by rolling over; it is not a date.
  if (Number.isNaN(asUtc) || new Date(asUtc).toISOString().slice(0, 10) !== date) return null;
  // The zone's offsets a day either side: every change of offset in the world is further apart than that.
  const before = offsetAt(asUtc - 86_400_000, zone);
  const after = offsetAt(asUtc + 86_400_000, zone);
  const candidates = [...new Set([asUtc - before, asUtc - after])].sort((a, b) => a - b);
  const matching = candidates.filter((ms) => {
    const wall = wallClockOf(ms, zone);
    return wall.date === date && wall.time === time;
  });
  if (matching.length) return new Date(matching[0]);
  // In the gap: the offset in force before the change carries the clock past it.
  return new Date(asUtc - before);
}
