import { z } from 'zod';
import { FIELD_MESSAGES } from './field-rules.ts';

/** An instant with its UTC offset (ISO 8601); the browser turns its day boundaries into these (DESIGN §3). */
export const instantSchema = (label = 'Date') => z.iso.datetime({ offset: true, error: FIELD_MESSAGES.date(label) });

/** A calendar day, yyyy-MM-dd. */
export const isoDateSchema = (label = 'Date') => z.iso.date({ error: FIELD_MESSAGES.date(label) });

/**
 * Today (yyyy-MM-dd) at an office, in its IANA time zone (DESIGN §3: days are bucketed in a named zone): the day
 * new money counts for, a plan's "today", the office-entered view's default day. The same on server and browser.
 */
export function officeToday(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
