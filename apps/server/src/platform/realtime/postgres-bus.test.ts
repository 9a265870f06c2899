import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePayload, encodePayloads, MAX_PAYLOAD_BYTES } from './postgres-bus.ts';

describe('NOTIFY payloads (DESIGN §1: ids only, < 8 kB)', () => {
  it('one payload for a few recipients, read back as sent', () => {
    const message = { text: 'NEW_DIRECT', userIds: [randomUUID(), randomUUID()] };
    const payloads = encodePayloads(message);
    expect(payloads).toHaveLength(1);
    expect(decodePayload(payloads[0]!)).toEqual(message);
  });

  it('splits a huge recipient list into payloads under the limit, losing and repeating no one', () => {
    const userIds = Array.from({ length: 5_000 }, () => randomUUID());
    const payloads = encodePayloads({ text: 'SMS', userIds });
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    const back = payloads.map((p) => decodePayload(p)!);
    expect(back.every((m) => 'text' in m && m.text === 'SMS')).toBe(true);
    expect(back.flatMap((m) => m.userIds)).toEqual(userIds);
  });

  it('holds for any recipient list and limit', () => {
    fc.assert(
      fc.property(fc.array(fc.uuid(), { maxLength: 300 }), fc.integer({ min: 60, max: 2_000 }), (userIds, max) => {
        const payloads = encodePayloads({ text: 'CALL', userIds }, max);
        for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(max);
        expect(payloads.flatMap((p) => decodePayload(p)!.userIds)).toEqual(userIds);
      }),
    );
  });

  it("a close of a user's sockets, with or without a sign-in, is read back as sent", () => {
    const userIds = [randomUUID()];
    for (const message of [
      { close: 'accountDisabled' as const, userIds },
      { close: 'signedOut' as const, grantId: 'grant-1', userIds },
    ]) {
      const payloads = encodePayloads(message);
      expect(payloads).toHaveLength(1);
      expect(decodePayload(payloads[0]!)).toEqual(message);
    }
  });

  it('an access change is read back as sent', () => {
    const message = { subscribable: ['DIRECT' as const, 'SMS' as const], userIds: [randomUUID()] };
    const payloads = encodePayloads(message);
    expect(payloads).toHaveLength(1);
    expect(decodePayload(payloads[0]!)).toEqual(message);
  });

  it('nothing to send for no recipients', () => {
    expect(encodePayloads({ text: 'SMS', userIds: [] })).toEqual([]);
  });

  it('ignores payloads of any other shape', () => {
    for (const payload of [
      '',
      'not json',
      '{}',
      '{"t":"SMS","u":[]}',
      '{"t":"","u":["a"]}',
      '[1]',
      '{"c":"everyone","u":["a"]}',
      '{"c":"signedOut","u":[]}',
    ]) {
      expect(decodePayload(payload)).toBeUndefined();
    }
  });
});
