import { describe, expect, it } from 'vitest';
import { effectiveStart, trackingLineCreateSchema, trackingLineTypeFromSegment } from './tracking-line.ts';

describe('tracking line rules', () => {
  it('starts a re-map at the chosen instant, never before now', () => {
    const now = new Date('2026-10-15T12:00:00Z');
    expect(effectiveStart(undefined, now)).toEqual(now);
    expect(effectiveStart(new Date('2026-10-01T00:00:00Z'), now)).toEqual(now);
    expect(effectiveStart(new Date('2026-11-01T00:00:00Z'), now)).toEqual(new Date('2026-11-01T00:00:00Z'));
  });

  it('reads the type from the path segment in any case', () => {
    expect(trackingLineTypeFromSegment('tv')).toBe('TV');
    expect(trackingLineTypeFromSegment('Radio')).toBe('RADIO');
    expect(trackingLineTypeFromSegment('fax')).toBeUndefined();
  });

  it('stores the DNIS as its 10 digits and says what is wrong', () => {
    const base = {
      source: 'TV',
      type: 'TV',
      pointToOfficeId: '7d5f3a0e-1c2b-4d5e-8f90-123456789abc',
      officeId: '7d5f3a0e-1c2b-4d5e-8f90-123456789abc',
    };
    expect(trackingLineCreateSchema.parse({ ...base, dnis: '(888) 555-0101' }).dnis).toBe('8885550101');
    const bad = trackingLineCreateSchema.safeParse({ ...base, dnis: '555-0101', source: ' ' });
    expect(bad.error?.issues.map((i) => i.message)).toEqual(['DNIS must be 10 digits.', 'Source is a required field.']);
  });
});
