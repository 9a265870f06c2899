import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp } from '../../../test/support/test-app.ts';
import type { Job } from '../../platform/jobs/jobs.ts';
import type { CommunicationProvider } from '../../platform/providers/provider.ts';
import { DELIVERY_ERRORS, deliverSmsBatch, SMS_SEND_QUEUE } from './sms-delivery.ts';
import { smsMessages, smsOptOuts } from './sms.tables.ts';
import type { SmsRefs } from './sms.test-support.ts';
import { freshNumber, smsRefs } from './sms.test-support.ts';

let t: TestApp;
let refs: SmsRefs;
beforeAll(async () => {
  t = await createTestApp();
  refs = await smsRefs(t);
});
afterAll(async () => t?.close());

/** Texts stored as a send stores them, not yet handed to the job (this test runs the batch itself). */
async function queuedTexts(count: number) {
  const rows = Array.from({ length: count }, () => ({
    direction: 'OUTBOUND' as const,
    fromNumber: refs.la.smsNumber,
    toNumber: freshNumber(),
    body: 'Hi',
    officeId: refs.la.id,
  }));
  return t.db().insert(smsMessages).values(rows).returning();
}

const jobOf = (id: string): Job<{ messageId: string }> => ({ id, queue: SMS_SEND_QUEUE, data: { messageId: id } });

describe('the sms.send job, a batch at a time', () => {
  it('reads each text just before its send, records each result, and fails a text alone', async () => {
    const [first, stoppedMidBatch, unavailable, last] = await queuedTexts(4);
    const handedOver: string[] = [];
    // The provider the app runs, with two events of a real day: a STOP from the second number arriving while
    // the first text is being sent, and an outage for the third text's call.
    const provider: CommunicationProvider = {
      name: t.app.provider.name,
      startClickToCall: (request) => t.app.provider.startClickToCall(request),
      verifySignature: (url, params, signature) => t.app.provider.verifySignature(url, params, signature),
      async sendSms(message) {
        handedOver.push(message.to);
        if (message.to === first!.toNumber) {
          await t.db().insert(smsOptOuts).values({ phoneNumber: stoppedMidBatch!.toNumber, optedOut: true });
        }
        if (message.to === unavailable!.toNumber)
          throw Object.assign(new Error('Service Unavailable'), { status: 503 });
        return t.app.provider.sendSms(message);
      },
    };
    const failed: string[] = [];
    await deliverSmsBatch(
      { db: t.db(), provider: () => provider, jobs: t.app.jobs },
      [first, stoppedMidBatch, unavailable, last].map((text) => jobOf(text!.id)),
      async (job) => void failed.push(job.id),
    );

    expect(handedOver).toEqual([first!.toNumber, unavailable!.toNumber, last!.toNumber]);
    expect(failed).toEqual([unavailable!.id]); // its job is retried; the text stays queued
    const rows = await t
      .db()
      .select()
      .from(smsMessages)
      .where(inArray(smsMessages.id, [first!.id, stoppedMidBatch!.id, unavailable!.id, last!.id]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(first!.id)!.providerMessageSid).toBeTruthy();
    expect(byId.get(stoppedMidBatch!.id)).toMatchObject({
      status: 'failed',
      errorCode: DELIVERY_ERRORS.optedOut,
      providerMessageSid: null,
    });
    expect(byId.get(unavailable!.id)).toMatchObject({ status: 'queued', providerMessageSid: null });
    expect(byId.get(last!.id)!.providerMessageSid).toBeTruthy();

    // Run again, as after a crash: nothing recorded is handed over twice.
    handedOver.length = 0;
    await deliverSmsBatch(
      { db: t.db(), provider: () => provider, jobs: t.app.jobs },
      [first, stoppedMidBatch, last].map((text) => jobOf(text!.id)),
      async (job) => void failed.push(job.id),
    );
    expect(handedOver).toEqual([]);
  });
});
