import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CALL_COLUMNS, callListRequestSchema, isOngoingCall, ONGOING_CALL_WINDOW_MS } from './call.ts';
import { callStatusAdvances, callStatusesBefore, CALL_STATUSES, parseCallStatus } from './call-status.ts';

const now = Date.parse('2026-03-10T15:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const inbound = (startedMsAgo: number, talkSeconds: number | null = null) => ({
  direction: 'INBOUND' as const,
  talkSeconds,
  time: ago(startedMsAgo),
});

describe('isOngoingCall (SPEC §4: inbound, no duration, not older than 1 hour)', () => {
  it('an inbound call without a duration started minutes ago is ongoing', () => {
    expect(isOngoingCall(inbound(5 * 60_000), now)).toBe(true);
  });

  it('the 1 hour edge: exactly one hour old still is, a millisecond more is not', () => {
    expect(ONGOING_CALL_WINDOW_MS).toBe(3_600_000);
    expect(isOngoingCall(inbound(ONGOING_CALL_WINDOW_MS), now)).toBe(true);
    expect(isOngoingCall(inbound(ONGOING_CALL_WINDOW_MS + 1), now)).toBe(false);
  });

  it('a call with a duration (even 0), or an outbound call, is never ongoing', () => {
    expect(isOngoingCall(inbound(60_000, 0), now)).toBe(false);
    expect(isOngoingCall(inbound(60_000, 42), now)).toBe(false);
    expect(isOngoingCall({ direction: 'OUTBOUND', talkSeconds: null, time: ago(60_000) }, now)).toBe(false);
  });

  it('a start slightly in the future (clock skew) counts as ongoing; a bad time does not', () => {
    expect(isOngoingCall(inbound(-30_000), now)).toBe(true);
    expect(isOngoingCall({ direction: 'INBOUND', talkSeconds: null, time: 'yesterday' }, now)).toBe(false);
  });

  it('property: ongoing exactly when inbound, without duration, and at most an hour old', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('INBOUND' as const, 'OUTBOUND' as const),
        fc.option(fc.nat(5000), { nil: null }),
        fc.integer({ min: 0, max: 3 * ONGOING_CALL_WINDOW_MS }),
        (direction, talkSeconds, age) => {
          const expected = direction === 'INBOUND' && talkSeconds === null && age <= ONGOING_CALL_WINDOW_MS;
          expect(isOngoingCall({ direction, talkSeconds, time: ago(age) }, now)).toBe(expected);
        },
      ),
    );
  });
});

describe('calls list request', () => {
  it('has exactly the SPEC §2 headers, in order', () => {
    expect(CALL_COLUMNS.map((c) => c.header)).toEqual([
      'title',
      'caller id',
      'call resolution',
      'op name',
      'talk seconds',
      'number dialed',
      'point to',
      'time',
      'law type',
      'duplicate',
    ]);
  });

  it('sorts only by a column, with the spec-style message', () => {
    expect(callListRequestSchema.parse({ sortBy: 'talkSeconds', sortOrder: 'DESC' }).pageSize).toBe(100);
    const bad = callListRequestSchema.safeParse({ sortBy: 'password' });
    expect(bad.error?.issues[0]?.message).toBe('Sort By must be a calls column.');
  });
});

describe('call status only moves forward (DESIGN §1)', () => {
  it('ranks the states and never leaves a final one', () => {
    expect(callStatusAdvances('queued', 'ringing')).toBe(true);
    expect(callStatusAdvances('ringing', 'completed')).toBe(true);
    expect(callStatusAdvances('completed', 'ringing')).toBe(false);
    expect(callStatusAdvances('completed', 'failed')).toBe(false);
    expect(callStatusAdvances('in-progress', 'in-progress')).toBe(false);
    expect(callStatusesBefore('in-progress')).toEqual(['queued', 'initiated', 'ringing']);
    expect(callStatusesBefore('queued')).toEqual([]);
  });

  it('reads the provider text, ignoring case and unknown states', () => {
    expect(parseCallStatus('In-Progress')).toBe('in-progress');
    expect(parseCallStatus('answered')).toBeUndefined();
    expect(parseCallStatus(undefined)).toBeUndefined();
    expect(CALL_STATUSES).toContain('no-answer');
  });
});
