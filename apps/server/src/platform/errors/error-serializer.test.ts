import { describe, expect, it } from 'vitest';
import { serializeError, stripQueryStrings, urlPath, withSafeErrors } from './error-serializer.ts';

/** What pg and PGlite throw for a unique violation: the row's values in `detail`, the query and its parameters. */
function uniqueViolation(): Error {
  return Object.assign(new Error('duplicate key value violates unique constraint "users_mail_lower_key"'), {
    severity: 'ERROR',
    code: '23505',
    detail: 'Key (lower(mail))=(jane.roe@example.com) already exists.',
    hint: 'Jane Roe, 1984-03-09',
    where: 'SQL statement "insert into users values (\'jane.roe@example.com\')"',
    internalQuery: "select 'jane.roe@example.com'",
    schema: 'public',
    table: 'users',
    constraint: 'users_mail_lower_key',
    query: 'insert into users (mail, date_of_birth) values ($1, $2)',
    params: ['jane.roe@example.com', '1984-03-09'],
  });
}

/** Drizzle's wrapper writes the SQL and its parameters into its message, and so into its stack. */
function drizzleError(cause: Error): Error {
  const error = new Error(
    'Failed query: insert into users (mail) values ($1)\nparams: jane.roe@example.com,1984-03-09',
  );
  return Object.assign(error, {
    name: 'DrizzleQueryError',
    query: 'insert into users (mail) values ($1)',
    params: ['jane.roe@example.com', '1984-03-09'],
    cause,
  });
}

describe('serializeError', () => {
  it('keeps code, message, severity and schema names of a database error; drops detail, hint, where, queries and parameters', () => {
    const safe = serializeError(uniqueViolation());
    expect(safe).toMatchObject({
      type: 'DatabaseError',
      message: 'duplicate key value violates unique constraint "users_mail_lower_key"',
      code: '23505',
      severity: 'ERROR',
      constraint: 'users_mail_lower_key',
      table: 'users',
      schema: 'public',
    });
    const text = JSON.stringify(safe);
    expect(text).not.toContain('jane.roe');
    expect(text).not.toContain('1984-03-09');
    expect(Object.keys(safe as object)).not.toEqual(expect.arrayContaining(['detail']));
  });

  it('replaces a Drizzle wrapper message and its stack header; its cause is serialized the same way', () => {
    const safe = serializeError(drizzleError(uniqueViolation())) as { message: string; stack: string; cause: object };
    expect(safe.message).toBe('Failed query');
    expect(safe.stack.split('\n')[0]).toBe('Error: Failed query');
    expect(
      safe.stack
        .split('\n')
        .slice(1)
        .every((line) => /^\s+at /.test(line)),
    ).toBe(true);
    expect(safe.cause).toMatchObject({ code: '23505', constraint: 'users_mail_lower_key' });
    expect(JSON.stringify(safe)).not.toMatch(/jane\.roe|1984-03-09/);
  });

  it('masks the input PostgreSQL quotes in a data exception; keeps names quoted in integrity and schema errors', () => {
    const badDate = Object.assign(new Error('date/time field value out of range: "1984-02-30"'), {
      code: '22008',
      severity: 'ERROR',
    });
    expect(serializeError(badDate)).toMatchObject({ message: 'date/time field value out of range: "…"' });
    const missing = Object.assign(new Error('relation "clients_old" does not exist'), {
      code: '42P01',
      severity: 'ERROR',
    });
    expect(serializeError(missing)).toMatchObject({ message: 'relation "clients_old" does not exist' });
  });

  it('drops query strings from URLs in any message', () => {
    const error = new Error(
      'Reply was already sent, did you forget to "return reply" in "/api/v1/sms?phone=7025550101" (GET)?',
    );
    expect(serializeError(error)).toMatchObject({
      message: 'Reply was already sent, did you forget to "return reply" in "/api/v1/sms" (GET)?',
    });
    expect(stripQueryStrings('GET http://localhost:3000/api/v1/files/1?expires=1&signature=abc failed')).toBe(
      'GET http://localhost:3000/api/v1/files/1 failed',
    );
    expect(stripQueryStrings('Is this a question? Yes.')).toBe('Is this a question? Yes.');
    expect(urlPath('/appt-detail?token=abc#x')).toBe('/appt-detail');
  });

  it('keeps the status of an HTTP error; passes non-errors through; is idempotent', () => {
    const http = Object.assign(new Error('Body is too large'), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
    const once = serializeError(http);
    expect(once).toMatchObject({ type: 'Error', statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
    expect(serializeError(once)).toEqual(once);
    const wrapped = serializeError(drizzleError(uniqueViolation()));
    expect(serializeError(wrapped)).toEqual(wrapped);
    expect(serializeError('plain text')).toBe('plain text');
    expect(serializeError(undefined)).toBeUndefined();
  });
});

describe('withSafeErrors', () => {
  it('serializes err before a logger that would print it as it is', () => {
    const written: object[] = [];
    const logger = withSafeErrors({
      error: (details) => written.push(details),
      warn: (details) => written.push(details),
    });
    logger.error({ queue: 'sms.send', err: drizzleError(uniqueViolation()) }, 'job failed');
    logger.warn({ queue: 'sms.send' }, 'no error here');
    expect(written[0]).toMatchObject({ queue: 'sms.send', err: { message: 'Failed query', cause: { code: '23505' } } });
    expect(JSON.stringify(written)).not.toMatch(/jane\.roe|1984-03-09/);
    expect(written[1]).toEqual({ queue: 'sms.send' });
  });
});
