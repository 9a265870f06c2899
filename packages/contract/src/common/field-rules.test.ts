import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countedLength,
  dateOfBirthField,
  dateOfBirthRange,
  emailField,
  extensionField,
  FIELD_MAX_LENGTHS,
  formatDateInput,
  formatDigitMask,
  formatPhoneInput,
  formatSsnInput,
  maskSlots,
  parseDigitMask,
  PHONE_MASK,
  phoneField,
  SSN_MASK,
  ssnField,
  textField,
} from './field-rules.ts';
import { formatPhone } from './text.ts';

const MASKS = [PHONE_MASK, SSN_MASK, '######'];
const digitString = (max: number) => fc.stringMatching(new RegExp(`^[0-9]{0,${max}}$`));
const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('digit masks (SPEC §5)', () => {
  it('formats while typing, punctuation appearing once a digit follows it', () => {
    expect(['', '2', '213', '2135', '213555', '2135550', '2135550199'].map(formatPhoneInput)).toEqual([
      '',
      '(2',
      '(213',
      '(213) 5',
      '(213) 555',
      '(213) 555-0',
      '(213) 555-0199',
    ]);
    expect(['123', '1234', '12345', '123456789'].map(formatSsnInput)).toEqual([
      '123',
      '123-4',
      '123-45',
      '123-45-6789',
    ]);
  });

  it('stores only digits, capped at the mask length', () => {
    expect(parseDigitMask(PHONE_MASK, '(213) 555-0199 ext 9')).toBe('2135550199');
    expect(parseDigitMask(SSN_MASK, '123-45-67890')).toBe('123456789');
    expect(parseDigitMask('######', '12a3456789')).toBe('123456');
  });

  it.each(MASKS)('%s: parse ∘ format gives back the digits (property)', (mask) => {
    fc.assert(
      fc.property(digitString(maskSlots(mask)), (digits) => {
        expect(parseDigitMask(mask, formatDigitMask(mask, digits))).toBe(digits);
      }),
    );
  });

  it.each(MASKS)('%s: whatever is typed, only digits are stored, never more than the slots (property)', (mask) => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const stored = parseDigitMask(mask, typed);
        expect(stored).toMatch(/^[0-9]*$/);
        expect(stored.length).toBeLessThanOrEqual(maskSlots(mask));
      }),
    );
  });

  it.each(MASKS)('%s: the shown text is always a prefix of the mask shape (property)', (mask) => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const shown = formatDigitMask(mask, parseDigitMask(mask, typed));
        expect(shown.length).toBeLessThanOrEqual(mask.length);
        [...shown].forEach((ch, i) => (mask[i] === '#' ? expect(ch).toMatch(/[0-9]/) : expect(ch).toBe(mask[i])));
      }),
    );
  });

  it('a complete phone reads like formatPhone (property)', () => {
    fc.assert(
      fc.property(
        digitString(10).filter((d) => d.length === 10),
        (digits) => {
          expect(formatPhoneInput(digits)).toBe(formatPhone(digits));
        },
      ),
    );
  });
});

describe('text fields (SPEC §5 max lengths)', () => {
  it('uses the spec limits and wording', () => {
    expect(firstError(textField('firstName').safeParse('x'.repeat(31)))).toBe(
      'First Name must be 30 characters or less.',
    );
    expect(firstError(textField('streetAddress').safeParse('x'.repeat(101)))).toBe(
      'Street Address must be 100 characters or less.',
    );
    expect(firstError(textField('needlesClientNumber').safeParse('x'.repeat(16)))).toBe(
      'Needles Client Number must be 15 characters or less.',
    );
    expect(textField('zipCode').safeParse('x'.repeat(15)).success).toBe(true);
  });

  it('does not count whitespace', () => {
    expect(textField('firstName').safeParse(`${'a '.repeat(30)}   `).success).toBe(true);
    expect(countedLength(' a\tb\nc ')).toBe(3);
  });

  it('accepts a value exactly when its non-whitespace length is within the limit (property)', () => {
    const names = Object.keys(FIELD_MAX_LENGTHS) as (keyof typeof FIELD_MAX_LENGTHS)[];
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.string({ maxLength: 140 }), (name, value) => {
        const ok = textField(name).safeParse(value).success;
        expect(ok).toBe(countedLength(value) <= FIELD_MAX_LENGTHS[name]);
      }),
    );
  });

  it('requires a non-blank value when required', () => {
    expect(firstError(textField('lastName', { required: true }).safeParse('  '))).toBe(
      'Last Name is a required field.',
    );
    expect(textField('lastName').safeParse('').success).toBe(true);
  });

  it('takes an explicit label and limit', () => {
    expect(firstError(textField('body', { label: 'Message', max: 3 }).safeParse('abcd'))).toBe(
      'Message must be 3 characters or less.',
    );
  });
});

describe('emailField', () => {
  it('accepts valid emails and blank, refuses others with the spec message', () => {
    const schema = emailField();
    expect(schema.safeParse('ana@example.com').success).toBe(true);
    expect(schema.safeParse('').success).toBe(true);
    expect(firstError(schema.safeParse('ana@'))).toBe('Email must be a valid email.');
    expect(firstError(schema.safeParse(`${'a'.repeat(70)}@example.com`))).toBe('Email must be 75 characters or less.');
  });
});

