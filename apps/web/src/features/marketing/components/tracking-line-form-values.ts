import { z } from 'zod';
import {
  trackingLineCreateSchema,
  trackingLineRemapSchema,
  type TrackingLineCreate,
  type TrackingLineRemap,
  type TrackingLineRow,
  type TrackingLineType,
} from '@casedesk/contract/marketing/tracking-line';

/** The form's day (yyyy-MM-dd, the browser's) instead of the instant the server takes. */
const effectiveDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Effective From must be a valid date.');

export const createFormSchema = trackingLineCreateSchema.omit({ effectiveFrom: true }).extend({ effectiveDate });
export const remapFormSchema = trackingLineRemapSchema.omit({ effectiveFrom: true }).extend({ effectiveDate });
export type TrackingLineFormInput = z.input<typeof createFormSchema>;
export type TrackingLineFormValues = z.output<typeof createFormSchema>;

/** The start of a local day as an instant: a mapping starts when that day starts where the user is. */
export function startOfLocalDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date!).toISOString();
}

export function localDay(at: Date | string): string {
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function emptyFormValues(type: TrackingLineType, today: Date, dnis = ''): TrackingLineFormInput {
  return { dnis, source: '', campaign: '', type, pointToOfficeId: '', officeId: '', effectiveDate: localDay(today) };
}

/** A re-map starts from the line's current values; its date defaults to today (the server never goes back). */
export function remapFormValues(line: TrackingLineRow, today: Date): TrackingLineFormInput {
  return {
    dnis: line.dnis,
    source: line.source,
    campaign: line.campaign,
    type: line.type,
    pointToOfficeId: line.pointToOfficeId,
    officeId: line.officeId,
    effectiveDate: localDay(today),
  };
}

export function toCreateBody({ effectiveDate: day, ...values }: TrackingLineFormValues): TrackingLineCreate {
  return { ...values, effectiveFrom: startOfLocalDay(day) };
}

export function toRemapBody({ effectiveDate: day, dnis: _dnis, ...values }: TrackingLineFormValues): TrackingLineRemap {
  return { ...values, effectiveFrom: startOfLocalDay(day) };
}
