import { z } from 'zod';
import { isKnownTimeZone } from '../appointments/zoned-time.ts';

export const TIME_ZONE_MESSAGE = 'Time Zone must be a valid time zone.';

/**
 * A browser's IANA zone name ('America/New_York'); abbreviations and offsets are not zones. Its own module, so a
 * screen that sends a zone (the landing dashboards) loads no more of the contract than this.
 */
export const timeZoneSchema = z
  .string({ error: TIME_ZONE_MESSAGE })
  .max(64, TIME_ZONE_MESSAGE)
  .refine(isKnownTimeZone, { error: TIME_ZONE_MESSAGE });
