import { setTimeout as sleep } from 'node:timers/promises';
import { cashFlowReportStatusSchema } from '@casedesk/contract/accounting/cash-flow-report';
import { cashFlowListRequestSchema, cashFlowTotalsRequestSchema } from '@casedesk/contract/accounting/payment';
import { reconRequestSchema } from '@casedesk/contract/accounting/reconciliation';
import { cashFlowTotals, listCashFlow } from '@casedesk/server/src/modules/accounting/payments.service.ts';
import { reconTable } from '@casedesk/server/src/modules/accounting/reconciliation.service.ts';
import type { Database } from '@casedesk/server/src/platform/db/database.ts';
import { peakRss, residentBytes } from './all-list.ts';
import type { RouteTarget } from './load.ts';
import type { RecordedStatement, ReplayOptions } from './recorded-sql.ts';
import { installStatementRecorder } from './recorded-sql.ts';
import { monthBack, scenarioActor } from './scenario-helpers.ts';

export const CASH_FLOW_LIST_ROUTE = 'POST /api/v1/cashFlow/all';
export const CASH_FLOW_TOTALS_ROUTE = 'POST /api/v1/cashFlow/totals';
export const RECON_TABLE_ROUTE = 'POST /api/v1/cashFlow/reconTable';
export const DEFAULT_PAYMENTS = 1_000_000;
export const REPORT_ROWS = 50_000;
export const DEFAULT_TRUST_ENTRIES = 1_000_000;
/** The budgets are set for 20 connections (the screen's list and totals for 20 accountants at once). */
export const ACCOUNTING_SCENARIO_CONNECTIONS = 20;
/** Days the added payments spread over, ending yesterday: two years of an office's weekdays and weekends. */
const SPREAD_DAYS = 730;
const BATCH = 200_000;
const PAYMENT_TYPES_SQL = `array['CASH','CHECK','MONEY_ORDER','CARD','ACH','WIRE']`;

/**
 * Adds `count` payments over the last two years (or `days`), in the seeded clients' offices, every payment type, a third
 * entered by accounting; receipt numbers far above the seed's, so they stay unique per office. Straight SQL:
 * the ledger's rules are the API tests' business, this is volume.
 */
export async function addPaymentsAtScale(
  database: Database,
  count: number,
  log: (line: string) => void,
  /** Days the payments spread over, and how many days back the newest is (1: yesterday; 0: today too). */
  { days = SPREAD_DAYS, lastDayBack = 1 }: { days?: number; lastDayBack?: number } = {},
) {
  // A table, not a temporary one: the pool may send each statement on another connection.
  await database.query(`create unlogged table bench_clients as
    select row_number() over () as n, id, office_id from clients where office_id is not null and merged_into_id is null`);
  const [counted] = await database.query<{ n: number }>('select count(*)::int as n from bench_clients');
  const n = counted?.n ?? 0;
  if (!n) throw new Error('No clients with an office to add payments for: the seed is empty');
  for (let from = 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1);
    await database.query(
      `insert into payments (office_id, client_id, payment_type, fees_cents, cost_cents, receipt_number,
                             payment_date, office_entered, entered_at)
       select c.office_id, c.id, (${PAYMENT_TYPES_SQL})[1 + g % 6], 5000 + (g::bigint * 7919) % 500000, (g % 5) * 1000,
              100000000 + g, current_date - ${lastDayBack} - (g % ${days}), g % 3 <> 0,
              (current_date - ${lastDayBack} - (g % ${days}))::timestamptz + interval '15 hours'
       from generate_series($1::int, $2::int) g
       join bench_clients c on c.n = 1 + (g * 31) % $3`,
      [from, to, n],
    );
    log(`  ${to.toLocaleString('en-US')} payments`);
  }
  await database.query('drop table bench_clients');
  await database.query('vacuum analyze payments');
  // … and the day totals its insert trigger keeps, rewritten batch after batch.
  await database.query('vacuum analyze cash_flow_day_totals');
}

/**
 * Adds `count` trust deposits, one for each of the newest payments that has none yet (the seed's trust payments have), on the matters (inquiries) of the payment's
 * office. The balance trigger is off during the load and the balances are summed once after it: one row
 * trigger a deposit would make the load ten times longer, and the totals come out the same.
 */
