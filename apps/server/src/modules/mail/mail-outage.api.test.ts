import { setTimeout as sleep } from 'node:timers/promises';
import { mailTransportSchema } from '@casedesk/contract/mail/mail';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Injector, TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, injector, SEEDED } from '../../../test/support/test-app.ts';
import { mailOutbox } from './mail.tables.ts';
import type { MailRefs } from './mail.test-support.ts';
import { capturedCounts, mailRefs, waitForMail } from './mail.test-support.ts';

/**
 * DESIGN §3 Jobs: an SMTP server that is down loses nothing. The embedded server is stopped in the middle of a
 * batch and started again on the same port; every e-mail arrives, none twice (counted by Message-ID at the
 * receiving end). Retries wait 1 s and double under NODE_ENV=test.
 */
let t: TestApp;
let call: Injector;
let refs: MailRefs;
beforeAll(async () => {
  t = await createTestApp();
  call = injector(t);
  refs = await mailRefs(t);
});
afterAll(async () => t?.close());

const send = async (n: number) => {
  const res = await call('POST', '/api/v1/mail/sendMail', SEEDED.admin, {
    officeId: refs.la.id,
    to: [`outage${n}@example.com`],
    subject: `Outage ${n}`,
    body: `Message ${n}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ id: string }>().id;
};

const setRunning = async (running: boolean) =>
  mailTransportSchema.parse((await call('PUT', '/api/v1/mail/transport', SEEDED.admin, { running })).json());

describe('the SMTP server goes down mid-batch', () => {
  it('delivers every e-mail once it is back, none twice', async () => {
    const { port } = await setRunning(true);
    const ids: string[] = [];
    for (let n = 0; n < 20; n += 1) ids.push(await send(n));
    // Stop as soon as the first has arrived, while the rest are being sent.
    await expect
      .poll(async () => (await capturedCounts(t, ids)).size, { timeout: 30_000, interval: 10 })
      .toBeGreaterThan(0);
    const stoppedAt = Date.now();
    const stopped = await setRunning(false);
    expect(stopped).toMatchObject({ running: false, port });
    // And five more while it is down: these cannot have gone anywhere yet.
    const whileDown: string[] = [];
    for (let n = 20; n < 25; n += 1) whileDown.push(await send(n));
    ids.push(...whileDown);
    await expect
      .poll(
        async () => {
          const rows = await t.db().select().from(mailOutbox).where(inArray(mailOutbox.id, whileDown));
          return rows.filter((r) => r.status === 'QUEUED' && r.attempts >= 1 && r.lastError !== null).length;
        },
        { timeout: 30_000, interval: 50 },
      )
      .toBe(5);
    const down = await t.db().select().from(mailOutbox).where(inArray(mailOutbox.id, whileDown));
    expect(down.every((r) => r.status !== 'SENT')).toBe(true);
    expect(down[0]!.lastError).toMatch(/ECONNREFUSED/);
    expect((await capturedCounts(t, whileDown)).size).toBe(0);

    await sleep(1_500);
    const restarted = await setRunning(true);
    expect(restarted).toMatchObject({ running: true, port });
    // Each retry waits about twice the one before, so an e-mail that kept failing through an outage of D seconds
    // is next tried within about 2 × D of the restart (a busy machine stretches D).
    const outage = Date.now() - stoppedAt;
    const patience = Math.max(60_000, 4 * outage);

    for (const id of ids) await waitForMail(t, id, ['SENT'], patience);
    const counts = await capturedCounts(t, ids);
    expect([...counts.keys()].sort()).toEqual([...ids].sort());
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const rows = await t.db().select().from(mailOutbox).where(inArray(mailOutbox.id, whileDown));
    expect(rows.every((r) => r.status === 'SENT' && r.attempts >= 2 && r.lastError === null)).toBe(true);
  }, 600_000);
});
