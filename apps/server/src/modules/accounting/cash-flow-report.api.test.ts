import { cashFlowReportStatusSchema, CASH_FLOW_REPORT_MESSAGES } from '@casedesk/contract/accounting/cash-flow-report';
import { cashFlowTotalsSchema } from '@casedesk/contract/accounting/payment';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfTextLines } from '../../../test/support/pdf-text.ts';
import type { Injector, TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, injector, SEEDED } from '../../../test/support/test-app.ts';
import { sumsLine } from './cash-flow-report-pdf.ts';
import { runCashFlowReport } from './cash-flow-report.service.ts';

/*
 * The cash-flow report PDF through HTTP: at once up to 5,000 rows, else a background job whose progress and file
 * only its requester reads. Each test reads only its own client's payments.
 */
let t: TestApp;
let office: Record<string, string>;
let serial = 0;

let send: Injector;

async function newClient(officeName: string, lastName = `Report ${process.pid}-${++serial}`): Promise<string> {
  const [row] = await t.database.query<{ id: string }>(
    `insert into clients (first_name, last_name, office_id) values ('Ledger', $1, $2) returning id`,
    [lastName, office[officeName]],
  );
  return row!.id;
}

async function totals(as: string, filter: object) {
  const res = await send('POST', '/api/v1/cashFlow/totals', as, { filter });
  expect(res.statusCode, res.body).toBe(200);
  return cashFlowTotalsSchema.parse(res.json());
}

/** The grand total line the report must print for these totals. */
const grandTotal = (sums: { count: number; feesCents: number; costCents: number }) =>
  sumsLine('Grand total', { count: sums.count, feesCents: sums.feesCents, costCents: sums.costCents });

const report = (as: string | null, body: object) => send('POST', '/api/v1/cashFlow/report?offsetHours=-7', as, body);

beforeAll(async () => {
  t = await createTestApp();
  send = injector(t);
  const rows = await t.database.query<{ id: string; name: string }>('select id, name from offices');
  office = Object.fromEntries(rows.map((o) => [o.name, o.id]));
});
afterAll(async () => t?.close());

