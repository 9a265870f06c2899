import { z } from 'zod';
import { DENIAL_REASONS, ERROR_CODES } from './errors.ts';

/** The body of every error answer (DESIGN §3); its codes, reasons and SPEC §8 wording are in errors.ts. */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  code: z.enum(ERROR_CODES),
  reason: z.enum(DENIAL_REASONS).optional(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
