import type { Scope } from '@casedesk/contract/access/permissions';
import { scopeAllows, scopeOf } from '@casedesk/contract/access/permissions';
import { instantOfWallTimeCompatible } from '@casedesk/contract/appointments/zoned-time';
import type { CallerZone } from '@casedesk/contract/collections/dashboard';
import { callerDay, callerZoneLabel } from '@casedesk/contract/collections/dashboard';
import { plusDays } from '@casedesk/contract/collections/dashboard-filters';
import type {
  AgingReport,
  AgingRow,
  CollectedReport,
  CollectedRow,
  CollectionReportGroup,
  CollectionReportRequest,
  CollectionReportResult,
  ContactLogReport,
  PlanPerformanceReport,
  PlanPerformanceRow,
} from '@casedesk/contract/collections/report';
import { DEFAULT_CONTACT_LOG_PAGE, REPORT_GROUPS } from '@casedesk/contract/collections/report';
import { formatDateInput } from '@casedesk/contract/common/text';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { AccountScope } from './collection-dashboard.query.ts';
import { NO_COLLECTOR } from './collection-dashboard.query.ts';
import type { AccountTotals } from './collection-dashboard.repository.ts';
import { accountTotals, officesInScopes, userNames } from './collection-dashboard.repository.ts';
import type { InstantRange } from './collection-report-contacts.repository.ts';
import {
  countContactAttempts,
  everyContactAttempt,
  findContactAttempts,
} from './collection-report-contacts.repository.ts';
import type { CollectedRecord, DayRange, PlanRecord } from './collection-report.repository.ts';
import { collectedByGroup, officeNames, planPerformanceByGroup } from './collection-report.repository.ts';

/** SPEC §6: collection reporting reads the offices COLLECTION_REPORTING READ reaches (its ADMIN role condition was applied at sign-in). */
const reportingScope = (actor: Actor): Scope => scopeOf(actor.permissions, 'COLLECTION_REPORTING', 'READ', 'OFFICE');

/** What a report reads, once the request is checked: its scope, zone, days and grouping. */
export interface ReportContext {
  request: CollectionReportRequest;
  scope: AccountScope;
  zone: CallerZone;
  today: string;
  range: DayRange | null;
  groupBy: CollectionReportGroup;
  officeName: string | null;
}

/** The request's office must be one of the caller's (else not found, as one that does not exist). */
export async function reportContext(
  db: Db,
  actor: Actor,
  request: CollectionReportRequest,
  offsetHours: number,
  now = new Date(),
): Promise<ReportContext> {
  const officeScope = reportingScope(actor);
  let officeName: string | null = null;
  if (request.officeId) {
    const [office] = scopeAllows(officeScope, request.officeId)
      ? await officesInScopes(db, [officeScope], request.officeId)
      : [];
    if (!office) throw AppError.notFound('Office');
    officeName = office.name;
  }
  const zone: CallerZone = { offsetHours, ...(request.timeZone ? { timeZone: request.timeZone } : {}) };
  const range = request.dateFrom && request.dateTo ? { from: request.dateFrom, to: request.dateTo } : null;
  return {
    request,
    scope: {
      officeScopes: [officeScope],
      ...(request.officeId ? { officeId: request.officeId } : {}),
      ...(request.collectorId ? { collectorId: request.collectorId } : {}),
    },
    zone,
    today: callerDay(zone, now),
    range: request.report === 'AGING' ? null : range,
    groupBy: request.groupBy ?? REPORT_GROUPS[request.report][0] ?? 'MONTH',
    officeName,
  };
}

function meta(context: ReportContext) {
  return {
    timeZone: callerZoneLabel(context.zone),
    dateFrom: context.range?.from ?? null,
    dateTo: context.range?.to ?? null,
    asOf: context.today,
  };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The Monday of a day's week (ISO weeks, as PostgreSQL's date_trunc('week') reads them). */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return plusDays(day, -((weekday + 6) % 7));
}

