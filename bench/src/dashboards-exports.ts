import { Readable } from 'node:stream';
import type { Drill } from '@casedesk/contract/dashboards/dashboard';
import { dashboardSchema, drillExportRequestSchema, drillRowsSchema } from '@casedesk/contract/dashboards/dashboard';
import { appointmentSummaryExportRequestSchema } from '@casedesk/contract/reports/appointment-summary';
import { callSummaryExportRequestSchema } from '@casedesk/contract/reports/report';
import { exportDrillRows } from '@casedesk/server/src/modules/dashboards/dashboard.service.ts';
import {
  exportAppointmentSummary,
  exportCallSummary,
} from '@casedesk/server/src/modules/reports/reports-export.service.ts';
import type { Actor } from '@casedesk/server/src/platform/auth/actor.ts';
import type { Database } from '@casedesk/server/src/platform/db/database.ts';
import type { ExportFile } from '@casedesk/server/src/platform/export/table-file.ts';
import { DASHBOARD_KIND_LIST, DASHBOARD_TIME_ZONE, DASHBOARDS } from './dashboards-load.ts';
import type { RecordedStatement } from './recorded-sql.ts';
import { installStatementRecorder } from './recorded-sql.ts';
import { scenarioActor } from './scenario-helpers.ts';
import type { Summary } from './stats.ts';
import { round, summarize } from './stats.ts';

/*
 * The dashboards scenario's exports: the drill-down closest to 100,000 rows and the reports over the days holding
 * 100,000 of their rows, timed to the first byte, the first data row and the whole file, beside their bare SQL.
 */

/**
 * The rows an export budget is set for, and how close an export must come to be judged: a year of the budget's
 * data has no drill-down of 100,000 rows (the largest is a month of the 1,000,000 payments, 80,000–86,000), so
 * the largest there is is judged, its rows said beside the verdict.
 */
export const EXPORT_ROWS = 100_000;
export const EXPORT_ROWS_JUDGED = 80_000;
export const DRILL_EXPORT_NAME = 'POST /api/v1/dashboard/rows/export (csv)';

export interface ExportCase {
  name: string;
  path: string;
  body: string;
  email: string;
  /** The rows the export holds (the drill's count, or the report's rows counted beforehand). */
  rows: number;
  /** The file lists the rows one a line after a heading (a drill-down), so its first data row can be timed. */
  rowPerLine: boolean;
  /** The export's own service call, for its recorded statements (the cursor read among them). */
  call: (database: Database, actor: Actor) => Promise<ExportFile>;
}

// ─── The drill-down export ──────────────────────────────────────────────────────────────────────────────

