import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countedLength, FIELD_MAX_LENGTHS, TEXTAREA_MAX_LENGTH } from '../common/field-rules.ts';
import { labelFromFieldName } from '../common/text.ts';
import { CLIENT_PHONE_FIELDS, CLIENT_TEXT_FIELDS, clientFieldsSchema, createClientSchema } from './client.ts';
import { clientMergeRequestSchema, differingFields } from './client-merge.ts';

const BASE = { firstName: 'Ana', lastName: 'Lopez' };
const errorsOf = (input: unknown) => {
  const result = clientFieldsSchema.safeParse(input);
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
};
const maxOf = (name: (typeof CLIENT_TEXT_FIELDS)[number]) =>
  name === 'address' ? TEXTAREA_MAX_LENGTH : FIELD_MAX_LENGTHS[name];

describe('clientFieldsSchema (SPEC §5 on every SPEC §3 client field)', () => {
  it('requires first and last name', () => {
    expect(errorsOf({ firstName: ' ', lastName: '' })).toEqual({
      firstName: 'First Name is a required field.',
      lastName: 'Last Name is a required field.',
    });
  });

  it.each([
    ['firstName', 30],
    ['middleName', 30],
    ['lastName', 30],
    ['maidenName', 30],
    ['lmsClientNumber', 30],
    ['placeOfBirth', 50],
    ['driverLicenseNumber', 50],
    ['driverLicenseState', 50],
    ['city', 50],
    ['state', 50],
    ['county', 50],
    ['country', 50],
    ['streetAddress', 100],
    ['zipCode', 15],
    ['needlesClientNumber', 15],
  ] as const)('%s: at most %i characters, in the spec wording', (name, max) => {
    expect(clientFieldsSchema.safeParse({ ...BASE, [name]: 'x'.repeat(max) }).success).toBe(true);
    expect(errorsOf({ ...BASE, [name]: 'x'.repeat(max + 1) })[name]).toBe(
      `${labelFromFieldName(name)} must be ${max} characters or less.`,
    );
  });

  it('email: 75 characters and a valid address', () => {
    expect(errorsOf({ ...BASE, email: 'ana@' }).email).toBe('Email must be a valid email.');
    expect(errorsOf({ ...BASE, email: `${'a'.repeat(64)}@example.com` }).email).toBe(
      'Email must be 75 characters or less.',
    );
  });

  it('every text field: accepted exactly when its non-whitespace length is within its limit (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CLIENT_TEXT_FIELDS), fc.string({ maxLength: 120 }), (name, value) => {
        const input = { ...BASE, [name]: value };
        const blankRequired = (name === 'firstName' || name === 'lastName') && value.trim() === '';
        const ok = countedLength(value) <= maxOf(name) && !blankRequired;
        const result = clientFieldsSchema.safeParse(input);
        expect(result.success).toBe(ok);
        if (!ok && !blankRequired) {
          expect(errorsOf(input)[name]).toBe(`${labelFromFieldName(name)} must be ${maxOf(name)} characters or less.`);
        }
        if (result.success) expect(result.data[name]).toBe(value.trim() === '' ? null : value.trim());
      }),
    );
  });

  it('phones in every punctuation are stored as exactly 10 digits, else the phone message (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CLIENT_PHONE_FIELDS),
        fc.array(fc.constantFrom(...'0123456789 ()-.+'), { maxLength: 20 }).map((a) => a.join('')),
        (name, typed) => {
          const digits = typed.replace(/\D/g, '');
          const result = clientFieldsSchema.safeParse({ ...BASE, [name]: typed });
          expect(result.success).toBe(digits.length === 0 || digits.length === 10);
          if (result.success) expect(result.data[name]).toBe(digits === '' ? null : digits);
          else
            expect(errorsOf({ ...BASE, [name]: typed })[name]).toBe(
              `${labelFromFieldName(name)} must be a valid phone number.`,
            );
        },
      ),
    );
  });

  it('date of birth: MM-dd-yyyy in, yyyy-MM-dd stored', () => {
    expect(clientFieldsSchema.parse({ ...BASE, dateOfBirth: '02-29-2000' }).dateOfBirth).toBe('2000-02-29');
    expect(errorsOf({ ...BASE, dateOfBirth: '02-29-2001' }).dateOfBirth).toBe('Date Of Birth must be a valid date.');
  });

  it('is idempotent: what it outputs (the stored record) parses again to itself (property)', () => {
    const anyValue = fc.oneof(fc.constant(null), fc.constant(''), fc.string({ maxLength: 12 }));
    fc.assert(
      fc.property(
        fc.record({ middleName: anyValue, city: anyValue, mobileNumber: fc.constantFrom('', '(213) 555-0199', null) }),
        (fields) => {
          const once = clientFieldsSchema.safeParse({ ...BASE, ...fields });
          if (!once.success) return;
          expect(clientFieldsSchema.parse(once.data)).toEqual(once.data);
        },
      ),
    );
  });

  it('leaves fields that were not sent undefined (a PUT keeps them) and clears blank ones', () => {
    const parsed = clientFieldsSchema.parse({ ...BASE, city: '  ' });
    expect(parsed.city).toBeNull();
    expect('county' in parsed && parsed.county !== undefined).toBe(false);
  });

  it('create refuses unknown fields', () => {
    expect(createClientSchema.safeParse({ ...BASE, mergedIntoId: null }).success).toBe(false);
  });
});

describe('merge request', () => {
  const a = '00000000-0000-4000-8000-000000000001';
  const b = '00000000-0000-4000-8000-000000000002';
  it('needs two different clients and known field names', () => {
    expect(
      clientMergeRequestSchema.safeParse({ survivorId: a, mergedId: a, fields: {} }).error?.issues[0]?.message,
    ).toBe('Choose two different clients to merge.');
    expect(clientMergeRequestSchema.safeParse({ survivorId: a, mergedId: b, fields: { id: 'merged' } }).success).toBe(
      false,
    );
    expect(clientMergeRequestSchema.parse({ survivorId: a, mergedId: b }).fields).toEqual({});
  });

  it('lists only the fields that differ', () => {
    expect(
      differingFields({ firstName: 'A', city: null, email: 'x' }, { firstName: 'A', city: 'B', email: 'x' }),
    ).toEqual(['city']);
  });
});
