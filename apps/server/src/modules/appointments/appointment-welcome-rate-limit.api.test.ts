import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInquiryIn, newClient } from '../../../test/support/inquiries.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { smsMessages } from '../sms/sms.tables.ts';
import { appointmentRefs, futureTuesday, la, sender } from './appointments.test-support.ts';

let t: TestApp;
let refs: Awaited<ReturnType<typeof appointmentRefs>>;
let send: ReturnType<typeof sender>;
const day = futureTuesday(10);

beforeAll(async () => {
  // One text a minute, on a clock that stands still (the count never straddles a window's edge).
  const now = Date.UTC(2026, 0, 5, 9, 30, 10);
  t = await createTestApp({ SMS_RATE_LIMIT_PER_MINUTE: '1' }, { rateLimitClock: () => now });
  refs = await appointmentRefs(t);
  send = sender(t);
});
afterAll(async () => t?.close());

async function laInquiry() {
  const mobileNumber = `(213) 555-${String(randomInt(0, 10_000)).padStart(4, '0')}`;
  return createInquiryIn(t, refs.avery.officeId, { client: newClient({ mobileNumber }) });
}

const book = (inquiryId: string, clock: string) =>
  send('PUT', '/api/v1/appointment', SEEDED.operator, {
    inquiryId,
    attorneyId: refs.avery.id,
    appointmentDateTime: la(day, clock),
    appointmentLength: 15,
    sendWelcomeText: true,
  });

const textsTo = (clientId: string) =>
  t
    .db()
    .select()
    .from(smsMessages)
    .where(and(eq(smsMessages.clientId, clientId), eq(smsMessages.direction, 'OUTBOUND')));

describe('welcome texts and the SMS rate limit (DESIGN §7)', () => {
  it('a welcome text counts against the booker’s texts; past the limit the booking stands without it', async () => {
    const first = await laInquiry();
    expect((await book(first.id, '09:00')).json()).toMatchObject({ welcomeText: 'SENT' });

    const second = await laInquiry();
    const res = await book(second.id, '09:30');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ welcomeText: 'SKIPPED_RATE_LIMITED', isActive: true });
    expect(await textsTo(second.clientId)).toHaveLength(0);

    // The texts sent by hand draw on the same budget (the limit answers before the text is looked up).
    const anyId = '00000000-0000-4000-8000-000000000000';
    const retry = await send('POST', `/api/v1/sms/retry?id=${anyId}`, SEEDED.operator);
    expect(retry.statusCode).toBe(429);
  });
});
