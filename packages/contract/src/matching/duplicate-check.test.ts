import { describe, expect, it } from 'vitest';
import { duplicateCheckRequestSchema } from './duplicate-check.ts';
import { potentialConflictsRequestSchema } from './potential-conflict.ts';

describe('duplicateCheckRequestSchema', () => {
  it('normalises what a form sends: blanks dropped, phones as digits once, email lower case, DOB yyyy-MM-dd', () => {
    expect(
      duplicateCheckRequestSchema.parse({
        firstName: '',
        lastName: ' Smith ',
        phones: ['', '(213) 555-0101', '2135550101'],
        email: 'A@B.COM',
        dateOfBirth: '01-02-1980',
      }),
    ).toEqual({ lastName: 'Smith', phones: ['2135550101'], email: 'a@b.com', dateOfBirth: '1980-01-02' });
  });

  it('refuses with the SPEC §5 messages', () => {
    const message = (body: unknown) => duplicateCheckRequestSchema.safeParse(body).error?.issues[0]?.message;
    expect(message({ phones: ['123'] })).toBe('Phone must be a valid phone number.');
    expect(message({ dateOfBirth: '13-01-2000' })).toBe('Date Of Birth must be a valid date.');
    expect(message({ email: 'x' })).toBe('Email must be a valid email.');
    expect(message({ firstName: 'a'.repeat(31) })).toBe('First Name must be 30 characters or less.');
    expect(message({ phones: ['1', '2', '3', '4', '5'] })).toBe('Phones must be at most 4 numbers.');
  });
});

describe('potentialConflictsRequestSchema', () => {
  it('both people are optional and default to nothing', () => {
    expect(potentialConflictsRequestSchema.parse({})).toEqual({
      client: { phones: [] },
      opposingParty: { phones: [] },
    });
  });
});
