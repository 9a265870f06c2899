import { z } from 'zod';
import { instantSchema } from '../common/dates.ts';
import { listRequestSchema, listResponseSchema } from '../common/paging.ts';

/** SPEC §2 /marketing/tracking-lines/{trackingLineType}: the kinds of advertising a number is bought for. */
export const TRACKING_LINE_TYPES = ['TV', 'RADIO', 'BILLBOARD', 'DIGITAL', 'REFERRAL', 'PRINT', 'OTHER'] as const;
export type TrackingLineType = (typeof TRACKING_LINE_TYPES)[number];

export const TRACKING_LINE_TYPE_LABELS: Record<TrackingLineType, string> = {
  TV: 'TV',
  RADIO: 'Radio',
  BILLBOARD: 'Billboard',
  DIGITAL: 'Digital',
  REFERRAL: 'Referral',
  PRINT: 'Print',
  OTHER: 'Other',
};

/** The path segment is lower case (/marketing/tracking-lines/tv); undefined for an unknown type. */
export function trackingLineTypeFromSegment(segment: string | undefined): TrackingLineType | undefined {
  const upper = (segment ?? '').toUpperCase();
  return (TRACKING_LINE_TYPES as readonly string[]).includes(upper) ? (upper as TrackingLineType) : undefined;
}

export const TRACKING_LINE_MESSAGES = {
  dnis: 'DNIS must be 10 digits.',
  source: 'Source is a required field.',
  sourceLength: 'Source must be 100 characters or less.',
  campaignLength: 'Campaign must be 100 characters or less.',
  type: `Type must be one of ${TRACKING_LINE_TYPES.join(', ')}.`,
  pointTo: 'Point To is a required field.',
  office: 'Office is a required field.',
  duplicate: 'An active tracking line already has this number.',
  inactive: 'This tracking line is inactive; add a new line for the number instead.',
  officeOutOfScope: 'You cannot manage tracking lines of this office.',
  afterScheduled: 'Effective From must be after the start of the line’s latest mapping.',
} as const;

/** SPEC §5: phone numbers are stored without punctuation; a DNIS is the 10 digits of a US number. */
export const dnisSchema = z
  .string({ error: TRACKING_LINE_MESSAGES.dnis })
  .transform((value) => value.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(/^[0-9]{10}$/, TRACKING_LINE_MESSAGES.dnis));

/** What a number means from a date on: the fields a re-map changes. */
const mappingFields = {
  source: z
    .string({ error: TRACKING_LINE_MESSAGES.source })
    .trim()
    .min(1, TRACKING_LINE_MESSAGES.source)
    .max(100, TRACKING_LINE_MESSAGES.sourceLength),
  campaign: z.string().trim().max(100, TRACKING_LINE_MESSAGES.campaignLength).default(''),
  type: z.enum(TRACKING_LINE_TYPES, { error: TRACKING_LINE_MESSAGES.type }),
  pointToOfficeId: z.uuid({ error: TRACKING_LINE_MESSAGES.pointTo }),
  officeId: z.uuid({ error: TRACKING_LINE_MESSAGES.office }),
  /**
   * The instant the mapping starts (the web sends the start of the chosen day in the browser's zone).
   * Omitted: now. A re-map never starts before now (see effectiveStart).
   */
  effectiveFrom: instantSchema('Effective From').optional(),
};

/** POST /api/v1/dnis: a new line; from an unresolved number, effectiveFrom may be in the past. */
export const trackingLineCreateSchema = z.object({ dnis: dnisSchema, ...mappingFields }).strict();
export type TrackingLineCreate = z.infer<typeof trackingLineCreateSchema>;
export type TrackingLineCreateInput = z.input<typeof trackingLineCreateSchema>;

/** PUT /api/v1/dnis/:id: re-map (edit) the line from effectiveFrom on; the number itself never changes. */
export const trackingLineRemapSchema = z.object(mappingFields).strict();
export type TrackingLineRemap = z.infer<typeof trackingLineRemapSchema>;
export type TrackingLineRemapInput = z.input<typeof trackingLineRemapSchema>;

