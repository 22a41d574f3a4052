import { z } from 'zod';

/**
 * The dates Nashr takes, in a query (`?from=`, `?to=`) or a form (a schedule, an embargo): years a person
 * means and the database holds. A year such as 0000, 9999 or 275760 (what `Date` still parses) used to reach
 * a timestamptz and answer 500; it is a 422 that says the range instead (issue 35). Every schema of a date
 * reads it here.
 */
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2100-12-31';
const FIRST_MS = Date.parse(`${FIRST_DAY}T00:00:00Z`);
/** The end of the last day, UTC: an instant of that day in any zone east of UTC still reads as that day. */
const END_MS = Date.parse(`${LAST_DAY}T00:00:00Z`) + 86_400_000;

export const DATE_RANGE_MESSAGE = `A date must be between ${FIRST_DAY} and ${LAST_DAY}`;

/** Whether an instant (ms since the epoch) lies in the range; NaN does not. */
export const instantInRange = (ms: number): boolean => ms >= FIRST_MS && ms < END_MS;

/** A day, YYYY-MM-DD, within the range: `message` says the format; the range has its own words. */
export const dayParam = (message: string) =>
  z.iso
    .date({ message })
    .refine((day) => instantInRange(Date.parse(`${day}T00:00:00Z`)), { message: DATE_RANGE_MESSAGE, abort: true });

/** Whether a moment as text (what `Date.parse` reads: a schedule, an embargo) lies in the range. */
export const momentInRange = (value: string): boolean => instantInRange(Date.parse(value));
