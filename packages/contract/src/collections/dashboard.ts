import { z } from 'zod';
import type { Permission } from '../access/permission-schemas.ts';
import { hasAccess } from '../access/permissions.ts';
import { wallTimeOf } from '../appointments/zoned-time.ts';
import { TIME_ZONE_MESSAGE, timeZoneSchema } from '../common/time-zone.ts';
import type { Role } from '../users/user.ts';
import type { CollectionAccountFilter } from './account.ts';
import { COLLECTION_STATUSES, collectionAccountFilterSchema } from './account.ts';
import { AGING_BUCKETS, plusDays } from './dashboard-filters.ts';

/**
 * The collections dashboard (SPEC §2 /collections/dashboard-collection, §6, §7 collectionDashboard). Every
 * figure carries the account-list filter that selects the accounts behind it, so a click opens exactly those
 * accounts and their total is the figure (docs/collections-dashboard.md).
 */

/**
 * Which dashboard a user gets. SPEC §6: the COLLECTIONS_DASHBOARD role condition equal to ADMIN gives the
 * collection summary (widget), equal to MANAGER the collection by office; everyone who works accounts
 * (ALL_ACCOUNTS READ) sees their own figures (byCollector).
 */
export const DASHBOARD_VIEWS = ['SUMMARY', 'BY_OFFICE', 'BY_COLLECTOR', 'NONE'] as const;
export type DashboardView = (typeof DASHBOARD_VIEWS)[number];

/**
 * The view of a user whose permissions have had their role conditions applied (applyRoleConditions: a level
 * whose role condition fails is gone). A role condition holds for the user's own role, so a dashboard level
 * still held by an ADMIN was granted for ADMIN: the summary. Anyone else still holding it (MANAGER in the
 * seeded grants) gets the office view, the narrower one, limited to their offices.
 */
export function collectionDashboardView(
  permissions: readonly Permission[],
  role: Role | null | undefined,
): DashboardView {
  if (hasAccess(permissions, 'COLLECTIONS_DASHBOARD', 'READ')) return role === 'ADMIN' ? 'SUMMARY' : 'BY_OFFICE';
  if (hasAccess(permissions, 'ALL_ACCOUNTS', 'READ')) return 'BY_COLLECTOR';
  return 'NONE';
}

/** The summary and office views see every collector of their accounts; a collector sees their own row. */
export function seesEveryCollector(view: DashboardView): boolean {
  return view === 'SUMMARY' || view === 'BY_OFFICE';
}

/** GET /api/v1/collectionDashboard/mine: what the dashboard screen shows the caller. */
export const dashboardAccessSchema = z.object({
  view: z.enum(DASHBOARD_VIEWS),
  /** byCollector lists every collector of the caller's accounts (else only the caller's own row). */
  everyCollector: z.boolean(),
  /** The caller may open collection reporting (COLLECTION_REPORTING READ). */
  reporting: z.boolean(),
});
export type DashboardAccess = z.infer<typeof dashboardAccessSchema>;

export const DASHBOARD_MESSAGES = {
  timeZone: TIME_ZONE_MESSAGE,
  summaryNeedsAdmin: 'The collection summary is for users whose collections dashboard is granted to the ADMIN role.',
  officeNotFound: 'Office not found',
} as const;

export { timeZoneSchema } from '../common/time-zone.ts';

/**
 * The caller's zone: days and months are the caller's (DESIGN §3). A named IANA zone is used when sent
 * (`timeZone` in the body); otherwise SPEC §7's `offsetHours` (query), fixed for the whole period.
 */
export interface CallerZone {
  timeZone?: string;
  offsetHours: number;
}

/** The caller's day at an instant. */
export function callerDay(zone: CallerZone, now: Date = new Date()): string {
  if (zone.timeZone) return wallTimeOf(now, zone.timeZone).date;
  return new Date(now.getTime() + zone.offsetHours * 3_600_000).toISOString().slice(0, 10);
}

