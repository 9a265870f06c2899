import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countedLength } from '../common/field-rules.ts';
import { intakeAnswerError, INTAKE_MESSAGES, isCalendarDate } from './intake-question.ts';
import { createInquirySchema, incidentDateTimeField, opposingPartyFieldsSchema } from './inquiry.ts';
import { formatDateTimeAt, inOut } from './lead-list.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('opposing party (SPEC §5 rules)', () => {
  it('names are at most 30 characters, whitespace not counted (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (name) => {
        const ok = opposingPartyFieldsSchema.safeParse({ firstName: name, lastName: name }).success;
        expect(ok).toBe(countedLength(name) <= 30);
      }),
    );
  });

  it('date of birth is a real MM-dd-yyyy date, stored yyyy-MM-dd', () => {
    expect(opposingPartyFieldsSchema.parse({ dateOfBirth: '02-29-2000' }).dateOfBirth).toBe('2000-02-29');
    expect(messagesOf(opposingPartyFieldsSchema.safeParse({ dateOfBirth: '02-29-2001' }))).toEqual({
      dateOfBirth: 'Date Of Birth must be a valid date.',
    });
    expect(opposingPartyFieldsSchema.parse({ dateOfBirth: '' }).dateOfBirth).toBeNull();
  });
});

describe('incident date-time (SPEC §5 date-time wording)', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const field = incidentDateTimeField('incidentDateTime', () => now);
  it('accepts the past and now, refuses the future and non-dates', () => {
    expect(field.parse('2026-05-31T08:00:00-07:00')).toBe('2026-05-31T15:00:00.000Z');
    expect(field.parse('')).toBeNull();
    expect(field.safeParse('2026-06-02T00:00:00Z').error?.issues[0]?.message).toBe(
      'Incident Date Time cannot be future date.',
    );
    expect(field.safeParse('05-31-2026').error?.issues[0]?.message).toBe('Incident Date Time must be a valid date.');
  });
});

describe('intake answers', () => {
  it('fit their answer type; blank always fits', () => {
    expect(intakeAnswerError({ answerType: 'YES_NO', choices: null }, 'Yes')).toBeUndefined();
    expect(intakeAnswerError({ answerType: 'YES_NO', choices: null }, 'yes please')).toBe(INTAKE_MESSAGES.yesNo);
    expect(intakeAnswerError({ answerType: 'CHOICE', choices: ['Car'] }, 'Boat')).toBe(INTAKE_MESSAGES.choice);
    expect(intakeAnswerError({ answerType: 'DATE', choices: null }, '02-29-2024')).toBeUndefined();
    expect(intakeAnswerError({ answerType: 'DATE', choices: null }, '02-29-2023')).toBe(INTAKE_MESSAGES.date);
    expect(intakeAnswerError({ answerType: 'TEXT', choices: null }, 'x'.repeat(501))).toBe(
      'Answer must be 500 characters or less.',
    );
    expect(intakeAnswerError({ answerType: 'CHOICE', choices: ['Car'] }, '  ')).toBeUndefined();
  });

  it('isCalendarDate agrees with Date for every day of a 400-year cycle sample (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 1900, max: 2299 }),
        (m, d, y) => {
          const text = `${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}-${y}`;
          const real = new Date(Date.UTC(y, m - 1, d)).getUTCDate() === d;
          expect(isCalendarDate(text)).toBe(real);
        },
      ),
    );
  });
});

describe('create body', () => {
  it('keys errors by the form path', () => {
    const result = createInquirySchema.safeParse({
      client: { firstName: '', lastName: 'x'.repeat(31) },
      caseDescription: 'x'.repeat(501),
    });
    expect(messagesOf(result)).toEqual({
      'client.firstName': 'First Name is a required field.',
      'client.lastName': 'Last Name must be 30 characters or less.',
      caseDescription: 'Case Description must be 500 characters or less.',
    });
  });
});

describe('leads formatting', () => {
  it('shows counts as in / out and times as MM-dd-yyyy hh:mm AM/PM at the offset', () => {
    expect(inOut(3, 1)).toBe('3 / 1');
    expect(formatDateTimeAt('2026-01-15T18:30:00Z', -5)).toBe('01-15-2026 01:30 PM');
    expect(formatDateTimeAt('2026-01-15T00:05:00Z', 0)).toBe('01-15-2026 12:05 AM');
    expect(formatDateTimeAt('2026-01-15T23:00:00Z', 5.5)).toBe('01-16-2026 04:30 AM');
  });
});