async function post(baseUrl: string, token: string, path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * The drill whose rows come closest to EXPORT_ROWS among the figures and points of every dashboard the admin
 * opens: counts first (a figure's value), then the drill-down's own total for the likely ones (a money
 * figure's value is cents, not rows).
 */
export async function pickExportDrill(
  baseUrl: string,
  token: string,
  log: (line: string) => void,
): Promise<{ drill: Drill; rows: number } | undefined> {
  const candidates: Drill[] = [];
  for (const kind of DASHBOARD_KIND_LIST) {
    const dashboard = dashboardSchema.parse(
      await post(baseUrl, token, `${DASHBOARDS[kind].path}?offsetHours=0`, { timeZone: DASHBOARD_TIME_ZONE }),
    );
    const items = [
      ...dashboard.figures.map((f) => ({ unit: f.unit, value: f.value, drill: f.drill })),
      ...dashboard.series.flatMap((s) => s.points.map((p) => ({ unit: s.unit, value: p.value, drill: p.drill }))),
    ];
    for (const item of items) {
      const likely =
        item.unit === 'cents' ||
        (item.unit === 'count' && (item.value ?? 0) >= EXPORT_ROWS / 2) ||
        item.unit === 'seconds';
      if (likely) candidates.push(item.drill);
    }
  }
  let best: { drill: Drill; rows: number } | undefined;
  for (const drill of candidates) {
    const page = drillRowsSchema.parse(
      await post(baseUrl, token, '/api/v1/dashboard/rows?offsetHours=0', {
        drill,
        timeZone: DASHBOARD_TIME_ZONE,
        pageNumber: 1,
        pageSize: 1,
      }),
    );
    const distance = (rows: number) => Math.abs(Math.log(Math.max(1, rows) / EXPORT_ROWS));
    if (!best || distance(page.totalCount) < distance(best.rows)) best = { drill, rows: page.totalCount };
  }
  log(`  ${candidates.length} candidate drills; closest to ${EXPORT_ROWS}: ${JSON.stringify(best)}`);
  return best;
}

export function drillExportCase(drill: Drill, rows: number): ExportCase {
  const body = { drill, timeZone: DASHBOARD_TIME_ZONE, format: 'csv' as const };
  return {
    name: DRILL_EXPORT_NAME,
    path: '/api/v1/dashboard/rows/export?offsetHours=0',
    body: JSON.stringify(body),
    email: DASHBOARDS.CORPORATE.email,
    rows,
    rowPerLine: true,
    call: (database, actor) =>
      exportDrillRows({ database, actor, offsetHours: 0, now: new Date() }, drillExportRequestSchema.parse(body)),
  };
}

// ─── Timing an export: first byte and the whole file, over HTTP and as bare SQL ────────────────────────

export interface ExportTiming {
  name: string;
  rows: number;
  bytes: number;
  lines: number;
  /** Request sent → the first byte of the body (a drill-down's heading is written before its query runs). */
  firstByte: Summary;
  /**
   * Request sent → the first data row (a drill-down's line after its heading; a report, built whole, arrives
   * at once): when the download starts streaming its rows, the budget's figure.
   */
  firstRow: Summary;
  total: Summary;
  /** The recorded statements replayed: those before the cursor, then its first chunk; and through its last. */
  bareFirstRow: Summary;
  bareTotal: Summary;
}

const EXPORT_ROUNDS = 3;

async function timeDownload(
  baseUrl: string,
  token: string,
  target: ExportCase,
): Promise<{ firstByteMs: number; firstRowMs: number; totalMs: number; bytes: number; lines: number }> {
  const started = performance.now();
  const res = await fetch(`${baseUrl}${target.path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: target.body,
  });
  if (!res.ok || !res.body) throw new Error(`${target.name}: ${res.status} ${await res.text()}`);
  let firstByteMs = Number.NaN;
  let bytes = 0;
  let lines = 0;
  // Lines received by each chunk's arrival: the heading's lines are known once the whole file is in.
  const arrivals: { lines: number; ms: number }[] = [];
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    const ms = performance.now() - started;
    if (Number.isNaN(firstByteMs)) firstByteMs = ms;
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines++;
    arrivals.push({ lines, ms });
  }
  const totalMs = performance.now() - started;
  const headingLines = lines - target.rows;
  const firstRowMs = target.rowPerLine ? (arrivals.find((a) => a.lines > headingLines)?.ms ?? Number.NaN) : totalMs;
  return { firstByteMs, firstRowMs, totalMs, bytes, lines };
}

async function drain(file: ExportFile): Promise<void> {
  const stream = Buffer.isBuffer(file.stream) ? Readable.from([file.stream]) : file.stream;
  for await (const _chunk of stream) {
    // Read to the end, so the cursor's statement is sent and recorded.
  }
}

/** Replays an export's statements one after another, a cursor's a chunk at a time, as the route reads them. */
async function replayExport(
  database: Database,
  statements: RecordedStatement[],
): Promise<{ firstRowMs: number; totalMs: number }> {
  const started = performance.now();
  let firstRowMs = Number.NaN;
  for (const { text, params, cursor } of statements) {
    if (!cursor) {
      await database.query(text, params);
      continue;
    }
    for await (const _chunk of database.cursor(text, params, 500)) {
      if (Number.isNaN(firstRowMs)) firstRowMs = performance.now() - started;
    }
  }
  const totalMs = performance.now() - started;
  // No cursor: the statements answer whole, so the first row comes with the last.
  return { firstRowMs: Number.isNaN(firstRowMs) ? totalMs : firstRowMs, totalMs };
}

/**
 * Each export downloaded EXPORT_ROUNDS times after one to warm up, alone on the server, then its recorded
 * statements replayed as many times straight to the driver. `recordingDatabase` is a fresh one (the recorder
 * must be installed before its first service call).
 */
export async function measureExports(
  baseUrl: string,
  signIn: (email: string) => Promise<string>,
  cases: ExportCase[],
  recordingDatabase: Database,
  log: (line: string) => void,
): Promise<ExportTiming[]> {
  const record = installStatementRecorder(recordingDatabase);
  const results: ExportTiming[] = [];
  for (const target of cases) {
    const token = await signIn(target.email);
    const downloads = [];
    for (let round = 0; round <= EXPORT_ROUNDS; round++) {
      const timing = await timeDownload(baseUrl, token, target);
      if (round > 0) downloads.push(timing);
    }
    const actor = await scenarioActor(recordingDatabase, target.email);
    const statements = await record(async () => drain(await target.call(recordingDatabase, actor)));
    const bare = [];
    for (let round = 0; round <= EXPORT_ROUNDS; round++) {
      const timing = await replayExport(recordingDatabase, statements);
      if (round > 0) bare.push(timing);
    }
    const last = downloads.at(-1)!;
    const result: ExportTiming = {
      name: target.name,
      rows: target.rows,
      bytes: last.bytes,
      lines: last.lines,
      firstByte: summarize(downloads.map((d) => d.firstByteMs)),
      firstRow: summarize(downloads.map((d) => d.firstRowMs)),
      total: summarize(downloads.map((d) => d.totalMs)),
      bareFirstRow: summarize(bare.map((b) => b.firstRowMs)),
      bareTotal: summarize(bare.map((b) => b.totalMs)),
    };
    log(
      `  ${target.name}: ${target.rows} rows, ${round(last.bytes / 1e6, 1)} MB; first byte median ` +
        `${round(result.firstByte.median, 0)} ms, first row ${round(result.firstRow.median, 0)} ms ` +
        `(bare SQL first row ${round(result.bareFirstRow.median, 0)} ms), ` +
        `whole file ${round(result.total.median, 0)} ms (bare SQL ${round(result.bareTotal.median, 0)} ms)`,
    );
    results.push(result);
  }
  return results;
}

/**
 * The days ending yesterday (UTC, the exports' offsetHours 0) whose rows of `table` first reach EXPORT_ROWS, and
 * how many rows they hold.
 */
async function daysHoldingRows(
  database: Database,
  table: 'calls' | 'appointments',
  column: string,
): Promise<{ dateFrom: string; dateTo: string; rows: number }> {
  const [range] = await database.query<{ date_from: string; date_to: string; rows: number }>(
    `with days as (
       select (${column} at time zone 'UTC')::date as day, count(*) as n from ${table}
        where ${column} >= current_date - 60 and ${column} < current_date
        group by 1
     ), running as (select day, sum(n) over (order by day desc) as total from days)
     select day::text as date_from, (current_date - 1)::text as date_to, total::int as rows
       from running where total >= $1 order by day desc limit 1`,
    [EXPORT_ROWS],
  );
  if (!range?.rows) throw new Error(`Fewer than ${EXPORT_ROWS} ${table} in the last 60 days`);
  return { dateFrom: range.date_from, dateTo: range.date_to, rows: range.rows };
}

/**
 * The reports' exports over the days that hold 100,000 of their rows: a report is a summary (a row per day,
 * office or source), so the budget's 100,000 rows are the ones it reads. The call summary and the appointment
 * summary, both by day, as the admin (firm-wide).
 */
export async function reportExportCases(database: Database): Promise<ExportCase[]> {
  const calls = await daysHoldingRows(database, 'calls', 'call_start_time');
  const callBody = { dateFrom: calls.dateFrom, dateTo: calls.dateTo, groupBy: 'DAY' as const, format: 'csv' as const };
  const appointments = await daysHoldingRows(database, 'appointments', 'appointment_date_time');
  const appointmentBody = { ...callBody, dateFrom: appointments.dateFrom, dateTo: appointments.dateTo };
  return [
    {
      name: `POST /api/v1/reports/callSummary/export (csv, by day, ${calls.dateFrom} to ${calls.dateTo})`,
      path: '/api/v1/reports/callSummary/export?offsetHours=0',
      body: JSON.stringify(callBody),
      email: DASHBOARDS.CORPORATE.email,
      rows: calls.rows,
      rowPerLine: false,
      call: (db, actor) => exportCallSummary(db.db, actor, callSummaryExportRequestSchema.parse(callBody), 0),
    },
    {
      name:
        `POST /api/v1/reports/appointmentSummary/export (csv, by day, ` +
        `${appointments.dateFrom} to ${appointments.dateTo})`,
      path: '/api/v1/reports/appointmentSummary/export?offsetHours=0',
      body: JSON.stringify(appointmentBody),
      email: DASHBOARDS.CORPORATE.email,
      rows: appointments.rows,
      rowPerLine: false,
      call: (db, actor) =>
        exportAppointmentSummary(db.db, actor, appointmentSummaryExportRequestSchema.parse(appointmentBody), 0),
    },
  ];
}