export async function addTrustEntriesAtScale(database: Database, count: number, log: (line: string) => void) {
  // A table, not a temporary one: the pool may send each statement on another connection.
  await database.query(`create unlogged table bench_matters as
    select row_number() over (partition by office_id order by id) as n, count(*) over (partition by office_id) as of,
           id, office_id from inquiries where office_id is not null`);
  await database.query('alter table trust_ledger_entries disable trigger trust_ledger_entries_balance');
  try {
    await database.query(
      `insert into trust_ledger_entries (office_id, inquiry_id, kind, amount_cents, entry_date, entered_at, payment_id)
       select p.office_id, m.id, 'DEPOSIT', p.fees_cents + p.cost_cents, p.payment_date, p.entered_at, p.id
       from (select *, row_number() over (order by payment_date desc, id) as g from payments
             where reverses_id is null and fees_cents + cost_cents > 0
               and not exists (select 1 from trust_ledger_entries t where t.payment_id = payments.id)
             order by payment_date desc, id limit $1) p
       join bench_matters m on m.office_id = p.office_id and m.n = 1 + p.g % m.of`,
      [count],
    );
  } finally {
    await database.query('alter table trust_ledger_entries enable trigger trust_ledger_entries_balance');
  }
  await database.query(
    `insert into trust_balances (office_id, inquiry_id, balance_cents, last_entry_at)
     select office_id, inquiry_id, sum(amount_cents), max(entered_at) from trust_ledger_entries group by 1, 2
     on conflict do nothing`,
  );
  await database.query('drop table bench_matters');
  await database.query('vacuum analyze trust_ledger_entries');
  const [added] = await database.query<{ n: number }>('select count(*)::int as n from trust_ledger_entries');
  log(`  ${(added?.n ?? 0).toLocaleString('en-US')} trust entries`);
}

export interface AccountingScenario {
  list: string[];
  totals: string[];
  recon: string[];
  recorded: Record<string, RecordedStatement[][]>;
  replay: Record<string, ReplayOptions>;
  /** Every office's three-way reconciliation of last month, as the trust screen asks for it. */
  threeWay: string[];
  /** An office and a range of its days that hold about REPORT_ROWS payments, for the background PDF. */
  reportFilter: { officeId: string; dateFrom: string; dateTo: string };
}

/**
 * Bodies as the screens send them: the cash-flow list's first page (the whole ledger, one office, last month)
 * with the totals of the same filter, and one month's reconciliation of every office. Each body's statements
 * are recorded through the services for the bare SQL replayed beside the load.
 */
export async function buildAccountingScenario(database: Database, adminEmail: string): Promise<AccountingScenario> {
  const record = installStatementRecorder(database);
  const offices = await database.query<{ id: string }>('select id from offices order by name');
  const month = monthBack(1);
  const [y, m] = month.split('-').map(Number) as [number, number];
  const monthEnd = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  const filters = [
    {},
    { officeId: offices[0]!.id },
    { dateFrom: `${month}-01`, dateTo: monthEnd },
    { officeId: offices[1 % offices.length]!.id, dateFrom: `${month}-01`, dateTo: monthEnd },
  ];
  const list = filters.map((filter) => JSON.stringify({ pageNumber: 1, pageSize: 25, filter }));
  const totals = filters.map((filter) => JSON.stringify({ filter }));
  const recon = [1, 2, 3].map((back) => JSON.stringify({ month: monthBack(back) }));

  const actor = await scenarioActor(database, adminEmail);
  const recorded: Record<string, RecordedStatement[][]> = {
    [CASH_FLOW_LIST_ROUTE]: [],
    [CASH_FLOW_TOTALS_ROUTE]: [],
    [RECON_TABLE_ROUTE]: [],
  };
  for (const body of list) {
    const request = cashFlowListRequestSchema.parse(JSON.parse(body));
    recorded[CASH_FLOW_LIST_ROUTE]!.push(await record(() => listCashFlow(database, actor, request)));
  }
  for (const body of totals) {
    const request = cashFlowTotalsRequestSchema.parse(JSON.parse(body));
    recorded[CASH_FLOW_TOTALS_ROUTE]!.push(await record(() => cashFlowTotals(database.db, actor, request)));
  }
  for (const body of recon) {
    const request = reconRequestSchema.parse(JSON.parse(body));
    recorded[RECON_TABLE_ROUTE]!.push(await record(() => reconTable(database.db, actor, request)));
  }
  const replay = {
    [CASH_FLOW_LIST_ROUTE]: { asSent: true, parallel: false },
    [CASH_FLOW_TOTALS_ROUTE]: { asSent: true, parallel: false },
    [RECON_TABLE_ROUTE]: { asSent: true, parallel: false },
  };

  // The first office's most recent days that add up to about REPORT_ROWS payments.
  const officeId = offices[0]!.id;
  const [range] = await database.query<{ date_from: string; date_to: string }>(
    `select min(payment_date)::text as date_from, max(payment_date)::text as date_to from (
       select payment_date, sum(count(*)) over (order by payment_date desc) as running
       from payments where office_id = $1 group by payment_date) d
     where running <= $2`,
    [officeId, REPORT_ROWS],
  );
  const threeWay = offices.map((o) => JSON.stringify({ officeId: o.id, month }));
  return {
    list,
    totals,
    recon,
    threeWay,
    recorded,
    replay,
    reportFilter: { officeId, dateFrom: range!.date_from, dateTo: range!.date_to },
  };
}

