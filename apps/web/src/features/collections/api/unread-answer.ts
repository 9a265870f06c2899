import { z } from 'zod';

/**
 * The answer of a write the screens do not read: after it they refresh the account (its detail, timeline and
 * plans) from the server, so the write's own answer shape does not matter to them.
 */
export const unreadAnswerSchema = z.unknown();

/** Refusals a form shows itself, under its fields or above its buttons (no error popup). */
export const FORM_REFUSALS = [400, 409, 422] as const;
