import { z } from 'zod';
import { isKnownTimeZone } from './wall-clock.js';

/** The time-zone field of the forms and the API; the zones themselves, their names and wall clocks are wall-clock.ts. */
export {
  REGION_ZONES,
  isKnownTimeZone,
  zoneName,
  wallClockOf,
  instantOf,
  type RegionZone,
  type WallClock,
} from './wall-clock.js';

export const UNKNOWN_TIME_ZONE_MESSAGE = 'Unknown time zone';
export const timeZoneField = z
  .string({ message: UNKNOWN_TIME_ZONE_MESSAGE })
  .trim()
  .max(64, { message: UNKNOWN_TIME_ZONE_MESSAGE })
  .refine(isKnownTimeZone, { message: UNKNOWN_TIME_ZONE_MESSAGE });
