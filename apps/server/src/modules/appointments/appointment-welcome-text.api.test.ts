import { randomInt } from 'node:crypto';
import { savedAppointmentSchema } from '@casedesk/contract/appointments/appointment-link';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInquiryIn, newClient } from '../../../test/support/inquiries.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { clients } from '../clients/clients.tables.ts';
import { smsMessages, smsOptOuts } from '../sms/sms.tables.ts';
import { appointmentRefs, futureTuesday, la, sender } from './appointments.test-support.ts';

let t: TestApp;
let refs: Awaited<ReturnType<typeof appointmentRefs>>;
let send: ReturnType<typeof sender>;
const day = futureTuesday(9);

beforeAll(async () => {
  t = await createTestApp();
  refs = await appointmentRefs(t);
  send = sender(t);
});
afterAll(async () => t?.close());

/** An inquiry of Los Angeles whose client has a number of its own (opt-outs are per number). */
async function laInquiry(client: Record<string, unknown> = {}) {
  const mobileNumber = `(213) 555-${String(randomInt(0, 10_000)).padStart(4, '0')}`;
  const inquiry = await createInquiryIn(t, refs.avery.officeId, { client: newClient({ mobileNumber, ...client }) });
  const [row] = await t.db().select().from(clients).where(eq(clients.id, inquiry.clientId));
  return { ...inquiry, mobileNumber: row!.mobileNumber! };
}

const book = (inquiryId: string, clock: string, overrides: Record<string, unknown> = {}) =>
  send('PUT', '/api/v1/appointment', SEEDED.operator, {
    inquiryId,
    attorneyId: refs.avery.id,
    appointmentDateTime: la(day, clock),
    appointmentLength: 15,
    sendWelcomeText: true,
    ...overrides,
  });

const textsTo = (clientId: string) =>
  t
    .db()
    .select()
    .from(smsMessages)
    .where(and(eq(smsMessages.clientId, clientId), eq(smsMessages.direction, 'OUTBOUND')));

describe('booking with the welcome SMS checkbox', () => {
  it('sends the welcome text through the SMS send path once the booking is saved', async () => {
    const inquiry = await laInquiry();
    const res = await book(inquiry.id, '09:00');
    expect(res.statusCode).toBe(200);
    const saved = savedAppointmentSchema.parse(res.json());
    expect(saved).toMatchObject({ welcomeText: 'SENT', inquiryId: inquiry.id, isCurrent: true });
    const texts = await textsTo(inquiry.clientId);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({
      toNumber: inquiry.mobileNumber,
      inquiryId: inquiry.id,
      operatorId: expect.any(String),
    });
    expect(texts[0]!.body).toMatch(/^Welcome Maria! This is Los Angeles/);
  });

  it('sends nothing when the checkbox is off', async () => {
    const inquiry = await laInquiry();
    const res = await book(inquiry.id, '09:15', { sendWelcomeText: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().welcomeText).toBe('NOT_REQUESTED');
    expect(await textsTo(inquiry.clientId)).toHaveLength(0);
  });

  it('books but does not text a client with auto-text off', async () => {
    const inquiry = await laInquiry();
    await t.db().update(clients).set({ autoText: false }).where(eq(clients.id, inquiry.clientId));
    const res = await book(inquiry.id, '09:30');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ welcomeText: 'SKIPPED_AUTO_TEXT_OFF', isActive: true });
    expect(await textsTo(inquiry.clientId)).toHaveLength(0);
  });

  it('books but does not text a number that replied STOP', async () => {
    const inquiry = await laInquiry();
    await t.db().insert(smsOptOuts).values({ phoneNumber: inquiry.mobileNumber, optedOut: true });
    const res = await book(inquiry.id, '09:45');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ welcomeText: 'SKIPPED_OPTED_OUT', isActive: true });
    expect(await textsTo(inquiry.clientId)).toHaveLength(0);
  });

  it('never texts when the booking is refused (409)', async () => {
    const first = await laInquiry();
    expect((await book(first.id, '10:00', { sendWelcomeText: false })).statusCode).toBe(200);
    const second = await laInquiry();
    const refused = await book(second.id, '10:00');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Event already scheduled for this date and time');
    expect(await textsTo(second.clientId)).toHaveLength(0);
  });

  it('an update of a booked appointment does not send the welcome text again', async () => {
    const inquiry = await laInquiry();
    const booked = await book(inquiry.id, '10:30');
    expect(booked.json().welcomeText).toBe('SENT');
    const moved = await book(inquiry.id, '10:45', { appointmentId: booked.json().id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().welcomeText).toBe('NOT_REQUESTED');
    expect(await textsTo(inquiry.clientId)).toHaveLength(1);
  });
});
