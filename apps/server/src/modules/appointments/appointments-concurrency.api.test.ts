import type { AddressInfo } from 'node:net';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import { calendarEvents } from '../calendar/calendar.tables.ts';
import { createInquiryIn } from '../../../test/support/inquiries.ts';
import { appointments } from './appointments.tables.ts';
import { appointmentRefs, futureTuesday, la } from './appointments.test-support.ts';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t?.close());

/**
 * "No double booking, ever." 100 bookings of overlapping slots of one attorney race each other
 * over real HTTP (on PostgreSQL, over a pool of connections): the exclusion constraint lets exactly one
 * through; the 99 others get 409 and leave nothing behind.
 */
describe('100 concurrent overlapping bookings', () => {
  it('books exactly one; 99 are refused with 409; nothing else is written', async () => {
    const { avery } = await appointmentRefs(t);
    const inquiry = await createInquiryIn(t, avery.officeId);
    const day = futureTuesday(10);
    const headers = { ...(await t.authFor(SEEDED.operator)), 'content-type': 'application/json' };
    // A user's first request links their sign-in identity, an audit row of its own: made before counting.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user', headers })).statusCode).toBe(200);
    const countOf = async (table: typeof appointments | typeof calendarEvents | typeof auditEvents) =>
      Number((await t.db().select({ n: count() }).from(table))[0]!.n);
    const before = {
      appointments: await countOf(appointments),
      events: await countOf(calendarEvents),
      audits: await countOf(auditEvents),
    };

    // Starts at 10:00, 10:15, 10:30 and 10:45 with 60-minute lengths: every pair overlaps.
    const starts = ['10:00', '10:15', '10:30', '10:45'];
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        fetch(`${baseUrl}/api/v1/appointment`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({
            inquiryId: inquiry.id,
            attorneyId: avery.id,
            appointmentDateTime: la(day, starts[i % starts.length]!),
            appointmentLength: 60,
          }),
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as { message?: string; id?: string } })),
      ),
    );

    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    expect(new Set(responses.filter((r) => r.status === 409).map((r) => r.body.message))).toEqual(
      new Set(['Event already scheduled for this date and time']),
    );
    const booked = responses.find((r) => r.status === 200)!.body.id!;
    expect(await countOf(appointments)).toBe(before.appointments + 1);
    expect(await countOf(calendarEvents)).toBe(before.events + 1);
    expect(await countOf(auditEvents)).toBe(before.audits + 1);
    const [event] = await t.db().select().from(calendarEvents).where(eq(calendarEvents.appointmentId, booked));
    expect(event).toBeDefined();
  });
});

describe('concurrent bookings of one inquiry at different times', () => {
  it('both book; the inquiry still has exactly one current appointment', async () => {
    const { avery, laOther } = await appointmentRefs(t);
    const inquiry = await createInquiryIn(t, avery.officeId);
    const day = futureTuesday(11);
    const headers = { ...(await t.authFor(SEEDED.operator)), 'content-type': 'application/json' };
    // A user's first request links their sign-in identity, an audit row of its own: made before counting.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user', headers })).statusCode).toBe(200);
    const responses = await Promise.all(
      [avery.id, laOther.id, avery.id, laOther.id].map((attorneyId, i) =>
        fetch(`${baseUrl}/api/v1/appointment`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({
            inquiryId: inquiry.id,
            attorneyId,
            appointmentDateTime: la(day, i < 2 ? '13:00' : '14:00'),
          }),
        }).then((r) => r.status),
      ),
    );
    expect(responses).toEqual([200, 200, 200, 200]);
    const current = await t
      .db()
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.inquiryId, inquiry.id), eq(appointments.isCurrent, true)));
    expect(current).toHaveLength(1);
  });
});
