import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countOf, digitsOnly, formatPhone, formatTotal, labelFromFieldName } from './text.ts';

describe('labelFromFieldName (SPEC §5: camel case split into words)', () => {
  it.each([
    ['firstName', 'First Name'],
    ['lmsClientNumber', 'Lms Client Number'],
    ['dateOfBirth', 'Date Of Birth'],
    ['email', 'Email'],
    ['zipCode', 'Zip Code'],
    ['driverLicenseState', 'Driver License State'],
  ])('%s → %s', (name, label) => expect(labelFromFieldName(name)).toBe(label));
});

describe('phones', () => {
  it('formats ten digits as (###) ###-#### whatever the punctuation', () => {
    expect(formatPhone('2135550199')).toBe('(213) 555-0199');
    expect(formatPhone('213.555.0199')).toBe('(213) 555-0199');
    expect(formatPhone('')).toBe('');
    expect(formatPhone(null)).toBe('');
    expect(formatPhone('12345')).toBe('12345');
  });

  it('formatting then stripping gives back the digits (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{10}$/), (digits) => {
        expect(digitsOnly(formatPhone(digits))).toBe(digits);
      }),
    );
  });
});

describe('countOf', () => {
  it.each([
    [0, 'texts'],
    [1, 'text'],
    [2, 'texts'],
  ])('%i → %s', (n, noun) => expect(countOf(n, 'text')).toBe(`${n} ${noun}`));
  it('takes an irregular plural and groups thousands', () => {
    expect(countOf(1200, 'reply', 'replies')).toBe('1,200 replies');
  });
});

describe('formatTotal', () => {
  it('groups thousands, and adds "+" to a lower bound only', () => {
    expect(formatTotal(1000)).toBe('1,000');
    expect(formatTotal(1000, true)).toBe('1,000+');
    expect(formatTotal(0)).toBe('0');
  });
});
