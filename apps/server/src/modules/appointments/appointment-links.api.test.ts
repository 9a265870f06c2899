import { randomUUID } from 'node:crypto';
import {
  APPOINTMENT_LINK_MESSAGES,
  appointmentLinkSchema,
  publicAppointmentDetailSchema,
} from '@casedesk/contract/appointments/appointment-link';
import { addDays } from '@casedesk/contract/appointments/zoned-time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInquiryIn, newClient } from '../../../test/support/inquiries.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED, TEST_PUBLIC_URL } from '../../../test/support/test-app.ts';
import { createLinkSigner, loadOrCreateSigningKey } from '../../platform/files/upload-signer.ts';
import { attorneys } from '../attorneys/attorneys.tables.ts';
import { APPOINTMENT_LINK_PURPOSE, signAppointmentToken } from './appointment-token.ts';
import { appointmentRefs, futureTuesday, la, sender } from './appointments.test-support.ts';

let t: TestApp;
let refs: Awaited<ReturnType<typeof appointmentRefs>>;
let send: ReturnType<typeof sender>;
let inquiry: { id: string; clientId: string };
const day = futureTuesday(10);

beforeAll(async () => {
  t = await createTestApp();
  refs = await appointmentRefs(t);
  send = sender(t);
  inquiry = await createInquiryIn(t, refs.avery.officeId, { client: newClient({ mobileNumber: '(213) 555-7301' }) });
});
afterAll(async () => t?.close());

async function book(clock: string, overrides: Record<string, unknown> = {}, as: string = SEEDED.operator) {
  const res = await send('PUT', '/api/v1/appointment', as, {
    inquiryId: inquiry.id,
    attorneyId: refs.avery.id,
    appointmentDateTime: la(day, clock),
    appointmentLength: 30,
    ...overrides,
  });
  if (res.statusCode !== 200) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; inquiryId: string };
}

const linkOf = (appointmentId: string, as: string | null = SEEDED.operator) =>
  send('GET', `/api/v1/appointment/link/${appointmentId}`, as);

const detail = (token: string | undefined) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/public/appointment-detail${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`,
  });

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

function expectInvalid(res: Awaited<ReturnType<typeof detail>>) {
  expect(res.statusCode).toBe(404);
  expect(res.json().message).toBe(APPOINTMENT_LINK_MESSAGES.invalid);
}

describe('GET /api/v1/appointment/link/{appointmentId}', () => {
  it('401 without a token, 403 without APPOINTMENT_SET READ, 400 for a malformed id, 404 for an unknown one', async () => {
    const booked = await book('09:00');
    expect((await linkOf(booked.id, null)).statusCode).toBe(401);
    expect((await linkOf(booked.id, SEEDED.attorney)).statusCode).toBe(403);
    expect((await linkOf('not-a-uuid')).statusCode).toBe(400);
    expect((await linkOf(randomUUID())).statusCode).toBe(404);
  });

  it('gives the absolute /appt-detail link, valid until 24 hours after the appointment ends', async () => {
    const booked = await book('09:30');
    const res = await linkOf(booked.id);
    expect(res.statusCode).toBe(200);
    const link = appointmentLinkSchema.parse(res.json());
    expect(link.url).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/appt-detail\\?token=[\\w-]+\\.[\\w-]+$`));
    expect(link.expiresAt).toBe(new Date(Date.parse(la(day, '10:00')) + 86_400_000).toISOString());
  });

  it('404 for an appointment in an office outside the caller’s condition', async () => {
    const dallasInquiry = await createInquiryIn(t, refs.dallas.officeId);
    const dallas = await book('08:00', { inquiryId: dallasInquiry.id, attorneyId: refs.dallas.id }, SEEDED.admin);
    expect((await linkOf(dallas.id, SEEDED.admin)).statusCode).toBe(200);
    expect((await linkOf(dallas.id, SEEDED.manager)).statusCode).toBe(404);
  });
});

