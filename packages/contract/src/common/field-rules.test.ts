import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countedLength,
  emailField,
  extensionField,
  FIELD_MAX_LENGTHS,
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
