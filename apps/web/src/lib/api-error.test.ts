import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '@casedesk/contract/common/error-body';
import { asErrorBody } from './api-error.ts';

/** asErrorBody checks the error shape by hand (no zod on the first screen); it must agree with the contract's schema. */
const bodies: unknown[] = [
  { statusCode: 400, error: 'Bad Request', message: 'Name is required.', code: 'VALIDATION' },
  { statusCode: 403, error: 'Forbidden', message: 'No.', code: 'FORBIDDEN', reason: 'ACCOUNT_INACTIVE' },
  { statusCode: 400, error: 'Bad Request', message: 'x', code: 'VALIDATION', fieldErrors: { name: 'Required' } },
  { statusCode: 400, error: 'Bad Request', message: 'x', code: 'VALIDATION', fieldErrors: { name: 3 } },
  { statusCode: 403, error: 'Forbidden', message: 'No.', code: 'FORBIDDEN', reason: 'SOMETHING_ELSE' },
  { statusCode: 500, error: 'Internal', message: 'x', code: 'NOT_A_CODE' },
  { statusCode: '500', error: 'Internal', message: 'x', code: 'INTERNAL' },
  { error: 'Bad Gateway', message: 'upstream' },
  { statusCode: 502, error: 'Bad Gateway', code: 'INTERNAL' },
  'Bad Gateway',
  null,
  [],
];

describe('asErrorBody', () => {
  it.each(bodies.map((body) => [JSON.stringify(body), body]))('agrees with errorBodySchema on %s', (_name, body) => {
    expect(asErrorBody(body) !== null).toBe(errorBodySchema.safeParse(body).success);
  });
});
