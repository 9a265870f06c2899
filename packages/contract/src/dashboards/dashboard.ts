import { z } from 'zod';
import { timeZoneSchema } from '../common/time-zone.ts';
import { pageNumberSchema, pageSizeSchema } from '../common/paging.ts';
import { DASHBOARD_KINDS, type DashboardKind } from './dashboard-kinds.ts';

/**
 * The three landing dashboards (SPEC §2 /dashboard/…, §6 DASHBOARD_CALL_CENTER, DASHBOARD_OFFICE,
 * DASHBOARD_CORPORATE, §7 dashboard). One shape serves all three: figures, series of points and, on the office
 * dashboard, today's appointments as a timeline. Every figure and every point carries the drill that selects the
 * rows behind it; the server counts the figure and lists the drill-down from one definition of those rows, so a
 * figure always equals its rows and its export (docs/dashboards.md).
 */

/** The permission that opens each dashboard, READ; its OFFICE condition is the dashboard's office scope. */
export const DASHBOARD_PERMISSION = {
  CALL_CENTER: 'DASHBOARD_CALL_CENTER',
  OFFICE: 'DASHBOARD_OFFICE',
  CORPORATE: 'DASHBOARD_CORPORATE',
} as const satisfies Record<DashboardKind, string>;

/**
 * The figures each dashboard shows. A figure is a count of rows, a sum of their cents, or a rate or average
 * computed from its rows (the drill-down of a rate lists its denominator's rows with the column that decides it).
 */
export const CALL_CENTER_FIGURES = [
  'inboundCalls',
  'outboundCalls',
  'ongoingCalls',
  'missedCalls',
  'answerRate',
  'averageTalkSeconds',
  'leadsCreated',
  'appointmentsSet',
  'textsIn',
  'textsOut',
  'unansweredTexts',
] as const;

export const OFFICE_FIGURES = [
  'appointmentsToday',
  'showedThisWeek',
  'noShowThisWeek',
  'signedThisWeek',
  'bookedComingDays',
  'cashToday',
  'cashThisMonth',
  'unreconciledDays',
  'collectionFollowUpsDue',
] as const;

export const CORPORATE_FIGURES = [
  'leads',
  'appointments',
  'showed',
  'signed',
  'cashReceived',
  'collectionsOutstanding',
  'collectionsCollected',
] as const;

export const FIGURE_KEYS = [...CALL_CENTER_FIGURES, ...OFFICE_FIGURES, ...CORPORATE_FIGURES] as const;
export type FigureKey = (typeof FIGURE_KEYS)[number];

/**
 * The series each dashboard shows: a leaderboard, a breakdown or a trend. Each point is one figure of the
 * series' `figure` narrowed by its drill (an operator, an office, a source, a day or a month).
 */
export const SERIES_KEYS = [
  /** call centre: calls in and out per hour of today */
  'callsByHour',
  /** call centre: appointments set today by operator, most first */
  'appointmentsByOperator',
  /** office: appointments booked for each of the coming days */
  'bookedByDay',
  /** corporate: the funnel this month by office */
  'funnelByOffice',
  /** corporate: cash received this month by office */
  'cashByOffice',
  /** corporate: cost per signed case by marketing source this month */
  'costPerSignedBySource',
  /** corporate: twelve months of leads, appointments, signed cases and cash */
  'leadsByMonth',
  'appointmentsByMonth',
  'signedByMonth',
  'cashByMonth',
] as const;
export type SeriesKey = (typeof SERIES_KEYS)[number];

export const FIGURE_UNITS = ['count', 'cents', 'seconds', 'percent'] as const;
export type FigureUnit = (typeof FIGURE_UNITS)[number];

export const DASHBOARD_MESSAGES = {
  dashboard: 'Dashboard must be one of CALL_CENTER, OFFICE, CORPORATE.',
  figure: 'Figure must be a figure of the dashboard.',
  officeId: 'Office Id must be a valid id.',
  userId: 'User Id must be a valid id.',
  day: 'Day must be a valid date.',
  month: 'Month must be a valid month.',
  source: 'Source must be 100 characters or less.',
  format: 'Format must be one of csv, xlsx, pdf.',
  officeNotFound: 'Office not found',
} as const;

const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, DASHBOARD_MESSAGES.day);
const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, DASHBOARD_MESSAGES.month);

/**
 * What selects a figure's rows: the figure and what narrows it. The server reads the period (today, this week,
 * this month, the coming days, twelve months) from the figure and the caller's zone, so a drill sent back later
 * in the same day opens the same rows.
 */
export const drillSchema = z
  .object({
    dashboard: z.enum(DASHBOARD_KINDS, { error: DASHBOARD_MESSAGES.dashboard }),
    figure: z.enum(FIGURE_KEYS, { error: DASHBOARD_MESSAGES.figure }),
    officeId: z.uuid({ error: DASHBOARD_MESSAGES.officeId }).optional(),
    userId: z.uuid({ error: DASHBOARD_MESSAGES.userId }).optional(),
    source: z.string().max(100, DASHBOARD_MESSAGES.source).optional(),
    day: daySchema.optional(),
    hour: z.number().int().min(0).max(23).optional(),
    month: monthSchema.optional(),
  })
  .strict();
