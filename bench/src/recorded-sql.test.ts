import { describe, expect, it } from 'vitest';
import { withKeyReplaced } from './recorded-sql.ts';

describe('withKeyReplaced', () => {
  const recorded = '6f1c1d2e-0000-4000-8000-000000000001';
  const fresh = '9a8b7c6d-0000-4000-8000-000000000002';
  const statements = [
    { text: 'select context where to_number = $1', params: ['+15550001111'] },
    {
      text: 'with m as (insert …) insert into audit_events …',
      params: [recorded, 'OUTBOUND', 42, null, JSON.stringify({ id: recorded, status: 'queued' }), true],
    },
  ];

  it('replaces the key as a value and inside a value, and nothing else', () => {
    const renewed = withKeyReplaced(statements, recorded, fresh);
    expect(renewed[0]).toEqual(statements[0]);
    expect(renewed[1]!.text).toBe(statements[1]!.text);
    expect(renewed[1]!.params).toEqual([
      fresh,
      'OUTBOUND',
      42,
      null,
      JSON.stringify({ id: fresh, status: 'queued' }),
      true,
    ]);
  });

  it('leaves the recorded statements as they were, for the next replay', () => {
    withKeyReplaced(statements, recorded, fresh);
    expect(statements[1]!.params[0]).toBe(recorded);
  });
});
