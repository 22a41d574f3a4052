import { REGION_ZONES, zoneName } from '../../shared/wall-clock';
import i18n, { currentLocale } from './i18n';
import { browserTimeZone } from './browser-time-zone';

/**
 * Times as people in the region say them (issue 30): "09:00, 1 December 2026 (Riyadh)", on the wall of a named
 * zone. The region's capitals are named in the reader's language; any other zone by its city.
 */

const language = () => (i18n.language === 'ar' ? 'ar' : 'en');

/** The zone's name in the reader's language ("Riyadh", "الرياض", "London"). */
export const zoneLabel = (zone: string) => zoneName(zone, language());

/** "09:00, 1 December 2026 (Riyadh)"; short: "09:00, 1 Dec (Riyadh)". */
export function formatInZone(instant: string | Date, zone: string, style: 'long' | 'short' = 'long'): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  const locale = currentLocale();
  const time = new Intl.DateTimeFormat(locale, { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
  const day = new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    day: 'numeric',
    month: style === 'long' ? 'long' : 'short',
    ...(style === 'long' ? { year: 'numeric' as const } : {}),
  }).format(date);
  return i18n.t('zonedTime.at', { time, day, zone: zoneLabel(zone) });
}

/**
 * A stored time for the viewer: in their own zone, and as entered when that was another zone with another
 * clock ("12:00, 1 Dec (Dubai) · 09:00, 1 Dec (Riyadh)" reads as the viewer's time, then the writer's).
 */
export function formatForViewer(instant: string, enteredZone: string | null, style: 'long' | 'short' = 'short'): string {
  const viewer = browserTimeZone();
  const mine = formatInZone(instant, viewer, style);
  if (!enteredZone || enteredZone === viewer) return mine;
  const entered = formatInZone(instant, enteredZone, style);
  const sameClock = entered.replace(/\(.*\)$/, '') === mine.replace(/\(.*\)$/, '');
  return sameClock ? mine : i18n.t('zonedTime.asEntered', { mine, entered });
}

/** The zones a time can be entered in: the region's capitals, then the browser's and the stored one if other. */
export function zoneChoices(...extra: Array<string | null | undefined>): string[] {
  const ids: string[] = REGION_ZONES.map((z) => z.id);
  for (const zone of [browserTimeZone(), ...extra]) if (zone && !ids.includes(zone)) ids.push(zone);
  return ids;
}
