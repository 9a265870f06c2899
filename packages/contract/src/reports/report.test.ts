import { describe, expect, it } from 'vitest';
import { callSummaryRequestSchema, chatCountSummaryRequestSchema, daysInRange } from './report.ts';

const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
};

describe('report ranges', () => {
  it('counts both days', () => {
    expect(daysInRange('2026-01-01', '2026-01-01')).toBe(1);
    expect(daysInRange('2024-02-28', '2024-03-01')).toBe(3);
  });

  it('needs two real days in order, at most 366 days apart', () => {
    expect(messagesOf(callSummaryRequestSchema.safeParse({}))).toEqual({
      dateFrom: 'Date From is a required field.',
      dateTo: 'Date To is a required field.',
    });
    expect(messagesOf(callSummaryRequestSchema.safeParse({ dateFrom: '2026-02-30', dateTo: '2026-03-01' }))).toEqual({
      dateFrom: 'Date From must be a valid date.',
    });
    expect(messagesOf(callSummaryRequestSchema.safeParse({ dateFrom: '2026-03-02', dateTo: '2026-03-01' }))).toEqual({
      dateTo: 'Date To cannot be before Date From.',
    });
    expect(
      messagesOf(chatCountSummaryRequestSchema.safeParse({ dateFrom: '2024-01-01', dateTo: '2025-12-31' })),
    ).toEqual({ dateTo: 'The date range can be at most 366 days.' });
    expect(chatCountSummaryRequestSchema.parse({ dateFrom: '2026-01-01', dateTo: '2026-01-31' }).groupBy).toBe(
      'OFFICE',
    );
    expect(
      messagesOf(
        chatCountSummaryRequestSchema.safeParse({ dateFrom: '2026-01-01', dateTo: '2026-01-31', groupBy: 'SOURCE' }),
      ),
    ).toEqual({ groupBy: 'Group By must be one of OFFICE, OPERATOR, DAY.' });
  });
});
