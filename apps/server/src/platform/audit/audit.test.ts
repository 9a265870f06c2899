import { describe, expect, it } from 'vitest';
import { redact } from './audit.ts';

describe('redact', () => {
  it('keeps instants as ISO strings and hides secrets, at any depth', () => {
    const at = new Date('2026-03-02T18:00:00Z');
    expect(redact({ appointmentDateTime: at, nested: [{ token: 'x', at }], none: null })).toEqual({
      appointmentDateTime: '2026-03-02T18:00:00.000Z',
      nested: [{ token: '[redacted]', at: '2026-03-02T18:00:00.000Z' }],
      none: null,
    });
  });
});
