import { APPOINTMENT_COLUMNS } from '@casedesk/contract/appointments/appointment';
import { addDays } from '@casedesk/contract/appointments/zoned-time';
import { formatDateTimeAt } from '@casedesk/contract/inquiries/lead-list';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInquiryIn } from '../../../test/support/inquiries.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { appointmentRefs, futureTuesday, la, sender } from './appointments.test-support.ts';

let t: TestApp;
let refs: Awaited<ReturnType<typeof appointmentRefs>>;
let send: ReturnType<typeof sender>;
const day = futureTuesday(14);
const onDay = { dateFrom: la(day, '00:00'), dateTo: la(addDays(day, 1), '00:00') };
const URL = '/api/v1/appointment/export?offsetHours=-8';

beforeAll(async () => {
  t = await createTestApp();
  refs = await appointmentRefs(t);
  send = sender(t);
  const book = async (officeId: string, attorneyId: string, clock: string) => {
    const inquiry = await createInquiryIn(t, officeId);
    const res = await send('PUT', '/api/v1/appointment', SEEDED.admin, {
      inquiryId: inquiry.id,
      attorneyId,
      appointmentDateTime: la(day, clock),
    });
    if (res.statusCode !== 200) throw new Error(res.body);
  };
  await book(refs.avery.officeId, refs.avery.id, '09:00');
  await book(refs.avery.officeId, refs.avery.id, '10:00');
  await book(refs.dallas.officeId, refs.dallas.id, '09:00');
});
afterAll(async () => t?.close());

const lines = (body: string) =>
  body
    .replace(/^\ufeff/, '')
    .trimEnd()
    .split('\r\n');

describe('POST /api/v1/appointment/export', () => {
  it('401 without a token; 403 without the chosen list’s permission', async () => {
    expect((await send('POST', URL, null, { type: 'all' })).statusCode).toBe(401);
    // The attorney reads ALL_APPOINTMENTS but not the 'set' list (APPOINTMENT_SET).
    expect((await send('POST', URL, SEEDED.attorney, { type: 'set' })).statusCode).toBe(403);
    expect((await send('POST', URL, SEEDED.collector, { type: 'all' })).statusCode).toBe(403);
  });

  it('400 with the message for a bad type, format, sort or offset', async () => {
    const type = await send('POST', URL, SEEDED.admin, { type: 'mine' });
    expect(type.statusCode).toBe(400);
    expect(type.json().message).toBe('Appointment Type must be one of set, all, pi, week.');
    const format = await send('POST', URL, SEEDED.admin, { format: 'pdf' });
    expect(format.statusCode).toBe(400);
    expect(format.json().message).toBe('Format must be one of csv, xlsx.');
    expect((await send('POST', URL, SEEDED.admin, { sortBy: 'nope' })).statusCode).toBe(400);
    const offset = await send('POST', '/api/v1/appointment/export?offsetHours=99', SEEDED.admin, {});
    expect(offset.statusCode).toBe(400);
    expect(offset.json().message).toBe('Offset Hours must be between -14 and 14.');
  });

  it('a CSV of every matching row (whatever the page) with the list headers, times at offsetHours', async () => {
    const res = await send('POST', URL, SEEDED.admin, {
      type: 'all',
      pageNumber: 2,
      pageSize: 1,
      sortBy: 'appointmentDateTime',
      sortOrder: 'ASC',
      filter: { ...onDay, attorneyId: refs.avery.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="appointments-all-\d{4}-\d\d-\d\d-\d{4}\.csv"$/,
    );
    const [header, ...rows] = lines(res.body);
    expect(header).toBe(APPOINTMENT_COLUMNS.map((c) => c.header).join(','));
    expect(rows).toHaveLength(2);
    const first = rows[0]!.split(',');
    expect(first[0]).toBe('Maria Gonzalez');
    expect(first[1]).toBe('(213) 555-0142');
    expect(first[2]).toBe(formatDateTimeAt(la(day, '09:00'), -8));
    expect(first[3]).toBe('30');
    expect(first[4]).toBe('Avery Attorney');
    expect(first[5]).toBe('Los Angeles');
    expect(rows[1]!.split(',')[2]).toBe(formatDateTimeAt(la(day, '10:00'), -8));
  });

  it('keeps to the caller’s office scope: the manager’s file has no Dallas row', async () => {
    const admin = await send('POST', URL, SEEDED.admin, { type: 'all', filter: onDay });
    expect(lines(admin.body).slice(1)).toHaveLength(3);
    const manager = await send('POST', URL, SEEDED.manager, { type: 'all', filter: onDay });
    const rows = lines(manager.body).slice(1);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toContain('Los Angeles');
  });

  it('XLSX on request', async () => {
    const res = await send('POST', URL, SEEDED.admin, { type: 'week', format: 'xlsx', filter: onDay });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