describe('POST /api/v1/cashFlow/report', () => {
  it('401 without a token, 403 without CASH_FLOW READ, 400 with the field’s message', async () => {
    expect((await report(null, {})).statusCode).toBe(401);
    expect((await report(SEEDED.operator, {})).statusCode).toBe(403);
    const bad = await report(SEEDED.manager, { filter: { dateFrom: '2026-02-01', dateTo: '2026-01-01' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Date To');
  });

  it('answers a small report at once; its grand total is the totals’ to the cent, reversals included', async () => {
    const clientId = await newClient('Los Angeles');
    const enter = async (feesCents: number, costCents: number) => {
      const res = await send('POST', '/api/v1/cashFlow/payment', SEEDED.manager, {
        officeId: office['Los Angeles'],
        clientId,
        paymentType: 'CASH',
        feesCents,
        costCents,
        paymentDate: '2026-01-20',
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ id: string }>().id;
    };
    await enter(125_050, 1_999);
    await enter(1, 0);
    const wrong = await enter(99_999, 0);
    const reversed = await send('POST', '/api/v1/cashFlow/deletePayment', SEEDED.manager, {
      id: wrong,
      reason: 'Typed wrong',
      reversalDate: '2026-01-21',
    });
    expect(reversed.statusCode, reversed.body).toBe(200);

    for (const showReversed of [false, true]) {
      const filter = { clientId, showReversed };
      const res = await report(SEEDED.manager, { filter });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/cash-flow-.*\.pdf/);
      const lines = pdfTextLines(res.rawPayload);
      expect(lines.at(-1)).toBe(grandTotal(await totals(SEEDED.manager, filter)));
      expect(lines).toContain('Time zone: payment days are office days in America/Los_Angeles; entry times at UTC-7');
    }
  });

  it('a manager’s report has none of another office’s rows, even when asked for that office', async () => {
    const dallasClient = await newClient('Dallas', `Dallasonly ${process.pid}`);
    const entered = await send('POST', '/api/v1/cashFlow/payment', SEEDED.admin, {
      officeId: office.Dallas,
      clientId: dallasClient,
      paymentType: 'WIRE',
      feesCents: 777_77,
      costCents: 0,
      paymentDate: '2026-01-20',
    });
    expect(entered.statusCode, entered.body).toBe(200);
    for (const filter of [{ officeId: office.Dallas }, { clientId: dallasClient }]) {
      const res = await report(SEEDED.manager, { filter });
      expect(res.statusCode, res.body).toBe(200);
      const lines = pdfTextLines(res.rawPayload);
      expect(lines).toContain('No entries match these filters.');
      expect(lines.join('\n')).not.toContain('Dallas');
    }
  });
});

describe('a report of over 5,000 rows', () => {
  it('is built in the background; its requester follows it, downloads it, and its total is the list’s', async () => {
    const clientId = await newClient('Los Angeles');
    await t.database.query(
      `insert into payments (office_id, client_id, payment_type, fees_cents, cost_cents, receipt_number, payment_date)
       select $1, $2, 'CHECK', 10000 + g, g % 7, 1500000000 + g, date '2025-06-02' + (g % 20)
       from generate_series(1, 5001) g`,
      [office['Los Angeles'], clientId],
    );
    const filter = { clientId };
    const queued = await report(SEEDED.manager, { filter, sortBy: 'receiptNum' });
    expect(queued.statusCode, queued.body).toBe(202);
    const status = cashFlowReportStatusSchema.parse(queued.json());
    expect(status).toMatchObject({ state: 'QUEUED', rowsTotal: 5001, rowsDone: 0 });

    const url = `/api/v1/cashFlow/report/${status.id}`;
    expect((await send('GET', url, SEEDED.admin)).statusCode).toBe(404);
    expect((await send('GET', `${url}/file`, SEEDED.admin)).statusCode).toBe(404);

    let current = status;
    for (let i = 0; i < 240 && current.state !== 'DONE' && current.state !== 'FAILED'; i += 1) {
      await sleep(250);
      const res = await send('GET', url, SEEDED.manager);
      expect(res.statusCode, res.body).toBe(200);
      current = cashFlowReportStatusSchema.parse(res.json());
      expect(current.rowsDone).toBeLessThanOrEqual(5001);
    }
    expect(current).toMatchObject({ state: 'DONE', rowsDone: 5001, rowsTotal: 5001, error: null });

    const file = await send('GET', `${url}/file`, SEEDED.manager);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const lines = pdfTextLines(file.rawPayload);
    expect(lines.at(-1)).toBe(grandTotal(await totals(SEEDED.manager, filter)));
    expect(lines).toContain(
      'Filters: client Ledger ' +
        (await clientLastName(clientId)) +
        ' · reversed entries and their reversals hidden · sorted by receipt num, ascending',
    );
  }, 90_000);

  it('409 while a report is not built yet, with a plain message', async () => {
    const [manager] = await t.database.query<{ id: string }>(`select id from users where mail = $1`, [SEEDED.manager]);
    const [row] = await t.database.query<{ id: string }>(
      `insert into cash_flow_reports (requested_by_id, request, offset_hours, state, rows_total)
       values ($1, '{}', 0, 'RUNNING', 6000) returning id`,
      [manager!.id],
    );
    const res = await send('GET', `/api/v1/cashFlow/report/${row!.id}/file`, SEEDED.manager);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CASH_FLOW_REPORT_MESSAGES.notReady);
  });

  it('fails with a plain reason when its requester no longer has cash-flow access when it runs', async () => {
    const [operator] = await t.database.query<{ id: string }>(`select id from users where mail = $1`, [
      SEEDED.operator,
    ]);
    const [row] = await t.database.query<{ id: string }>(
      `insert into cash_flow_reports (requested_by_id, request, offset_hours, rows_total)
       values ($1, '{"pageNumber":1}', 0, 6000) returning id`,
      [operator!.id],
    );
    await runCashFlowReport(t.database, row!.id, 'test-job');
    const [after] = await t.database.query<{ state: string; error: string; pdf: unknown }>(
      `select state, error, pdf from cash_flow_reports where id = $1`,
      [row!.id],
    );
    expect(after).toEqual({ state: 'FAILED', error: 'You no longer have access to cash flow.', pdf: null });
  });
});

async function clientLastName(clientId: string): Promise<string> {
  const [row] = await t.database.query<{ last_name: string }>(`select last_name from clients where id = $1`, [
    clientId,
  ]);
  return row!.last_name;
}