/** Every period key of the range, so a period without activity still shows (with zeros). */
function periodKeys(groupBy: CollectionReportGroup, range: DayRange): string[] {
  const keys: string[] = [];
  if (groupBy === 'DAY') for (let d = range.from; d <= range.to; d = plusDays(d, 1)) keys.push(d);
  if (groupBy === 'WEEK') for (let d = mondayOf(range.from); d <= range.to; d = plusDays(d, 7)) keys.push(d);
  if (groupBy === 'MONTH') {
    for (let d = `${range.from.slice(0, 7)}-01`; d <= range.to;) {
      keys.push(d);
      const [y, m] = d.split('-').map(Number) as [number, number];
      d = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
    }
  }
  return keys;
}

function periodLabel(groupBy: CollectionReportGroup, key: string): string {
  if (groupBy === 'WEEK') return `Week of ${formatDateInput(key)}`;
  if (groupBy === 'MONTH') return `${MONTHS[Number(key.slice(5, 7)) - 1]} ${key.slice(0, 4)}`;
  return formatDateInput(key);
}

const isPeriod = (groupBy: CollectionReportGroup) => groupBy === 'DAY' || groupBy === 'WEEK' || groupBy === 'MONTH';

/** The label of each key: a period in words, an office's or collector's name ('Unassigned' for none). */
async function labels(db: Db, groupBy: CollectionReportGroup, keys: string[]): Promise<Map<string, string>> {
  if (isPeriod(groupBy)) return new Map(keys.map((k) => [k, periodLabel(groupBy, k)]));
  const ids = keys.filter((k) => k !== NO_COLLECTOR);
  const names = groupBy === 'OFFICE' ? await officeNames(db, ids) : await userNames(db, ids);
  return new Map(keys.map((k) => [k, k === NO_COLLECTOR ? 'Unassigned' : (names.get(k) ?? 'Unknown')]));
}

/** Rows in order: every period of the range, or the offices and collectors by name. */
async function ordered<R extends { key: string | null }, Row>(
  db: Db,
  context: ReportContext,
  records: R[],
  empty: (key: string) => R,
  toRow: (record: R, key: string, label: string) => Row,
): Promise<Row[]> {
  const byKey = new Map(records.filter((r) => r.key !== null).map((r) => [r.key!, r]));
  const keys =
    isPeriod(context.groupBy) && context.range ? periodKeys(context.groupBy, context.range) : [...byKey.keys()];
  const named = await labels(db, context.groupBy, keys);
  const rows = keys.map((key) => ({ key, label: named.get(key) ?? key, record: byKey.get(key) ?? empty(key) }));
  if (!isPeriod(context.groupBy)) {
    rows.sort(
      (a, b) => Number(a.key === NO_COLLECTOR) - Number(b.key === NO_COLLECTOR) || a.label.localeCompare(b.label),
    );
  }
  return rows.map(({ record, key, label }) => toRow(record, key, label));
}

const noCollected = (key: string | null): CollectedRecord => ({
  key,
  accounts: 0,
  payments: 0,
  reversals: 0,
  collectedCents: 0,
});

async function collectedReport(db: Db, context: ReportContext): Promise<CollectedReport> {
  const records = await collectedByGroup(db, context.scope, context.groupBy, context.range!);
  const items = await ordered<CollectedRecord, CollectedRow>(db, context, records, noCollected, (r, key, label) => ({
    ...r,
    key,
    label,
  }));
  const { key: _key, ...totals } = records.find((r) => r.key === null) ?? noCollected(null);
  return { report: 'COLLECTED', groupBy: context.groupBy, ...meta(context), items, totals };
}

function agingRow(totals: Partial<AccountTotals>): Omit<AgingRow, 'key' | 'label'> {
  const b = (bucket: '0-30' | '31-60' | '61-90' | '90+') => totals[`aging:${bucket}`] ?? { count: 0, cents: 0 };
  const buckets = [b('0-30'), b('31-60'), b('61-90'), b('90+')];
  return {
    days0to30Count: buckets[0]!.count,
    days0to30Cents: buckets[0]!.cents,
    days31to60Count: buckets[1]!.count,
    days31to60Cents: buckets[1]!.cents,
    days61to90Count: buckets[2]!.count,
    days61to90Cents: buckets[2]!.cents,
    days90PlusCount: buckets[3]!.count,
    days90PlusCents: buckets[3]!.cents,
    totalCount: buckets.reduce((sum, t) => sum + t.count, 0),
    totalCents: buckets.reduce((sum, t) => sum + t.cents, 0),
  };
}