describe('masked value fields', () => {
  it('phone: 10 digits whatever the punctuation, else the phone message', () => {
    expect(phoneField('mobileNumber').parse('(213) 555-0199')).toBe('2135550199');
    expect(phoneField('mobileNumber').parse('')).toBe('');
    expect(firstError(phoneField('mobileNumber').safeParse('555-0199'))).toBe(
      'Mobile Number must be a valid phone number.',
    );
    expect(firstError(phoneField('mobileNumber', { required: true }).safeParse(''))).toBe(
      'Mobile Number is a required field.',
    );
  });

  it('ssn: nine digits', () => {
    expect(ssnField('ssn', { label: 'SSN' }).parse('123-45-6789')).toBe('123456789');
    expect(firstError(ssnField('ssn', { label: 'SSN' }).safeParse('123-45'))).toBe(
      'SSN must be in the format ###-##-####.',
    );
  });

  it('extension: exactly six digits (property)', () => {
    fc.assert(
      fc.property(digitString(9), (digits) => {
        expect(extensionField('phoneExtension').safeParse(digits).success).toBe(digits === '' || digits.length === 6);
      }),
    );
    expect(firstError(extensionField('phoneExtension').safeParse('123'))).toBe('Phone Extension must be six digits.');
  });
});

describe('dateOfBirthField (SPEC §5)', () => {
  const NOW = new Date('2026-11-23T05:00:00Z');
  const dob = dateOfBirthField('dateOfBirth', { now: () => NOW });
  const MESSAGE = 'Date Of Birth must be a valid date.';
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const daysIn = (y: number, m: number) => [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;

  it('takes MM-dd-yyyy and stores yyyy-MM-dd; empty allowed unless required', () => {
    expect(dob.parse('07-04-1976')).toBe('1976-07-04');
    expect(dob.parse('')).toBe('');
    expect(firstError(dateOfBirthField('dateOfBirth', { required: true }).safeParse(' '))).toBe(
      'Date Of Birth is a required field.',
    );
  });

  it('refuses malformed text, impossible dates, the future and more than 150 years ago, word for word', () => {
    for (const bad of ['7-4-1976', '1976/07/04', '13-01-2000', '00-10-2000', '02-30-2000', '02-29-1900', 'x']) {
      expect(firstError(dob.safeParse(bad)), bad).toBe(MESSAGE);
    }
    expect(firstError(dob.safeParse('11-24-2026'))).toBe(MESSAGE);
    expect(dob.parse('11-23-2026')).toBe('2026-11-23');
    expect(dob.parse('11-23-1876')).toBe('1876-11-23');
    expect(firstError(dob.safeParse('11-22-1876'))).toBe(MESSAGE);
  });

  it('honours leap years: 29 February only in leap years (400-year rule included)', () => {
    expect(dob.parse('02-29-2000')).toBe('2000-02-29');
    expect(dob.parse('02-29-1904')).toBe('1904-02-29');
    expect(dob.safeParse('02-29-2001').success).toBe(false);
    expect(dob.safeParse('02-29-1900').success).toBe(false);
  });

  it('labels follow the field name', () => {
    expect(firstError(dateOfBirthField('opposingPartyDateOfBirth').safeParse('99-99-9999'))).toBe(
      'Opposing Party Date Of Birth must be a valid date.',
    );
  });

  it('accepts a date exactly when it is a real day inside [today − 150 years, today] (property)', () => {
    const { earliest, latest } = dateOfBirthRange(NOW);
    fc.assert(
      fc.property(
        fc.integer({ min: 1700, max: 2200 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (y, m, d) => {
          const typed = `${pad(m)}-${pad(d)}-${pad(y, 4)}`;
          const iso = `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
          const real = m >= 1 && m <= 12 && d >= 1 && d <= daysIn(y, m);
          const expected = real && iso >= earliest && iso <= latest;
          const result = dob.safeParse(typed);
          expect(result.success).toBe(expected);
          if (result.success) expect(result.data).toBe(iso);
          else expect(firstError(result)).toBe(MESSAGE);
        },
      ),
    );
  });

  it('is idempotent: a stored value parses again to itself, and formats back to what was typed (property)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1877-01-01'), max: NOW, noInvalidDate: true }), (date) => {
        const iso = date.toISOString().slice(0, 10);
        const typed = formatDateInput(iso);
        expect(typed).toMatch(/^\d{2}-\d{2}-\d{4}$/);
        expect(dob.parse(typed)).toBe(iso);
        expect(dob.parse(iso)).toBe(iso);
      }),
    );
  });

  it('never throws and only ever yields the spec message or a yyyy-MM-dd date (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 14 }), (text) => {
        const result = dob.safeParse(text);
        if (result.success) expect(result.data).toMatch(/^(\d{4}-\d{2}-\d{2})?$/);
        else expect(firstError(result)).toBe(MESSAGE);
      }),
    );
  });
});
