import { describe, expect, it } from 'vitest';
import { appointmentRates, appointmentSummaryRequestSchema, percentage } from './appointment-summary.ts';
import { callSummaryRequestSchema, chatCountSummaryRequestSchema, daysInRange, REPORT_PERMISSIONS } from './report.ts';
import { reviewExportRequestSchema } from './review-report.ts';

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

describe('report time zones and rates', () => {
  it('takes an IANA zone by name and refuses anything else', () => {
    const range = { dateFrom: '2026-01-01', dateTo: '2026-01-31' };
    expect(callSummaryRequestSchema.parse({ ...range, timeZone: 'America/Chicago' }).timeZone).toBe('America/Chicago');
    expect(messagesOf(appointmentSummaryRequestSchema.safeParse({ ...range, timeZone: 'EST+5' }))).toEqual({
      timeZone: 'Time Zone must be a valid time zone.',
    });
    expect(messagesOf(reviewExportRequestSchema.safeParse({ ...range, format: 'doc' }))).toEqual({
      format: 'Format must be one of csv, xlsx, pdf.',
    });
    expect(messagesOf(reviewExportRequestSchema.safeParse({ ...range, groupBy: 'SOURCE' }))).toEqual({
      groupBy: 'Group By must be one of OPERATOR, OFFICE, DAY.',
    });
  });

  it('gives rates as percentages with one decimal, null without a denominator', () => {
    expect(appointmentRates({ showed: 2, noShow: 1, signed: 1 })).toEqual({ showRate: 66.7, signRate: 50 });
    expect(appointmentRates({ showed: 0, noShow: 0, signed: 0 })).toEqual({ showRate: null, signRate: null });
    expect(percentage(1, 8)).toBe(12.5);
  });

  it('opens the chat count to COMMUNICATION_REPORTING only, the others to either reporting type', () => {
    expect(REPORT_PERMISSIONS.chatCountSummary).toEqual(['COMMUNICATION_REPORTING']);
    for (const report of ['callSummary', 'appointmentSummary', 'review'] as const) {
      expect([...REPORT_PERMISSIONS[report]].sort()).toEqual(['CALL_CENTER_REPORTING', 'COMMUNICATION_REPORTING']);
    }
  });
});