/** yyyy-MM-dd HH:mm:ss of an instant in the caller's zone, as exports print an instant. */
export function callerLocalTime(zone: CallerZone, at: Date): string {
  if (!zone.timeZone) {
    return new Date(at.getTime() + zone.offsetHours * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
  }
  const { date, minutes } = wallTimeOf(at, zone.timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date} ${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:${pad(at.getUTCSeconds())}`;
}

/** What the zone is called on screen and in exports: the IANA name, or 'UTC-05:00' for an offset. */
export function callerZoneLabel(zone: CallerZone): string {
  if (zone.timeZone) return zone.timeZone;
  const minutes = Math.round(zone.offsetHours * 60);
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `UTC${minutes < 0 ? '-' : '+'}${hh}:${mm}`;
}

export interface DayRange {
  from: string;
  to: string;
}

/** The calendar month holding a day, first to last day. */
export function monthOf(day: string): DayRange {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return { from: `${day.slice(0, 7)}-01`, to: last };
}

/** The month before the month holding a day. */
export function monthBefore(day: string): DayRange {
  return monthOf(plusDays(`${day.slice(0, 7)}-01`, -1));
}

/** The promise-kept rate looks at instalments due in the last 90 days, today included. */
export const PROMISE_WINDOW_DAYS = 90;

/** The days every figure is counted on: the caller's today, this and last month, the promise window. */
export interface DashboardPeriod {
  today: string;
  timeZone: string;
  thisMonth: DayRange;
  lastMonth: DayRange;
  promiseWindow: DayRange;
}

export function dashboardPeriod(zone: CallerZone, now: Date = new Date()): DashboardPeriod {
  const today = callerDay(zone, now);
  return {
    today,
    timeZone: callerZoneLabel(zone),
    thisMonth: monthOf(today),
    lastMonth: monthBefore(today),
    promiseWindow: { from: plusDays(today, -(PROMISE_WINDOW_DAYS - 1)), to: today },
  };
}

const dayRangeSchema = z.object({ from: z.string(), to: z.string() });
export const dashboardPeriodSchema = z.object({
  today: z.string(),
  timeZone: z.string(),
  thisMonth: dayRangeSchema,
  lastMonth: dayRangeSchema,
  promiseWindow: dayRangeSchema,
});

/** POST /collectionDashboard/widget (query offsetHours). */
export const dashboardRequestSchema = z.object({ timeZone: timeZoneSchema.optional() }).strict();
export type DashboardRequest = z.infer<typeof dashboardRequestSchema>;
/** POST /collectionDashboard/byOffice and /byCollector: optionally one office's accounts only. */
export const dashboardByRequestSchema = dashboardRequestSchema.extend({ officeId: z.uuid().optional() }).strict();
export type DashboardByRequest = z.infer<typeof dashboardByRequestSchema>;

/**
 * One figure: how many accounts, an amount in cents (outstanding balance, or money collected for the
 * collected figures), and the account-list filter that selects exactly those accounts.
 */
export const figureSchema = z.object({
  count: z.number().int(),
  amountCents: z.number().int(),
  filter: collectionAccountFilterSchema,
});
export type Figure = z.infer<typeof figureSchema>;

export const dashboardFiguresSchema = z.object({
  /** Every account. */
  accounts: figureSchema,
  /** Accounts still worked (ACTIVE, REVIEW, ESCALATION, PAYMENT_PLAN). */
  open: figureSchema,
  byStatus: z.array(figureSchema.extend({ status: z.enum(COLLECTION_STATUSES) })),
  /** Money in (cash-flow entries carrying an account, reversals netted) by payment date; count: accounts paid. */
  collectedThisMonth: figureSchema,
  collectedLastMonth: figureSchema,
  plans: z.object({ active: figureSchema, paused: figureSchema, missed: figureSchema }),
  /** Open accounts with a balance, by days since their aging date. */
  aging: z.array(figureSchema.extend({ bucket: z.enum(AGING_BUCKETS) })),
  /** Open accounts whose follow-up date has passed, and those due today. */
  followUps: z.object({ past: figureSchema, today: figureSchema }),
  /** Instalments due in the promise window: paid (kept) and missed; rate = kept ÷ (kept + missed). */
  promiseKept: z.object({
    kept: z.number().int(),
    missed: z.number().int(),
    rate: z.number().min(0).max(1).nullable(),
    filter: collectionAccountFilterSchema,
  }),
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

export const dashboardSummarySchema = z.object({ period: dashboardPeriodSchema, figures: dashboardFiguresSchema });
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

export const dashboardByOfficeSchema = z.object({
  period: dashboardPeriodSchema,
  rows: z.array(z.object({ officeId: z.uuid(), office: z.string(), figures: dashboardFiguresSchema })),
});
export type DashboardByOffice = z.infer<typeof dashboardByOfficeSchema>;

export const dashboardByCollectorSchema = z.object({
  period: dashboardPeriodSchema,
  everyCollector: z.boolean(),
  /** collectorId null: the accounts nobody is assigned to (for those who see every collector). */
  rows: z.array(z.object({ collectorId: z.uuid().nullable(), collector: z.string(), figures: dashboardFiguresSchema })),
});
export type DashboardByCollector = z.infer<typeof dashboardByCollectorSchema>;

/**
 * The all-accounts page's query for a filter (paths.collections.allAccounts): SPEC §2's `assignee` and
 * `assigneeId` for the collector, and one parameter per other field. Lists are comma-separated.
 */
export const ACCOUNT_QUERY_PARAMS = {
  search: 'account',
  statuses: 'status',
  officeId: 'officeId',
  collectorId: 'assigneeId',
  unassigned: 'assignee',
  termId: 'termId',
  balanceFromCents: 'balanceFrom',
  balanceToCents: 'balanceTo',
  followUpDue: 'followUp',
  today: 'today',
  clientId: 'clientId',
  agingBucket: 'aging',
  planState: 'plan',
  paidFrom: 'paidFrom',
  paidTo: 'paidTo',
  promiseDueFrom: 'promiseDueFrom',
  promiseDueTo: 'promiseDueTo',
} as const satisfies Record<keyof CollectionAccountFilter, string>;

/** The query string values of a filter, in a fixed order; balances stay in cents. */
export function accountFilterToQuery(filter: CollectionAccountFilter): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [field, param] of Object.entries(ACCOUNT_QUERY_PARAMS) as [keyof CollectionAccountFilter, string][]) {
    const value = filter[field];
    if (value === undefined || value === null) continue;
    if (field === 'unassigned') {
      if (value === true) query[param] = 'unassigned';
    } else if (Array.isArray(value)) {
      if (value.length) query[param] = value.join(',');
    } else {
      query[param] = String(value);
    }
  }
  return query;
}

/**
 * The filter a query string gives (the inverse of accountFilterToQuery), read leniently: a value that does
 * not parse is left out. `assignee=me` means the signed-in user, so it needs their id.
 */
export function accountFilterFromQuery(
  params: { get(name: string): string | null },
  me?: { userId: string },
): CollectionAccountFilter {
  const raw: Record<string, unknown> = {};
  for (const [field, param] of Object.entries(ACCOUNT_QUERY_PARAMS) as [keyof CollectionAccountFilter, string][]) {
    const value = params.get(param);
    if (value === null || value === '') continue;
    if (field === 'unassigned') {
      if (value === 'unassigned') raw.unassigned = true;
      else if (value === 'me' && me) raw.collectorId ??= me.userId;
    } else if (field === 'statuses') {
      raw.statuses = value.split(',').filter((s) => (COLLECTION_STATUSES as readonly string[]).includes(s));
    } else if (field === 'balanceFromCents' || field === 'balanceToCents') {
      raw[field] = Number(value);
    } else {
      raw[field] = value;
    }
  }
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(raw)) {
    const alone = field === 'agingBucket' ? { agingBucket: value, today: raw.today } : { [field]: value };
    const single = collectionAccountFilterSchema.safeParse(alone);
    if (single.success) out[field] = (single.data as Record<string, unknown>)[field];
  }
  const whole = collectionAccountFilterSchema.safeParse(out);
  return whole.success ? whole.data : {};
}
