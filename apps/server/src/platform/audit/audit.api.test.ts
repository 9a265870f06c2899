import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp } from '../../../test/support/test-app.ts';
import { recordAudit } from './audit.ts';
import { auditEvents } from './audit.tables.ts';

/** DESIGN §3: the audit trail is append-only, in the database itself, whatever code runs against it. */

let t: TestApp;
const ACTION = 'AUDIT_TEST_APPEND_ONLY';

beforeAll(async () => {
  t = await createTestApp();
  await recordAudit(t.db(), { action: ACTION, entity: 'test', detail: { note: 'kept' } });
});
afterAll(async () => t?.close());

const rowsOfThisTest = async () =>
  (await t.db().select({ n: count() }).from(auditEvents).where(eq(auditEvents.action, ACTION)))[0]!.n;

/** The database's refusal, as Drizzle wraps it (the message is in the error or its cause). */
async function refusal(statement: Promise<unknown>): Promise<string> {
  const error = await statement.then(
    () => undefined,
    (e: unknown) => e as { message?: string; cause?: { message?: string } },
  );
  expect(error, 'the statement should have been refused').toBeDefined();
  return `${error?.message ?? ''} ${error?.cause?.message ?? ''}`;
}

describe('audit_events is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, and the row stays', async () => {
    const db = t.db();
    expect(
      await refusal(db.update(auditEvents).set({ action: 'CHANGED' }).where(eq(auditEvents.action, ACTION))),
    ).toMatch(/append-only/);
    expect(await refusal(db.delete(auditEvents).where(eq(auditEvents.action, ACTION)))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`TRUNCATE audit_events`))).toMatch(/append-only/);
    expect(await rowsOfThisTest()).toBe(1);
  });
});
