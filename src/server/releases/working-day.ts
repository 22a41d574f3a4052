import type { PreflightWarning } from '../../shared/releases.js';
import { REGION_ZONES, wallClockOf, type WallClock } from '../../shared/time-zones.js';
import calendar from './region-calendar.json' with { type: 'json' };

/**
 * The region's working day (issue 30): whether a send lands on a weekend, a public holiday, at night or
 * outside Ramadan's shortened hours for the journalists of each country, read in its capital's zone. The
 * pre-send summary warns; nothing here ever blocks a send.
 */

type Day = { from: string; to: string; en: string; ar: string; hijri?: boolean };
const HOLIDAYS = calendar.holidays as Record<string, Day[]>;
const RAMADAN = calendar.ramadan as Array<{ from: string; to: string }>;

/** Sunday 0 … Saturday 6. Friday–Saturday is the weekend in most of the region; the UAE moved to Saturday–Sunday in 2022. */
const FRIDAY_SATURDAY = [5, 6];
const SATURDAY_SUNDAY = [6, 0];
const WEEKENDS: Record<string, number[]> = {
  'Saudi Arabia': FRIDAY_SATURDAY,
  Qatar: FRIDAY_SATURDAY,
  Kuwait: FRIDAY_SATURDAY,
  Bahrain: FRIDAY_SATURDAY,
  Oman: FRIDAY_SATURDAY,
  Egypt: FRIDAY_SATURDAY,
  Jordan: FRIDAY_SATURDAY,
  Iraq: FRIDAY_SATURDAY,
  Algeria: FRIDAY_SATURDAY,
  Sudan: FRIDAY_SATURDAY,
  Yemen: FRIDAY_SATURDAY,
  UAE: SATURDAY_SUNDAY,
  Morocco: SATURDAY_SUNDAY,
  Tunisia: SATURDAY_SUNDAY,
  Lebanon: SATURDAY_SUNDAY,
};

/**
 * Awake hours, [from, to) in local hours. A release that arrives at night is not read then: by the morning it sits
 * under the night's mail and the first wires. 07:00 covers the morning desks that start early; after 21:00 only
 * the night desk is in. During Ramadan offices keep shortened hours (about 09:00–15:00 by the labour laws of the
 * Gulf, Egypt and Jordan), and after iftar few read work mail.
 */
const DAY_HOURS = { from: 7, to: 21 };
const RAMADAN_HOURS = { from: 9, to: 15 };

export type WorkingDayProblem =
  | { code: 'holiday'; holiday: Day }
  | { code: 'weekend' }
  | { code: 'night' }
  | { code: 'ramadan_hours' };

const within = (date: string, range: { from: string; to: string }) => range.from <= date && date <= range.to;
const hoursOf = (wall: WallClock) => wall.hour + wall.minute / 60;

/**
 * What, if anything, makes the instant a poor time to reach the journalists of a country: a day off first
 * (a holiday, else the weekend), else the hour. One problem per country keeps the summary short: a Friday
 * at 02:00 in Riyadh is "the weekend", not also "night". Countries outside the region give none.
 */
export function workingDayProblem(country: string, instant: Date): WorkingDayProblem | null {
  const zone = REGION_ZONES.find((z) => z.country === country)?.id;
  if (!zone) return null;
  const wall = wallClockOf(instant, zone);
  const holiday = (HOLIDAYS[country] ?? []).find((day) => within(wall.date, day));
  if (holiday) return { code: 'holiday', holiday };
  if (WEEKENDS[country]?.includes(wall.weekday)) return { code: 'weekend' };
  const hours = hoursOf(wall);
  if (RAMADAN.some((r) => within(wall.date, r)))
    return hours < RAMADAN_HOURS.from || hours >= RAMADAN_HOURS.to ? { code: 'ramadan_hours' } : null;
  return hours < DAY_HOURS.from || hours >= DAY_HOURS.to ? { code: 'night' } : null;
}

const MESSAGES = {
  weekend: (countries: string) => `It will arrive on the weekend in ${countries}`,
  night: (countries: string) => `It will arrive at night in ${countries}`,
  ramadan_hours: (countries: string) => `It will arrive outside Ramadan working hours in ${countries}`,
  holiday: (countries: string, name: string) => `It will arrive on a public holiday (${name}) in ${countries}`,
};

/**
 * The pre-send summary's calendar warnings: countries grouped by what they share (the same holiday is one
 * warning), in the order of `byCountry` (most recipients first). params.countries names them ("UAE, Saudi
 * Arabia"); a holiday also carries its name in both languages (params.holiday, params.holidayAr).
 */
export function calendarWarnings(instant: Date, byCountry: Array<{ country: string; count?: number }>): PreflightWarning[] {
  const groups = new Map<string, { problem: WorkingDayProblem; countries: string[] }>();
  for (const { country } of byCountry) {
    const problem = workingDayProblem(country, instant);
    if (!problem) continue;
    const key = problem.code === 'holiday' ? `holiday:${problem.holiday.en}` : problem.code;
    const group = groups.get(key) ?? { problem, countries: [] };
    group.countries.push(country);
    groups.set(key, group);
  }
  return [...groups.values()].map(({ problem, countries }): PreflightWarning => {
    const named = countries.join(', ');
    if (problem.code === 'holiday')
      return {
        code: 'holiday',
        message: MESSAGES.holiday(named, problem.holiday.en),
        params: { countries: named, holiday: problem.holiday.en, holidayAr: problem.holiday.ar },
      };
    return { code: problem.code, message: MESSAGES[problem.code](named), params: { countries: named } };
  });
}
