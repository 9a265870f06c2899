import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../../test/support/test-app.ts';
import { SEEDED } from '../../../test/support/test-app.ts';
import { clients } from '../clients/clients.tables.ts';
import { dropdownOptions } from '../dropdowns/dropdowns.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';
import { smsMessages } from './sms.tables.ts';

/** Ids the SMS API tests need from the seeded template database. */
export async function smsRefs(t: TestApp) {
  const db = t.db();
  const officeRows = await db.select().from(offices);
  const office = (name: string) => officeRows.find((o) => o.name === name)!;
  const options = await db.select().from(dropdownOptions);
  const option = (type: string, value: string) => options.find((o) => o.dropdownType === type && o.value === value)!;
  const userRows = await db.select({ id: users.id, mail: users.mail }).from(users);
  const user = (mail: string) => userRows.find((u) => u.mail === mail)!.id;
  return {
    // The seeded manager's SMS access is limited to Los Angeles and San Diego.
    la: office('Los Angeles'),
    sd: office('San Diego'),
    lv: office('Las Vegas'),
    callCenter: office('Call Center'),
    callCenterCategory: option('SMS_CATEGORY', 'Call Center'),
    officeCategory: option('SMS_CATEGORY', 'Office'),
    collectionsCategory: option('SMS_CATEGORY', 'Collections'),
    reason: option('SMS_REASON', 'Case Status'),
    otherReason: option('SMS_REASON', 'Other'),
    userId: user,
  };
}

export type SmsRefs = Awaited<ReturnType<typeof smsRefs>>;

let nextNumber = 0;
/** A phone number no seeded client or text uses (555-01xx is reserved for fiction). */
export function freshNumber(): string {
  nextNumber += 1;
  return `${String(201 + (process.pid % 700)).padStart(3, '0')}555${String(9000 + nextNumber).slice(-4)}`;
}

export function injector(t: TestApp) {
  return async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    as: string | null,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      headers: as ? await t.authFor(as) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** A valid send body from an office to a number. */
export function sendBody(refs: SmsRefs, overrides: Record<string, unknown> = {}) {
  return {
    fromNumber: refs.la.smsNumber,
    toNumber: freshNumber(),
    body: 'Hello from the office',
    direction: 'OUTBOUND',
    categoryId: refs.officeCategory.id,
    reasonId: refs.reason.id,
    ...overrides,
  };
}

/** Waits for the sms.send job to hand the text to the provider (its provider id is stored). */
export async function waitForProviderSid(t: TestApp, messageId: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await t
      .db()
      .select({ sid: smsMessages.providerMessageSid, status: smsMessages.status })
      .from(smsMessages)
      .where(eq(smsMessages.id, messageId));
    if (row?.sid) return row.sid;
    if (row && row.status !== 'queued') throw new Error(`text ${messageId} ended ${row.status} without a provider id`);
    if (Date.now() > deadline) throw new Error(`text ${messageId} was not handed to the provider in time`);
    await sleep(100);
  }
}

/** A seeded live client with a primary number, and that number. */
export async function seededClientWithPhone(t: TestApp, officeId?: string) {
  const [row] = await t
    .db()
    .select({ id: clients.id, primaryNumber: clients.primaryNumber, officeId: clients.officeId })
    .from(clients)
    .where(officeId ? and(eq(clients.officeId, officeId)) : undefined)
    .limit(1);
  return row!;
}

export { SEEDED };
