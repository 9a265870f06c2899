import { z } from 'zod';
import { listResponseSchema } from '../common/paging.ts';
import { rangeFields, REPORT_MESSAGES, reportFormatSchema, withRangeRules } from './report.ts';

/** Appointment summary: the appointments of a period per office, attorney, law type, marketing source or day. */
export const APPOINTMENT_SUMMARY_GROUPS = ['OFFICE', 'ATTORNEY', 'LAW_TYPE', 'SOURCE', 'DAY'] as const;
export type AppointmentSummaryGroup = (typeof APPOINTMENT_SUMMARY_GROUPS)[number];

const groupBy = z
  .enum(APPOINTMENT_SUMMARY_GROUPS, { error: REPORT_MESSAGES.groupBy(APPOINTMENT_SUMMARY_GROUPS) })
  .default('OFFICE');

/** POST /api/v1/reports/appointmentSummary?offsetHours: appointments whose date-time falls in the period. */
export const appointmentSummaryRequestSchema = z
  .object({ ...rangeFields, groupBy })
  .strict()
  .superRefine(withRangeRules);
export type AppointmentSummaryRequest = z.infer<typeof appointmentSummaryRequestSchema>;
export type AppointmentSummaryRequestInput = z.input<typeof appointmentSummaryRequestSchema>;

/** POST /api/v1/reports/appointmentSummary/export?offsetHours. */
export const appointmentSummaryExportRequestSchema = z
  .object({ ...rangeFields, groupBy, format: reportFormatSchema })
  .strict()
  .superRefine(withRangeRules);
export type AppointmentSummaryExportRequest = z.infer<typeof appointmentSummaryExportRequestSchema>;
export type AppointmentSummaryExportRequestInput = z.input<typeof appointmentSummaryExportRequestSchema>;

/** The counts of a group; each is defined in docs/reports.md, by the stages of row-colour.ts. */
const appointmentCounts = {
  /** Every appointment (not deleted) in the period, whatever its stage. */
  set: z.number().int(),
  /** Stage Showed, or Signed (a client signs at the meeting they came to). */
  showed: z.number().int(),
  noShow: z.number().int(),
  cancelled: z.number().int(),
  /** Moved to another date or time at least once since it was booked. */
  rescheduled: z.number().int(),
  signed: z.number().int(),
  /** Showed ÷ (showed + no show), as a percentage with one decimal; null when neither. */
  showRate: z.number().nullable(),
  /** Signed ÷ showed, as a percentage with one decimal; null when none showed. */
  signRate: z.number().nullable(),
};

export const appointmentSummaryRowSchema = z.object({
  /** Office, attorney or law-type id, source name or yyyy-MM-dd day; 'none' when the appointment has none. */
  key: z.string(),
  label: z.string(),
  ...appointmentCounts,
});
export type AppointmentSummaryRow = z.infer<typeof appointmentSummaryRowSchema>;

export const appointmentSummarySchema = listResponseSchema(appointmentSummaryRowSchema).extend({
  groupBy: z.enum(APPOINTMENT_SUMMARY_GROUPS),
  totals: z.object(appointmentCounts),
});
export type AppointmentSummary = z.infer<typeof appointmentSummarySchema>;

export const APPOINTMENT_SUMMARY_COLUMNS = [
  ['label', 'Group'],
  ['set', 'Set'],
  ['showed', 'Showed'],
  ['noShow', 'No show'],
  ['cancelled', 'Cancelled'],
  ['rescheduled', 'Rescheduled'],
  ['signed', 'Signed'],
  ['showRate', 'Show rate %'],
  ['signRate', 'Sign rate %'],
] as const;

/** A rate as a percentage with one decimal, null without a denominator (the same on screen and in files). */
export function percentage(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}

/** The two rates of a group's counts. */
export function appointmentRates(counts: { showed: number; noShow: number; signed: number }) {
  return {
    showRate: percentage(counts.showed, counts.showed + counts.noShow),
    signRate: percentage(counts.signed, counts.showed),
  };
}