export const trackingLineIdParamsSchema = z.object({ id: z.uuid({ error: 'Id must be a valid id.' }) }).strict();

export const trackingLineMappingSchema = z.object({
  id: z.uuid(),
  source: z.string(),
  campaign: z.string(),
  type: z.enum(TRACKING_LINE_TYPES),
  pointToOfficeId: z.uuid(),
  pointTo: z.string(),
  officeId: z.uuid(),
  officeName: z.string(),
  effectiveFrom: z.string(),
  /** Exclusive; null while the mapping is open. */
  effectiveTo: z.string().nullable(),
});
export type TrackingLineMapping = z.infer<typeof trackingLineMappingSchema>;

/** A line with its latest mapping (a scheduled re-map shows with its future start). */
export const trackingLineRowSchema = trackingLineMappingSchema.omit({ id: true }).extend({
  id: z.uuid(),
  mappingId: z.uuid(),
  dnis: z.string(),
  active: z.boolean(),
});
export type TrackingLineRow = z.infer<typeof trackingLineRowSchema>;

export const trackingLineDetailSchema = trackingLineRowSchema.extend({ mappings: z.array(trackingLineMappingSchema) });
export type TrackingLineDetail = z.infer<typeof trackingLineDetailSchema>;

export const TRACKING_LINE_COLUMNS = [
  'dnis',
  'source',
  'campaign',
  'type',
  'pointTo',
  'office',
  'effectiveFrom',
] as const;
export type TrackingLineColumnId = (typeof TRACKING_LINE_COLUMNS)[number];

/** POST /api/v1/dnis/all. */
export const trackingLineListRequestSchema = listRequestSchema(
  z
    .object({
      type: z.enum(TRACKING_LINE_TYPES, { error: TRACKING_LINE_MESSAGES.type }).optional(),
      searchKeyword: z.string().max(100).optional(),
      /** Inactive lines are listed only when asked for. */
      includeInactive: z.boolean().optional(),
    })
    .strict(),
);
export type TrackingLineListRequest = z.infer<typeof trackingLineListRequestSchema>;
export type TrackingLineListRequestInput = z.input<typeof trackingLineListRequestSchema>;
export const trackingLineListSchema = listResponseSchema(trackingLineRowSchema);
export type TrackingLineList = z.infer<typeof trackingLineListSchema>;

/** GET /api/v1/dnis/typeCounts: active lines per type, every type listed (zero included). */
export const trackingLineTypeCountsSchema = z.array(
  z.object({ type: z.enum(TRACKING_LINE_TYPES), count: z.number().int() }),
);
export type TrackingLineTypeCounts = z.infer<typeof trackingLineTypeCountsSchema>;

/** POST /api/v1/dnis/unresolved: numbers called that no tracking line mapped at the time of the call. */
export const unresolvedDnisRowSchema = z.object({
  dnis: z.string(),
  calls: z.number().int(),
  firstCallTime: z.string(),
  lastCallTime: z.string(),
});
export type UnresolvedDnisRow = z.infer<typeof unresolvedDnisRowSchema>;
export const unresolvedDnisRequestSchema = listRequestSchema(z.object({}).strict());
export type UnresolvedDnisRequest = z.infer<typeof unresolvedDnisRequestSchema>;
export const unresolvedDnisListSchema = listResponseSchema(unresolvedDnisRowSchema);
export type UnresolvedDnisList = z.infer<typeof unresolvedDnisListSchema>;

/**
 * When a re-map starts: the chosen instant, but never before now, so the calls already taken keep the
 * source they were taken under (a mapping is never rewritten for the past).
 */
export function effectiveStart(requested: Date | undefined, now: Date): Date {
  if (!requested || requested.getTime() < now.getTime()) return now;
  return requested;
}
