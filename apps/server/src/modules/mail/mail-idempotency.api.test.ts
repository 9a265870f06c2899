import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecondInstance } from '../../../test/support/second-instance.ts';
import { startSecondInstance } from '../../../test/support/second-instance.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { deliverMail } from './mail-delivery.ts';
import type { MailTransport } from './mail-transport.ts';
import { openMailTransport } from './mail-transport.ts';
import { mailOutbox } from './mail.tables.ts';
import type { MailRefs } from './mail.test-support.ts';
import { capturedCounts, mailRefs, waitForMail } from './mail.test-support.ts';

/**
 * DESIGN §3 Jobs: every job is safe to run twice. The same e-mail's job run twice at once sends it once; and two
 * instances on one PostgreSQL database, each with its workers and its own embedded SMTP server, deliver a batch
 * with every e-mail arriving exactly once.
 */
let t: TestApp;
let refs: MailRefs;
let transport: MailTransport;
const quiet = { error: () => undefined, warn: () => undefined };
beforeAll(async () => {
  t = await createTestApp();
  refs = await mailRefs(t);
  // A transport of the test's own (a second embedded server on another port), to run the job by hand.
  transport = await openMailTransport(t.config, t.db(), quiet);
});
afterAll(async () => {
  await transport?.close();
  await t?.close();
});

async function queued(n: number): Promise<string> {
  const [row] = await t
    .db()
    .insert(mailOutbox)
    .values({ officeId: refs.la.id, toAddresses: [`twice${n}@example.com`], subject: `Twice ${n}`, body: 'Once only' })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

describe('idempotent delivery', () => {
  it('the job of one e-mail run twice at once sends it once; run again later it does nothing', async () => {
    const ids = [await queued(1), await queued(2), await queued(3)];
    const deps = {
      db: t.db(),
      storage: t.app.files.storage,
      transport,
      jobs: { getJob: async () => null },
    };
    for (const id of ids) {
      const runs = await Promise.allSettled([
        deliverMail(deps, { id: `a-${id}`, queue: 'mail.send', data: { mailId: id } }),
        deliverMail(deps, { id: `b-${id}`, queue: 'mail.send', data: { mailId: id } }),
      ]);
      // One run sends; the other finds it held (and would be retried by pg-boss) or already SENT.
      expect(runs.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
      await deliverMail(deps, { id: `c-${id}`, queue: 'mail.send', data: { mailId: id } });
    }
    const rows = await t.db().select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    expect(rows.every((r) => r.status === 'SENT' && r.attempts === 1)).toBe(true);
    const counts = await capturedCounts(t, ids);
    expect(ids.map((id) => counts.get(id))).toEqual([1, 1, 1]);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two instances on one PostgreSQL database', () => {
  let second: SecondInstance;
  beforeAll(async () => {
    second = await startSecondInstance(t);
  });
  afterAll(async () => second?.close());

  it('share the queue: 60 e-mails sent through both arrive once each', async () => {
    const headers = await t.authFor(SEEDED.admin);
    const ids: string[] = [];
    for (let n = 0; n < 60; n += 1) {
      const app = n % 2 === 0 ? t.app : second.app;
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/mail/sendMail',
        headers,
        payload: { officeId: refs.la.id, to: [`both${n}@example.com`], subject: `Both ${n}`, body: 'Hello' },
      });
      expect(res.statusCode).toBe(200);
      ids.push(res.json<{ id: string }>().id);
    }
    for (const id of ids) await waitForMail(t, id);
    const counts = await capturedCounts(t, ids);
    expect(counts.size).toBe(60);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  }, 120_000);
});