export function accountingScenarioTargets(scenario: AccountingScenario): RouteTarget[] {
  const target = (name: string, path: string, bodies: string[]): RouteTarget => ({
    name,
    method: 'POST',
    path,
    bodies,
    connections: ACCOUNTING_SCENARIO_CONNECTIONS,
  });
  return [
    target(CASH_FLOW_LIST_ROUTE, '/api/v1/cashFlow/all', scenario.list),
    target(CASH_FLOW_TOTALS_ROUTE, '/api/v1/cashFlow/totals', scenario.totals),
    target(RECON_TABLE_ROUTE, '/api/v1/cashFlow/reconTable', scenario.recon),
  ];
}

/** The three-way reconciliation of each office, one request after another: the slowest and the median. */
export async function measureThreeWay(baseUrl: string, token: string, bodies: string[]) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const times: number[] = [];
  for (const round of [1, 2, 3]) {
    for (const body of bodies) {
      const started = performance.now();
      const res = await fetch(`${baseUrl}/api/v1/trust/threeWay`, { method: 'POST', headers, body });
      if (!res.ok) throw new Error(`threeWay: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      if (round > 1) times.push(performance.now() - started); // the first round warms the caches
    }
  }
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    medianMs: Math.round(times[Math.floor(times.length / 2)]! * 10) / 10,
    maxMs: Math.round(times.at(-1)! * 10) / 10,
  };
}

export type ThreeWayTiming = Awaited<ReturnType<typeof measureThreeWay>>;

export interface BackgroundReport {
  rows: number;
  seconds: number;
  /** The server's peak RSS while it built the report, above its RSS before the request. */
  rssGrowthMb: number;
  pdfBytes: number;
}

/** Asks for the cash-flow PDF of about REPORT_ROWS rows and follows its job to the download; times it all. */
export async function measureBackgroundReport(
  baseUrl: string,
  serverPid: number,
  token: string,
  filter: AccountingScenario['reportFilter'],
): Promise<BackgroundReport> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const before = residentBytes(serverPid);
  const started = performance.now();
  const work = (async () => {
    const asked = await fetch(`${baseUrl}/api/v1/cashFlow/report?offsetHours=0`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ filter }),
    });
    if (asked.status !== 202) throw new Error(`The report was not queued: ${asked.status} ${await asked.text()}`);
    let status = cashFlowReportStatusSchema.parse(await asked.json());
    while (status.state === 'QUEUED' || status.state === 'RUNNING') {
      await sleep(250);
      const res = await fetch(`${baseUrl}/api/v1/cashFlow/report/${status.id}`, { headers });
      status = cashFlowReportStatusSchema.parse(await res.json());
    }
    if (status.state !== 'DONE') throw new Error(`The report failed: ${status.error}`);
    const file = await fetch(`${baseUrl}/api/v1/cashFlow/report/${status.id}/file`, { headers });
    const bytes = (await file.arrayBuffer()).byteLength;
    return { rows: status.rowsDone, bytes };
  })();
  const { result, peak } = await peakRss(serverPid, work);
  return {
    rows: result.rows,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    rssGrowthMb: Math.round((peak - before) / 1e5) / 10,
    pdfBytes: result.bytes,
  };
}
