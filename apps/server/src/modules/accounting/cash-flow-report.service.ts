import { hasAccess, scopeOf } from '@casedesk/contract/access/permissions';
import type { CashFlowReportRequest, CashFlowReportStatus } from '@casedesk/contract/accounting/cash-flow-report';
import {
  CASH_FLOW_REPORT_INLINE_MAX,
  CASH_FLOW_REPORT_MESSAGES,
  cashFlowReportRequestSchema,
} from '@casedesk/contract/accounting/cash-flow-report';
import { auditExport } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { actorOf } from '../../platform/auth/actor.ts';
import type { Database, Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { ExportFile } from '../../platform/export/table-file.ts';
import { allRowsOf, everyRow, exportFileName } from '../../platform/export/table-file.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { findUserDetail, withPermissions } from '../users/users.service.ts';
import type { ProgressListener } from './cash-flow-report-pdf.ts';
import { renderCashFlowReport } from './cash-flow-report-pdf.ts';
import { reportHeading } from './cash-flow-report-heading.ts';
import type { ReportRow } from './cash-flow-report.repository.ts';
import {
  findFilterNames,
  findReport,
  insertReport,
  purgeReportsBefore,
  updateReport,
} from './cash-flow-report.repository.ts';
import { cashFlowTotals, listCashFlow } from './payments.service.ts';

export const CASH_FLOW_REPORT_QUEUE = 'accounting.cashFlowReport';

declare module '../../platform/jobs/jobs.ts' {
  interface JobQueues {
    /** Builds one stored cash-flow report; the row in cash_flow_reports holds the request. */
    'accounting.cashFlowReport': { reportId: string };
  }
}

/** A finished report is a copy of the ledger for its requester to download: kept a day, then purged. */
const KEEP_REPORTS_MS = 86_400_000;

export type ReportAnswer = { kind: 'pdf'; file: ExportFile } | { kind: 'queued'; status: CashFlowReportStatus };

/** Builds the PDF of a request as the actor may see it (their CASH_FLOW READ offices, at the time of building). */
async function buildPdf(
  database: Database,
  actor: Actor,
  request: CashFlowReportRequest,
  offsetHours: number,
  onProgress?: ProgressListener,
) {
  const scope = scopeOf(actor.permissions, 'CASH_FLOW', 'READ', 'OFFICE');
  const names = await findFilterNames(database.db, request.filter ?? {}, scope);
  const heading = reportHeading(names, request, actor.self.displayName, offsetHours);
  return renderCashFlowReport(
    heading,
    everyRow(listCashFlow(database, actor, allRowsOf(request))),
    offsetHours,
    onProgress,
  );
}

/**
 * POST /cashFlow/report: a report of up to CASH_FLOW_REPORT_INLINE_MAX rows is built at once; a larger one is
 * stored and queued, and its status answered. The count is the totals' count: the same rows the list shows.
 */
export async function requestCashFlowReport(
  database: Database,
  jobs: Jobs,
  actor: Actor,
  request: CashFlowReportRequest,
  offsetHours: number,
): Promise<ReportAnswer> {
  const { count } = await cashFlowTotals(database.db, actor, { filter: request.filter });
  await auditExport(database.db, actor, {
    entity: 'payments',
    detail: { format: 'pdf', filter: request.filter ?? null, rows: count },
  });
  if (count <= CASH_FLOW_REPORT_INLINE_MAX) {
    const { pdf } = await buildPdf(database, actor, request, offsetHours);
    return {
      kind: 'pdf',
      file: { filename: exportFileName('cash-flow', 'pdf', offsetHours), contentType: 'application/pdf', stream: pdf },
    };
  }
  await purgeReportsBefore(database.db, new Date(Date.now() - KEEP_REPORTS_MS));
  const row = await insertReport(database.db, { requestedById: actor.userId, request, offsetHours, rowsTotal: count });
  await jobs.send(CASH_FLOW_REPORT_QUEUE, { reportId: row.id }, { retryLimit: 1, expireInSeconds: 15 * 60 });
  return { kind: 'queued', status: statusOf(row) };
}

function statusOf(row: ReportRow): CashFlowReportStatus {
  return {
    id: row.id,
    state: row.state,
    rowsTotal: row.rowsTotal,
    rowsDone: row.rowsDone,
    requestedAt: row.requestedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    error: row.error,
  };
}

/** The requester's own report; anyone else's is not found (a report is a copy of ledger rows in their scope). */
async function requireOwnReport(db: Db, actor: Actor, reportId: string): Promise<ReportRow> {
  const row = await findReport(db, reportId, actor.userId);
  if (!row) throw AppError.notFound('Report');
  return row;
}

/** GET /cashFlow/report/:reportId: how far it has come. */
export async function cashFlowReportStatus(db: Db, actor: Actor, reportId: string): Promise<CashFlowReportStatus> {
  return statusOf(await requireOwnReport(db, actor, reportId));
}

/** GET /cashFlow/report/:reportId/file: the finished PDF; 409 until it is. */
export async function cashFlowReportFile(db: Db, actor: Actor, reportId: string): Promise<ExportFile> {
  const row = await requireOwnReport(db, actor, reportId);
  if (row.state === 'FAILED') throw AppError.conflict(row.error ?? CASH_FLOW_REPORT_MESSAGES.failed);
  if (row.state !== 'DONE' || !row.pdf) throw AppError.conflict(CASH_FLOW_REPORT_MESSAGES.notReady);
  return {
    filename: exportFileName('cash-flow', 'pdf', row.offsetHours),
    contentType: 'application/pdf',
    stream: row.pdf,
  };
}

/** The requester as they are now: a report is built with the permissions they hold when it runs. */
async function actorOfRequester(db: Db, row: ReportRow, jobId: string): Promise<Actor | null> {
  const user = await findUserDetail(db, row.requestedById);
  if (!user) return null;
  const resolved = await withPermissions(db, user);
  if (!hasAccess(resolved.permissions, 'CASH_FLOW', 'READ')) return null;
  return actorOf(resolved, 'background job', jobId);
}

/**
 * The job: builds the stored report and records progress after each batch of rows. Safe to run twice (a done
 * report is left alone; a crashed run starts over). A failure is recorded on the report for its requester to
 * read and the job is tried once more.
 */
export async function runCashFlowReport(database: Database, reportId: string, jobId: string): Promise<void> {
  const { db } = database;
  const row = await findReport(db, reportId);
  if (!row || row.state === 'DONE') return;
  const setReport = (values: Partial<ReportRow>) => updateReport(db, reportId, values);
  try {
    await setReport({ state: 'RUNNING', rowsDone: 0 });
    const actor = await actorOfRequester(db, row, jobId);
    if (!actor) {
      await setReport({ state: 'FAILED', error: 'You no longer have access to cash flow.', finishedAt: new Date() });
      return;
    }
    const request = cashFlowReportRequestSchema.parse(row.request);
    const { pdf, sums } = await buildPdf(database, actor, request, row.offsetHours, (rowsDone) =>
      setReport({ rowsDone }),
    );
    await setReport({ state: 'DONE', pdf, rowsDone: sums.count, rowsTotal: sums.count, finishedAt: new Date() });
  } catch (error) {
    await setReport({ state: 'FAILED', error: CASH_FLOW_REPORT_MESSAGES.failed, finishedAt: new Date() });
    throw error;
  }
}

/** Starts the worker of the report queue. */
export async function workCashFlowReports(database: Database, jobs: Jobs): Promise<void> {
  await jobs.work(CASH_FLOW_REPORT_QUEUE, (job) => runCashFlowReport(database, job.data.reportId, job.id));
}
