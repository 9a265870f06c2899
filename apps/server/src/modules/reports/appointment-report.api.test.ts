import { appointmentSummarySchema } from '@casedesk/contract/reports/appointment-summary';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfTextLines } from '../../../test/support/pdf-text.ts';
import { createInquiryIn } from '../../../test/support/inquiries.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { setPermissions } from '../access/access.service.ts';
import { appointments } from '../appointments/appointments.tables.ts';
import { calls } from '../calls/calls.tables.ts';
import { trackingLineMappings } from '../marketing/marketing.tables.ts';
import { users } from '../users/users.tables.ts';
import { attorneyRefs, csvReport, futureTuesday, la, sender, xlsxRows } from './reports.test-support.ts';

let t: TestApp;
let send: ReturnType<typeof sender>;
let refs: Awaited<ReturnType<typeof attorneyRefs>>;
let source: string;
// A day far beyond the seeded appointments, so the counts are this file's own.
const day = futureTuesday(40);
const range = { dateFrom: day, dateTo: day, timeZone: 'America/Los_Angeles' };
const url = '/api/v1/reports/appointmentSummary';

/** A user holding only CALL_CENTER_REPORTING READ, in Los Angeles: the call-centre reporting grant. */
const CALL_CENTRE_REPORTER = SEEDED.collector;

beforeAll(async () => {
  t = await createTestApp();
  send = sender(t);
  refs = await attorneyRefs(t);
  const [mapping] = await t
    .db()
    .select()
    .from(trackingLineMappings)
    .where(eq(trackingLineMappings.officeId, refs.avery.officeId));
  source = mapping!.source;
  const inquiry = await createInquiryIn(t, refs.avery.officeId);
  // The inquiry came in on a tracking line: its appointments take that line's source.
  await t.db().insert(calls).values({
    direction: 'INBOUND',
    officeId: refs.avery.officeId,
    inquiryId: inquiry.id,
    trackingLineId: mapping!.trackingLineId,
    callStartTime: new Date(),
  });
  const book = async (clock: string, attorneyId = refs.avery.id, inquiryId = inquiry.id) => {
    const res = await send('PUT', '/api/v1/appointment', SEEDED.admin, {
      inquiryId,
      attorneyId,
      appointmentDateTime: la(day, clock),
      appointmentLength: 30,
      appointmentStageId: 117,
      offset: -8,
    });
    if (res.statusCode !== 200) throw new Error(`${clock}: ${res.body}`);
    return res.json().id as string;
  };
  const showed = await book('10:00');
  const signed = await book('10:30');
  const noShow = await book('11:00');
  const cancelled = await book('11:30');
  const moved = await book('14:00');
  await book('15:00');
  const dallasInquiry = await createInquiryIn(t, refs.dallas.officeId);
  await book('08:00', refs.dallas.id, dallasInquiry.id);
  const stage = (ids: string[], stageId: number) =>
    t.db().update(appointments).set({ stageId }).where(inArray(appointments.id, ids));
  await stage([showed], 122);
  await stage([signed], 118);
  await stage([noShow], 121);
  await stage([cancelled], 119);
  // Rescheduled the way the appointments module does it (its audit row before and after).
  const res = await send('PUT', '/api/v1/appointment/rescheduleAppointment', SEEDED.admin, {
    appointmentId: moved,
    appointmentDateTime: la(day, '14:30'),
  });
  if (res.statusCode !== 200) throw new Error(res.body);

  const [reporter] = await t.db().select().from(users).where(eq(users.mail, CALL_CENTRE_REPORTER));
  await setPermissions(t.db(), reporter!.id, [
    {
      permissionType: 'CALL_CENTER_REPORTING',
      accessLevelDTO: [
        {
          accessType: 'READ',
          conditionDTO: [{ conditionType: 'OFFICE', relationType: 'EQUALS', values: [refs.avery.officeId] }],
        },
      ],
    },
  ]);
});
afterAll(async () => t?.close());