export type Drill = z.infer<typeof drillSchema>;

export const figureSchema = z.object({
  key: z.enum(FIGURE_KEYS),
  label: z.string(),
  unit: z.enum(FIGURE_UNITS),
  /** count, cents, seconds (an average) or percent (0–100, one decimal); null when there is nothing to rate. */
  value: z.number().nullable(),
  drill: drillSchema,
});
export type Figure = z.infer<typeof figureSchema>;

export const seriesPointSchema = z.object({
  /** What the point is: an hour ('09'), a day, a month, an operator's, office's or source's name. */
  label: z.string(),
  value: z.number().nullable(),
  drill: drillSchema,
});
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

export const seriesSchema = z.object({
  key: z.enum(SERIES_KEYS),
  label: z.string(),
  unit: z.enum(FIGURE_UNITS),
  /** Several series with the same `group` are drawn on one chart (the funnel, calls in and out). */
  group: z.string(),
  points: z.array(seriesPointSchema),
});
export type Series = z.infer<typeof seriesSchema>;

/** SPEC §4 colours of an appointment row, as the appointment lists draw them. */
export const timelineItemSchema = z.object({
  appointmentId: z.uuid(),
  officeId: z.uuid(),
  officeName: z.string(),
  /** ISO instant; the screen shows it in the office's zone. */
  appointmentDateTime: z.string(),
  appointmentLength: z.number().int(),
  clientName: z.string(),
  attorneyName: z.string().nullable(),
  stage: z.string(),
  apptStatus: z.string(),
  colour: z.enum(['green', 'red', 'blue', 'pink']).nullable(),
});
export type TimelineItem = z.infer<typeof timelineItemSchema>;

/** The days a dashboard counted on, so the screen and an export can say them. */
export const dashboardPeriodSchema = z.object({
  /** The caller's (call centre, corporate) or the office's (office) zone name, or 'UTC-05:00' for offsetHours. */
  timeZone: z.string(),
  today: z.string(),
  weekFrom: z.string(),
  weekTo: z.string(),
  monthFrom: z.string(),
  monthTo: z.string(),
});

export const dashboardSchema = z.object({
  kind: z.enum(DASHBOARD_KINDS),
  period: dashboardPeriodSchema,
  /** The offices the figures cover (the caller's scope, or the one asked for). */
  offices: z.array(z.object({ id: z.uuid(), name: z.string(), timeZone: z.string() })),
  figures: z.array(figureSchema),
  series: z.array(seriesSchema),
  /** Office dashboard only: today's appointments in time order. */
  timeline: z.array(timelineItemSchema),
  generatedAt: z.string(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/**
 * POST /api/v1/dashboard/{callCenter,office,corporate} (query offsetHours, SPEC §7). `timeZone` is the
 * browser's zone by name; offsetHours is used only when no name is sent. Office widgets count in each office's
 * own zone. `officeId` narrows the figures to one office of the caller's scope.
 */
export const dashboardRequestSchema = z
  .object({
    timeZone: timeZoneSchema.optional(),
    officeId: z.uuid({ error: DASHBOARD_MESSAGES.officeId }).optional(),
  })
  .strict();
export type DashboardRequest = z.infer<typeof dashboardRequestSchema>;

/** POST /api/v1/dashboard/rows (query offsetHours): the rows behind one figure or point, a page at a time. */
export const drillRowsRequestSchema = z
  .object({
    drill: drillSchema,
    timeZone: timeZoneSchema.optional(),
    pageNumber: pageNumberSchema,
    pageSize: pageSizeSchema.default(100),
  })
  .strict();
export type DrillRowsRequest = z.infer<typeof drillRowsRequestSchema>;

export const DRILL_EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
/** POST /api/v1/dashboard/rows/export (query offsetHours): every row behind a figure, as a file. */
export const drillExportRequestSchema = z
  .object({
    drill: drillSchema,
    timeZone: timeZoneSchema.optional(),
    format: z.enum(DRILL_EXPORT_FORMATS, { error: DASHBOARD_MESSAGES.format }),
  })
  .strict();
export type DrillExportRequest = z.infer<typeof drillExportRequestSchema>;

export const drillCellSchema = z.union([z.string(), z.number(), z.null()]);
export const drillRowsSchema = z.object({
  /** What the rows are ("Inbound calls today, Main Office"), for the drawer's title and the export's heading. */
  title: z.string(),
  columns: z.array(
    z.object({
      id: z.string(),
      header: z.string(),
      unit: z.enum(['text', 'count', 'cents', 'seconds', 'instant', 'day']),
    }),
  ),
  rows: z.array(z.record(z.string(), drillCellSchema)),
  totalCount: z.number().int(),
  /** The sum of the cents column over every row (not only this page), for money figures; else null. */
  totalCents: z.number().int().nullable(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
});
export type DrillRows = z.infer<typeof drillRowsSchema>;

/** GET /api/v1/dashboard/mine: which dashboards the caller may open, and the one they land on. */
export const myDashboardsSchema = z.object({
  available: z.array(z.enum(DASHBOARD_KINDS)),
  landing: z.enum(DASHBOARD_KINDS).nullable(),
});
export type MyDashboards = z.infer<typeof myDashboardsSchema>;