describe('GET /api/v1/public/appointment-detail (SPEC §2 /appt-detail, no sign-in)', () => {
  it('shows date, time, office address, attorney, Zoom link and length, and nothing else', async () => {
    const zoomLink = 'https://zoom.us/j/5550001111';
    await t.db().update(attorneys).set({ zoomLink }).where(eq(attorneys.id, refs.avery.id));
    const booked = await book('10:00');
    const res = await detail(tokenOf((await linkOf(booked.id)).json().url));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      ['attorneyName', 'date', 'dateTime', 'length', 'officeAddress', 'officeName', 'time', 'zoomLink'].sort(),
    );
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    const month = new Date(Date.UTC(y, m - 1, d)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
    expect(publicAppointmentDetailSchema.parse(body)).toEqual({
      dateTime: new Date(la(day, '10:00')).toISOString(),
      date: `Tuesday, ${month} ${d}, ${y}`,
      time: expect.stringMatching(/^10:00 AM P[DS]T$/),
      length: 30,
      officeName: 'Los Angeles',
      officeAddress: '350 S Grand Ave, Los Angeles, CA 90071',
      attorneyName: 'Avery Attorney',
      zoomLink,
    });
  });

  it('the same plain 404 for a missing, malformed, tampered or foreign token', async () => {
    const booked = await book('10:30');
    const token = tokenOf((await linkOf(booked.id)).json().url);
    expectInvalid(await detail(undefined));
    expectInvalid(await detail(''));
    expectInvalid(await detail('hello'));
    // The first character of each part: the last one of a base64url string carries spare bits.
    const [payload, signature] = token.split('.') as [string, string];
    const flip = (s: string) => `${s[0] === 'A' ? 'B' : 'A'}${s.slice(1)}`;
    expectInvalid(await detail(`${flip(payload)}.${signature}`));
    expectInvalid(await detail(`${payload}.${flip(signature)}`));
    // A token signed with another key names the right appointment but is not ours.
    const stranger = createLinkSigner(Buffer.alloc(32, 7), APPOINTMENT_LINK_PURPOSE);
    expectInvalid(await detail(signAppointmentToken(stranger, booked.id, Math.floor(Date.now() / 1000) + 3600)));
    expect((await detail(token)).statusCode).toBe(200);
  });

  it('404 once the appointment named has been over for 24 hours; a moved appointment takes its link along', async () => {
    // Through the API: an appointment recorded in the past has a link that is already dead.
    let pastDay = addDays(futureTuesday(0), -14);
    while (new Date(`${pastDay}T12:00:00Z`).getUTCDay() !== 2) pastDay = addDays(pastDay, 1);
    const past = await book('09:00', { appointmentDateTime: la(pastDay, '09:00'), schedulePast: true });
    const link = appointmentLinkSchema.parse((await linkOf(past.id)).json());
    expect(Date.parse(link.expiresAt)).toBeLessThan(Date.now());
    expectInvalid(await detail(tokenOf(link.url)));

    // A link sent before the appointment was moved to a later day: its signed expiry has passed, and it
    // still opens, on the new time.
    const moved = await book('11:00');
    const signer = createLinkSigner(
      await loadOrCreateSigningKey(t.db(), 'appointment-links'),
      APPOINTMENT_LINK_PURPOSE,
    );
    const sentEarlier = signAppointmentToken(signer, moved.id, Math.floor(Date.now() / 1000) - 1);
    const opened = await detail(sentEarlier);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().dateTime).toBe(la(day, '11:00'));

    // … and one moved into the past (recorded late) dies with it, though its signed expiry is ahead.
    const current = appointmentLinkSchema.parse((await linkOf(moved.id)).json());
    expect((await detail(tokenOf(current.url))).statusCode).toBe(200);
    const back = await send('PUT', '/api/v1/appointment/rescheduleAppointment', SEEDED.operator, {
      appointmentId: moved.id,
      appointmentDateTime: la(pastDay, '11:00'),
      schedulePast: true,
    });
    expect(back.statusCode).toBe(200);
    expectInvalid(await detail(tokenOf(current.url)));
  });

  it('404 for a cancelled or a deleted appointment', async () => {
    const cancelled = await book('13:00');
    const cancelledToken = tokenOf((await linkOf(cancelled.id)).json().url);
    const patched = await send('PATCH', `/api/v1/appointment/${inquiry.id}/${cancelled.id}`, SEEDED.operator, {
      stageId: 119,
    });
    expect(patched.statusCode).toBe(200);
    expectInvalid(await detail(cancelledToken));

    const deleted = await book('13:30');
    const deletedToken = tokenOf((await linkOf(deleted.id)).json().url);
    expect((await detail(deletedToken)).statusCode).toBe(200);
    const removed = await send('DELETE', `/api/v1/appointment/${inquiry.id}/${deleted.id}`, SEEDED.operator);
    expect(removed.statusCode).toBe(200);
    expectInvalid(await detail(deletedToken));
    expect((await linkOf(deleted.id)).statusCode).toBe(404);
  });
});

describe('@appointmentLink in the meeting instructions (chat option)', () => {
  it('links the inquiry’s current appointment; the link opens its detail', async () => {
    const current = await book('14:00');
    const res = await send('POST', '/api/v1/sms/chatOption', SEEDED.operator, {
      option: 'SEND_MEETING_INSTRUCTIONS',
      clientId: inquiry.clientId,
      inquiryId: inquiry.id,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json().message.body as string;
    expect(body).not.toMatch(/@\w/);
    const url = /(http:\/\/\S+\/appt-detail\?token=[\w.-]+)/.exec(body)?.[1];
    expect(url).toBeDefined();
    const opened = await detail(tokenOf(url!));
    expect(opened.statusCode).toBe(200);
    expect(opened.json().dateTime).toBe(new Date(la(day, '14:00')).toISOString());
    expect(current.inquiryId).toBe(inquiry.id);
  });
});
