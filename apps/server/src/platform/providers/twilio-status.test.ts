import { describe, expect, it } from 'vitest';
import { toE164, toNationalNumber } from './phone-numbers.ts';
import { isSmsStatusAdvance, mapTwilioCallStartStatus, mapTwilioSmsStatus } from './twilio-status.ts';

describe('Twilio message states', () => {
  it('map onto our five', () => {
    const mapped = [
      'accepted',
      'queued',
      'sending',
      'sent',
      'delivered',
      'failed',
      'undelivered',
      'receiving',
      'received',
    ].map((s) => mapTwilioSmsStatus(s));
    expect(mapped).toEqual([
      'queued',
      'queued',
      'sent',
      'sent',
      'delivered',
      'failed',
      'undelivered',
      'delivered',
      'delivered',
    ]);
    expect(mapTwilioSmsStatus('Delivered')).toBe('delivered');
    expect(mapTwilioSmsStatus('partially_delivered')).toBeUndefined();
  });

  it('never move backwards (DESIGN §1), and a final state is never replaced', () => {
    expect(isSmsStatusAdvance('queued', 'sent')).toBe(true);
    expect(isSmsStatusAdvance('sent', 'delivered')).toBe(true);
    expect(isSmsStatusAdvance('queued', 'failed')).toBe(true);
    expect(isSmsStatusAdvance('delivered', 'sent')).toBe(false);
    expect(isSmsStatusAdvance('sent', 'sent')).toBe(false);
    expect(isSmsStatusAdvance('delivered', 'undelivered')).toBe(false);
    expect(isSmsStatusAdvance('failed', 'delivered')).toBe(false);
  });

  it('a new call reports queued, initiated or ringing', () => {
    expect(['queued', 'initiated', 'ringing', 'in-progress', undefined].map(mapTwilioCallStartStatus)).toEqual([
      'queued',
      'initiated',
      'ringing',
      'queued',
      'queued',
    ]);
  });
});

describe('phone numbers', () => {
  it('go out in E.164 and come back as 10 digits', () => {
    expect(toE164('5551234567')).toBe('+15551234567');
    expect(toE164('(555) 123-4567')).toBe('+15551234567');
    expect(toE164('+1 555 123 4567')).toBe('+15551234567');
    expect(() => toE164('123')).toThrow(/10-digit/);
    expect(toNationalNumber('+15551234567')).toBe('5551234567');
    expect(toNationalNumber('5551234567')).toBe('5551234567');
    expect(toNationalNumber('+447700900123')).toBe('447700900123');
  });
});
