import { PAGE_SIZE_ALL } from '@casedesk/contract/common/paging';
import { formatDateInput } from '@casedesk/contract/common/text';
import type {
  CallSummary,
  CallSummaryRequest,
  CallSummaryRow,
  ChatCountRow,
  ChatCountSummary,
  ChatCountSummaryRequest,
} from '@casedesk/contract/reports/report';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { reportWindow } from './report-window.ts';
import type { CallSummaryRecord } from './reports.repository.ts';
import { countTexts, summarizeCalls } from './reports.repository.ts';
import { reportScopes } from './report-scope.ts';

const DAY_MS = 86_400_000;

/** A report's rows, all on one page of the list shape (a report is at most a row per day of a year). */
export function onePage<Row>(rows: Row[]) {
  return { items: rows, totalCount: rows.length, pageNumber: 1, pageSize: PAGE_SIZE_ALL };
}

/** Labels of the rows with no office, operator, tracking line or law type. */
export const NONE_LABELS = {
  OFFICE: 'No office',
  OPERATOR: 'No operator',
  SOURCE: 'No tracking line',
  ATTORNEY: 'No attorney',
  LAW_TYPE: 'No law type',
} as const;

/** Every yyyy-MM-dd from dateFrom to dateTo, so a day without activity still shows (with zeros). */
function daysOf(dateFrom: string, dateTo: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${dateFrom}T00:00:00Z`); at <= Date.parse(`${dateTo}T00:00:00Z`); at += DAY_MS) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * The rows as shown: every day of the range in order for DAY (a quiet day shows zeros), else the groups by
 * `size` (largest first) and then by name, with words for the rows that have no group.
 */
export function labelled<R extends { key: string; label: string | null }>(
  records: R[],
  groupBy: keyof typeof NONE_LABELS | 'DAY',
  range: { dateFrom: string; dateTo: string },
  empty: (key: string) => R,
  size: (row: R) => number,
): (Omit<R, 'label'> & { label: string })[] {
  if (groupBy === 'DAY') {
    const byDay = new Map(records.map((r) => [r.key, r]));
    // SPEC §5 date format MM-dd-yyyy for the label; the key stays sortable.
    return daysOf(range.dateFrom, range.dateTo).map((day) => ({
      ...(byDay.get(day) ?? empty(day)),
      label: formatDateInput(day),
    }));
  }
  return records
    .map((r) => ({ ...r, label: r.label ?? NONE_LABELS[groupBy] }))
    .sort((a, b) => size(b) - size(a) || a.label.localeCompare(b.label));
}


/** POST /reports/chatCountSummary: texts in and out per office, operator or day, in the caller's offices. */
export async function chatCountSummary(
  db: Db,
  actor: Actor,
  request: ChatCountSummaryRequest,
  offsetHours: number,
): Promise<ChatCountSummary> {
  const scopes = reportScopes(actor, 'chatCountSummary');
  const records = await countTexts(db, request.groupBy, reportWindow(request, offsetHours), scopes);
  const rows: ChatCountRow[] = labelled(
    records,
    request.groupBy,
    request,
    (key) => ({ key, label: null, inbound: 0, outbound: 0, total: 0 }),
    (r) => r.total,
  );
  const sum = (pick: (r: ChatCountRow) => number) => rows.reduce((total, r) => total + pick(r), 0);
  return {
    groupBy: request.groupBy,
    ...onePage(rows),
    totals: { inbound: sum((r) => r.inbound), outbound: sum((r) => r.outbound), total: sum((r) => r.total) },
  };
}

const average = (talkSeconds: number, answered: number) => (answered > 0 ? Math.round(talkSeconds / answered) : null);

/** POST /reports/callSummary: calls per tracking source, office or day, in the caller's offices. */
export async function callSummary(
  db: Db,
  actor: Actor,
  request: CallSummaryRequest,
  offsetHours: number,
): Promise<CallSummary> {
  const scopes = reportScopes(actor, 'callSummary');
  const records = await summarizeCalls(db, request.groupBy, reportWindow(request, offsetHours), scopes);
  const full = labelled<CallSummaryRecord>(
    records,
    request.groupBy,
    request,
    (key) => ({
      key,
      label: null,
      inbound: 0,
      outbound: 0,
      total: 0,
      answered: 0,
      missed: 0,
      duplicates: 0,
      talkSeconds: 0,
    }),
    (r) => r.total,
  );
  const rows: CallSummaryRow[] = full.map(({ talkSeconds, ...r }) => ({
    ...r,
    avgTalkSeconds: average(talkSeconds, r.answered),
  }));
  const sum = (pick: (r: (typeof full)[number]) => number) => full.reduce((total, r) => total + pick(r), 0);
  const answered = sum((r) => r.answered);
  return {
    groupBy: request.groupBy,
    ...onePage(rows),
    totals: {
      inbound: sum((r) => r.inbound),
      outbound: sum((r) => r.outbound),
      total: sum((r) => r.total),
      answered,
      missed: sum((r) => r.missed),
      duplicates: sum((r) => r.duplicates),
      avgTalkSeconds: average(
        sum((r) => r.talkSeconds),
        answered,
      ),
    },
  };
}
