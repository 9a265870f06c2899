import { describe, expect, it } from 'vitest';
import {
  clickToCallRequestSchema,
  incomingCallRequestSchema,
  isOfferableCallerId,
  smartDialQuerySchema,
} from './click-to-call.ts';

const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
};

describe('click-to-call request (SPEC §5)', () => {
  it('phone number and outgoing number are required, with the spec message', () => {
    expect(messagesOf(clickToCallRequestSchema.safeParse({}))).toEqual({
      participantNumber: 'Phone number is required',
      outboundCallerId: 'Outgoing number is required',
    });
    expect(messagesOf(clickToCallRequestSchema.safeParse({ participantNumber: '', outboundCallerId: null }))).toEqual({
      participantNumber: 'Phone number is required',
      outboundCallerId: 'Outgoing number is required',
    });
  });

  it('takes the masked form and stores 10 digits', () => {
    const parsed = clickToCallRequestSchema.parse({
      participantNumber: '(213) 555-0142',
      outboundCallerId: '8885550310',
    });
    expect(parsed).toMatchObject({ participantNumber: '2135550142', outboundCallerId: '8885550310' });
    expect(
      messagesOf(clickToCallRequestSchema.safeParse({ participantNumber: '555-01', outboundCallerId: '1' })),
    ).toEqual({
      participantNumber: 'Phone number must be a valid phone number.',
      outboundCallerId: 'Outgoing number must be a valid phone number.',
    });
  });

  it('ids are uuids when given', () => {
    const bad = clickToCallRequestSchema.safeParse({
      participantNumber: '2135550142',
      outboundCallerId: '8885550310',
      clientId: 'abc',
    });
    expect(messagesOf(bad)).toEqual({ clientId: 'Client Id must be a valid id.' });
  });

  it('only exactly 10-digit caller ids can be offered', () => {
    expect(isOfferableCallerId('8885550310')).toBe(true);
    expect(isOfferableCallerId('18885550310')).toBe(false);
    expect(isOfferableCallerId('888555031')).toBe(false);
    expect(isOfferableCallerId('(888) 555-0310')).toBe(false);
    expect(isOfferableCallerId(null)).toBe(false);
  });
});

describe('smart dial and incoming call', () => {
  it('smart dial needs a client or an inquiry', () => {
    expect(messagesOf(smartDialQuerySchema.safeParse({}))).toEqual({
      clientId: 'Client Id or Inquiry Id is required.',
    });
  });

  it('incoming calls need both numbers and refuse a start in the future', () => {
    expect(messagesOf(incomingCallRequestSchema.safeParse({}))).toEqual({
      callerId: 'Caller Id is required',
      numberDialed: 'Number Dialed is required',
    });
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const result = incomingCallRequestSchema.safeParse({
      callerId: '2135550142',
      numberDialed: '8885550301',
      startTime: future,
    });
    expect(messagesOf(result)).toEqual({ startTime: 'Start Time cannot be future date.' });
  });
});
