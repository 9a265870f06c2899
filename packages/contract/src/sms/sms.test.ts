import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cannedTextRequestSchema } from './canned-text.ts';
import { chatOptionRequestSchema, CHAT_OPTION_MESSAGES } from './chat-option.ts';
import {
  needsAssignee,
  sendSmsRequestSchema,
  SMS_BODY_MAX_LENGTH,
  SMS_MESSAGES,
  smsByPhoneQuerySchema,
  smsByPhoneRequestSchema,
  smsListRequestSchema,
} from './sms.ts';
import { isRetryable, SMS_STATUSES, statusAdvances, type SmsStatus } from './sms-status.ts';

const ID = '00000000-0000-4000-8000-000000000001';
const valid = {
  fromNumber: '(213) 555-0100',
  toNumber: '3105550199',
  body: 'Hello',
  categoryId: ID,
  reasonId: ID,
};
const fieldErrors = (input: unknown) => {
  const result = sendSmsRequestSchema.safeParse(input);
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
};

describe('send SMS request (SPEC §5)', () => {
  it('stores numbers as digits and defaults the direction to OUTBOUND', () => {
    expect(sendSmsRequestSchema.parse(valid)).toMatchObject({
      fromNumber: '2135550100',
      toNumber: '3105550199',
      direction: 'OUTBOUND',
    });
  });

  it('gives the spec messages for the body', () => {
    expect(fieldErrors({ ...valid, body: '' }).body).toBe('Message is required field');
    expect(fieldErrors({ ...valid, body: '   ' }).body).toBe('Message is required field');
    expect(fieldErrors({ ...valid, body: undefined }).body).toBe('Message is required field');
    expect(fieldErrors({ ...valid, body: 'x'.repeat(1601) }).body).toBe('Message should be max 1600 characters');
    expect(fieldErrors({ ...valid, body: 'x'.repeat(1600) }).body).toBeUndefined();
  });

  it('requires office, phone number, category and reason', () => {
    const errors = fieldErrors({ body: 'Hi' });
    expect(errors).toEqual({
      fromNumber: SMS_MESSAGES.fromNumberRequired,
      toNumber: SMS_MESSAGES.toNumberRequired,
      categoryId: SMS_MESSAGES.categoryRequired,
      reasonId: SMS_MESSAGES.reasonRequired,
    });
    expect(SMS_MESSAGES.fromNumberRequired).toBe('Office is a required field.');
    expect(SMS_MESSAGES.reasonRequired).toBe('Reason For Text is a required field.');
    expect(fieldErrors({ ...valid, toNumber: '', categoryId: '' })).toEqual({
      toNumber: SMS_MESSAGES.toNumberRequired,
      categoryId: SMS_MESSAGES.categoryRequired,
    });
    expect(fieldErrors({ ...valid, toNumber: '555-01' }).toNumber).toBe(SMS_MESSAGES.toNumberInvalid);
  });

  it('sends only outbound texts and refuses unknown fields', () => {
    expect(fieldErrors({ ...valid, direction: 'INBOUND' }).direction).toBe(SMS_MESSAGES.direction);
    expect(sendSmsRequestSchema.safeParse({ ...valid, extra: 1 }).success).toBe(false);
  });

  it('accepts any body of 1 to 1600 characters that is not blank', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: SMS_BODY_MAX_LENGTH }), (body) => {
        const ok = sendSmsRequestSchema.safeParse({ ...valid, body }).success;
        expect(ok).toBe(body.trim() !== '');
      }),
    );
  });

  it('canned texts follow the same body rules', () => {
    const first = (input: unknown) => cannedTextRequestSchema.safeParse(input).error?.issues[0]?.message;
    expect(first({ message: '' })).toBe('Message is required field');
    expect(first({ message: 'y'.repeat(1601) })).toBe('Message should be max 1600 characters');
    expect(cannedTextRequestSchema.parse({ message: 'Ok', officeId: ID })).toEqual({ message: 'Ok', officeId: ID });
  });
});

describe('lists', () => {
  it('history pages are 5 newest first by default (SPEC §9)', () => {
    expect(smsByPhoneRequestSchema.parse({})).toEqual({ pageNumber: 1, pageSize: 5, sortOrder: 'DESC' });
    expect(smsByPhoneQuerySchema.parse({ phoneNumber: '(310) 555-0199' })).toEqual({ phoneNumber: '3105550199' });
  });

  it('the SMS list sorts by its columns only', () => {
    expect(smsListRequestSchema.safeParse({ sortBy: 'createdDate', sortOrder: 'DESC' }).success).toBe(true);
    expect(smsListRequestSchema.safeParse({ sortBy: 'body; drop table' }).success).toBe(false);
  });

  it('chat options name the spec options', () => {
    const bad = chatOptionRequestSchema.safeParse({ option: 'SEND_FAX', clientId: ID });
    expect(bad.error?.issues[0]?.message).toBe(CHAT_OPTION_MESSAGES.option);
  });

  it('a category change needs an assignee unless it is Call Center (SPEC §4)', () => {
    expect(needsAssignee({ groupType: 'CALL_CENTER' })).toBe(false);
    expect(needsAssignee({ groupType: 'OFFICE' })).toBe(true);
  });
});

describe('delivery status never moves backwards', () => {
  it('moves queued → sent → delivered and ignores a late sent', () => {
    expect(statusAdvances('queued', 'sent')).toBe(true);
    expect(statusAdvances('sent', 'delivered')).toBe(true);
    expect(statusAdvances('queued', 'failed')).toBe(true);
    expect(statusAdvances('delivered', 'sent')).toBe(false);
    expect(statusAdvances('delivered', 'failed')).toBe(false);
    expect(statusAdvances('sent', 'queued')).toBe(false);
    expect(statusAdvances('sent', 'sent')).toBe(false);
  });

  it('applying any sequence of reports in any order ends no earlier than the furthest report', () => {
    const statuses = fc.constantFrom<SmsStatus>('queued', 'sent', 'delivered', 'failed', 'undelivered');
    fc.assert(
      fc.property(fc.array(statuses, { maxLength: 12 }), (reports) => {
        let current: SmsStatus = 'queued';
        const seen: SmsStatus[] = [];
        for (const next of reports) {
          const before = current;
          if (statusAdvances(current, next)) current = next;
          seen.push(current);
          // Once final, it stays.
          if (['delivered', 'failed', 'undelivered'].includes(before)) expect(current).toBe(before);
        }
        const reachedFinal = reports.some((r) => ['delivered', 'failed', 'undelivered'].includes(r));
        if (reachedFinal) expect(['delivered', 'failed', 'undelivered']).toContain(current);
      }),
    );
  });

  it('only failed or undelivered outbound texts are retried', () => {
    const retryable = SMS_STATUSES.filter((s) => isRetryable('OUTBOUND', s));
    expect(retryable).toEqual(['failed', 'undelivered']);
    expect(isRetryable('INBOUND', 'failed')).toBe(false);
  });
});