describe('POST /api/v1/reports/appointmentSummary', () => {
  it('401 without a token, 403 without either reporting permission, 400 with the messages', async () => {
    expect((await send('POST', url, null, range)).statusCode).toBe(401);
    expect((await send('POST', url, SEEDED.operator, range)).statusCode).toBe(403);
    const bad = await send('POST', url, SEEDED.admin, { ...range, groupBy: 'OPERATOR', timeZone: 'Mars/Base' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      groupBy: 'Group By must be one of OFFICE, ATTORNEY, LAW_TYPE, SOURCE, DAY.',
      timeZone: 'Time Zone must be a valid time zone.',
    });
    const order = await send('POST', url, SEEDED.admin, { dateFrom: day, dateTo: '2020-01-01' });
    expect(order.json().fieldErrors).toEqual({ dateTo: 'Date To cannot be before Date From.' });
  });

  it('counts set, showed, no show, cancelled, rescheduled and signed, with the rates', async () => {
    const res = await send('POST', url, SEEDED.admin, range);
    expect(res.statusCode).toBe(200);
    const summary = appointmentSummarySchema.parse(res.json());
    expect(summary.items).toEqual([
      {
        key: refs.avery.officeId,
        label: 'Los Angeles',
        set: 6,
        showed: 2,
        noShow: 1,
        cancelled: 1,
        rescheduled: 1,
        signed: 1,
        showRate: 66.7,
        signRate: 50,
      },
      {
        key: refs.dallas.officeId,
        label: 'Dallas',
        set: 1,
        showed: 0,
        noShow: 0,
        cancelled: 0,
        rescheduled: 0,
        signed: 0,
        showRate: null,
        signRate: null,
      },
    ]);
    expect(summary.totals).toMatchObject({ set: 7, showed: 2, showRate: 66.7 });
  });

  it('groups by source (the inquiry’s tracked call), attorney and law type', async () => {
    const bySource = appointmentSummarySchema.parse(
      (await send('POST', url, SEEDED.manager, { ...range, groupBy: 'SOURCE' })).json(),
    );
    expect(bySource.items.map((r) => [r.label, r.set])).toEqual([[source, 6]]);
    const byAttorney = appointmentSummarySchema.parse(
      (await send('POST', url, SEEDED.admin, { ...range, groupBy: 'ATTORNEY' })).json(),
    );
    expect(byAttorney.items.map((r) => r.set)).toEqual([6, 1]);
    const byLawType = appointmentSummarySchema.parse(
      (await send('POST', url, SEEDED.admin, { ...range, groupBy: 'LAW_TYPE' })).json(),
    );
    expect(byLawType.totals.set).toBe(7);
  });

  it('keeps a manager and a call-centre reporter to their offices (either reporting permission opens it)', async () => {
    for (const who of [SEEDED.manager, CALL_CENTRE_REPORTER]) {
      const res = await send('POST', url, who, range);
      expect(res.statusCode, who).toBe(200);
      expect(appointmentSummarySchema.parse(res.json()).items.map((r) => r.label)).toEqual(['Los Angeles']);
    }
    // CALL_CENTER_REPORTING does not open the chat count (texts are COMMUNICATION_REPORTING's).
    const chats = await send('POST', '/api/v1/reports/chatCountSummary', CALL_CENTRE_REPORTER, range);
    expect(chats.statusCode).toBe(403);
  });

  it('exports CSV, XLSX and PDF with the heading, in the manager’s offices only', async () => {
    const csv = await send('POST', `${url}/export`, SEEDED.manager, { ...range, format: 'csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="appointment-summary-${day}-to-${day}.csv"`);
    const { heading, table } = csvReport(csv.body);
    expect(heading).toMatchObject({
      Report: 'Appointment summary',
      'Grouped by': 'Office',
      Offices: 'Los Angeles, San Diego',
      'Time zone': 'America/Los_Angeles',
    });
    expect(table).toEqual([
      'Office,Set,Showed,No show,Cancelled,Rescheduled,Signed,Show rate %,Sign rate %',
      'Los Angeles,6,2,1,1,1,1,66.7,50',
      'Total,6,2,1,1,1,1,66.7,50',
    ]);
    const xlsx = await send('POST', `${url}/export`, CALL_CENTRE_REPORTER, { ...range, format: 'xlsx' });
    const rows = await xlsxRows(xlsx.rawPayload);
    expect(rows[0]).toEqual(['Appointment summary']);
    expect(rows).toContainEqual(['Offices', 'Los Angeles']);
    expect(rows.at(-1)).toEqual(['Total', 6, 2, 1, 1, 1, 1, 66.7, 50]);
    const pdf = await send('POST', `${url}/export`, SEEDED.manager, { ...range, format: 'pdf', groupBy: 'ATTORNEY' });
    const lines = pdfTextLines(pdf.rawPayload);
    expect(lines).toEqual(
      expect.arrayContaining(['Appointment summary', 'Grouped by: Attorney', 'Time zone: America/Los_Angeles']),
    );
    expect(lines.some((l) => l.startsWith('Generated by: '))).toBe(true);
    expect((await send('POST', `${url}/export`, SEEDED.operator, range)).statusCode).toBe(403);
  });
});