/** Open accounts with a balance, by days since their aging date on the caller's today (as the dashboard). */
async function agingReport(db: Db, context: ReportContext): Promise<AgingReport> {
  const group = context.groupBy === 'COLLECTOR' ? 'COLLECTOR' : 'OFFICE';
  const byKey = await accountTotals(db, context.scope, group, context.today);
  const records = [...byKey.entries()]
    .map(([key, totals]) => ({ key, ...agingRow(totals) }))
    .filter((r) => r.totalCount > 0);
  const items = await ordered(
    db,
    context,
    records,
    (key) => ({ key, ...agingRow({}) }),
    (r, key, label): AgingRow => ({ ...r, key, label }),
  );
  const totals = agingRow({});
  for (const row of items) {
    for (const field of Object.keys(totals) as (keyof typeof totals)[]) totals[field] += row[field];
  }
  return { report: 'AGING', groupBy: group, ...meta(context), items, totals };
}

const keptRate = (r: { kept: number; missed: number }) => (r.kept + r.missed ? r.kept / (r.kept + r.missed) : null);
const noPlans = (key: string | null): PlanRecord => ({
  key,
  due: 0,
  dueCents: 0,
  kept: 0,
  keptCents: 0,
  missed: 0,
  missedCents: 0,
  pending: 0,
});

async function planPerformanceReport(db: Db, context: ReportContext): Promise<PlanPerformanceReport> {
  const records = await planPerformanceByGroup(db, context.scope, context.groupBy, context.range!);
  const items = await ordered<PlanRecord, PlanPerformanceRow>(db, context, records, noPlans, (r, key, label) => ({
    ...r,
    key,
    label,
    keptRate: keptRate(r),
  }));
  const { key: _key, ...total } = records.find((r) => r.key === null) ?? noPlans(null);
  return {
    report: 'PLAN_PERFORMANCE',
    groupBy: context.groupBy,
    ...meta(context),
    items,
    totals: { ...total, keptRate: keptRate(total) },
  };
}

/** The contact log's instants: the first day's start to the day after the last, in the caller's zone. */
export function contactLogInstants(range: DayRange, zone: CallerZone): InstantRange {
  const startOf = (day: string) =>
    zone.timeZone
      ? instantOfWallTimeCompatible(day, 0, zone.timeZone)
      : new Date(Date.parse(`${day}T00:00:00Z`) - zone.offsetHours * 3_600_000);
  return { from: startOf(range.from), to: startOf(plusDays(range.to, 1)) };
}

async function contactLogReport(db: Db, context: ReportContext): Promise<ContactLogReport> {
  const pageNumber = context.request.pageNumber ?? 1;
  const pageSize = context.request.pageSize ?? DEFAULT_CONTACT_LOG_PAGE;
  const instants = contactLogInstants(context.range!, context.zone);
  const [items, totals] = await Promise.all([
    findContactAttempts(db, context.scope, instants, { limit: pageSize, offset: (pageNumber - 1) * pageSize }),
    countContactAttempts(db, context.scope, instants),
  ]);
  return {
    report: 'CONTACT_LOG',
    ...meta(context),
    items,
    totalCount: totals.attempts,
    pageNumber,
    pageSize,
    totals,
  };
}

/** Every contact attempt of the report's range, newest first, a batch at a time (the export). */
export function everyContactLogRow(db: Db, context: ReportContext) {
  return everyContactAttempt(db, context.scope, contactLogInstants(context.range!, context.zone));
}

export async function reportOf(db: Db, context: ReportContext): Promise<CollectionReportResult> {
  switch (context.request.report) {
    case 'COLLECTED':
      return collectedReport(db, context);
    case 'AGING':
      return agingReport(db, context);
    case 'PLAN_PERFORMANCE':
      return planPerformanceReport(db, context);
    case 'CONTACT_LOG':
      return contactLogReport(db, context);
  }
}

/** POST /collectionAccount/report */
export async function collectionReport(
  db: Db,
  actor: Actor,
  request: CollectionReportRequest,
  offsetHours: number,
): Promise<CollectionReportResult> {
  return reportOf(db, await reportContext(db, actor, request, offsetHours));
}
