import { describe, expect, it } from 'vitest';
import { browserOffsetHours } from './time-offset.ts';

const at = (timezoneOffsetMinutes: number) => ({ getTimezoneOffset: () => timezoneOffsetMinutes }) as Date;

describe('browserOffsetHours (SPEC §7 offsetHours)', () => {
  it('is the offset from UTC in hours, east positive', () => {
    expect(browserOffsetHours(at(300))).toBe(-5); // New York in winter
    expect(browserOffsetHours(at(-330))).toBe(5.5); // Kolkata
    expect(browserOffsetHours(at(0))).toBe(0); // UTC, not -0
  });
});
