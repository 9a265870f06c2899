import { z } from 'zod';
import { FIELD_MESSAGES } from './field-rules.ts';

/** An instant with its UTC offset (ISO 8601); the browser turns its day boundaries into these (DESIGN §3). */
export const instantSchema = (label = 'Date') => z.iso.datetime({ offset: true, error: FIELD_MESSAGES.date(label) });

/** A calendar day, yyyy-MM-dd. */
export const isoDateSchema = (label = 'Date') => z.iso.date({ error: FIELD_MESSAGES.date(label) });
