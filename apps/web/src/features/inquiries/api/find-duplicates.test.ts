import { describe, expect, it } from 'vitest';
import { duplicateRequestOf } from './find-duplicates.ts';
import { conflictsRequestOf } from './find-potential-conflicts.ts';

describe('duplicateRequestOf (only complete values are sent)', () => {
  it('is null until a first and last name of 2+ letters, a 10-digit phone, a full DOB or an email is typed', () => {
    expect(duplicateRequestOf({ firstName: 'R', lastName: 'Smith' })).toBeNull();
    expect(duplicateRequestOf({ phones: ['(213) 555-01'] })).toBeNull();
    expect(duplicateRequestOf({ dateOfBirth: '04-12-19' })).toBeNull();
    expect(duplicateRequestOf({ email: 'rob@exa' })).toBeNull();
    expect(duplicateRequestOf({ firstName: 'Ro', lastName: 'Sm' })).toEqual({
      firstName: 'Ro',
      lastName: 'Sm',
      phones: [],
    });
    expect(duplicateRequestOf({ phones: ['(213) 555-0101', '2135550101'] })).toEqual({ phones: ['2135550101'] });
    expect(duplicateRequestOf({ dateOfBirth: '04-12-1980' }, 'c-1')).toEqual({
      phones: [],
      dateOfBirth: '1980-04-12',
      excludeClientId: 'c-1',
    });
  });

  it('sends a single name with the DOB (last name and birthday find the person), but not alone', () => {
    expect(duplicateRequestOf({ lastName: 'Whitbourne' })).toBeNull();
    expect(duplicateRequestOf({ lastName: 'Whitbourne', dateOfBirth: '02-16-1962' })).toEqual({
      lastName: 'Whitbourne',
      dateOfBirth: '1962-02-16',
      phones: [],
    });
    expect(duplicateRequestOf({ lmsClientNumber: ' LMS-1 ' })).toEqual({ phones: [], lmsClientNumber: 'LMS-1' });
  });

  it('leaves out a name over the SPEC §5 limit (the form shows that error) rather than ask a 400', () => {
    expect(duplicateRequestOf({ firstName: 'x'.repeat(31), lastName: 'Smith', phones: ['2135550101'] })).toEqual({
      lastName: 'Smith',
      phones: ['2135550101'],
    });
  });
});

describe('conflictsRequestOf', () => {
  it('sends each side only when it has something to check', () => {
    expect(conflictsRequestOf({ firstName: 'A' }, {})).toBeNull();
    expect(conflictsRequestOf({}, { lmsClientNumber: ' LMS-1 ' }, 'i-1')).toEqual({
      opposingParty: { phones: [], lmsClientNumber: 'LMS-1' },
      inquiryId: 'i-1',
    });
  });
});
