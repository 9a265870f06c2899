import { z } from 'zod';

/** An amount of money in the API: integer cents (DESIGN §3; formatting and parsing are in money.ts). */
export const centsSchema = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
