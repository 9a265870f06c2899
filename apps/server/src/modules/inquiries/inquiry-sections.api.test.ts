import { inquiryDetailSchema } from '@casedesk/contract/inquiries/inquiry';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { findPermissionsOfUser, setPermissions } from '../access/access.service.ts';
import { calls } from '../calls/calls.tables.ts';
import { dropdownOptions } from '../dropdowns/dropdowns.tables.ts';
import { smsMessages } from '../sms/sms.tables.ts';
import { users } from '../users/users.tables.ts';
import { inquiries } from './inquiries.tables.ts';
import { createInquiryIn, seededRefs } from './inquiries.test-support.ts';

let t: TestApp;
let inquiryId: string;
const bodies = (texts: { body: string }[]) => texts.map((s) => s.body).sort();

// An inquiry in Los Angeles (in every seeded caller's LEADS scope) with a text in each SMS category type.
beforeAll(async () => {
  t = await createTestApp();
  const refs = await seededRefs(t);
  const inquiry = await createInquiryIn(t, refs.inScopeOffice);
  inquiryId = inquiry.id;
  const categories = await t
    .db()
    .select()
    .from(dropdownOptions)
    .where(eq(dropdownOptions.dropdownType, 'SMS_CATEGORY'));
  const category = (value: string) => categories.find((c) => c.value === value)!.id;
  const text = (body: string, categoryId: string | null) => ({
    direction: 'INBOUND' as const,
    fromNumber: '2135550142',
    toNumber: '2135550100',
    body,
    clientId: inquiry.clientId,
    inquiryId,
    officeId: refs.inScopeOffice,
    categoryId,
  });
  await t
    .db()
    .insert(smsMessages)
    .values([
      text('call center text', category('Call Center')),
      text('collections text', category('Collections')),
      text('uncategorized text', null),
    ]);
});
afterAll(async () => t?.close());

async function inquiryAs(email: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/inquiry?inquiryId=${inquiryId}`,
    headers: await t.authFor(email),
  });
  expect(res.statusCode).toBe(200);
  return inquiryDetailSchema.parse(res.json());
}

describe('GET /api/v1/inquiry: the inquiry’s texts follow the caller’s SMS READ (SPEC §6)', () => {
  it('an operator reads the texts of the Call Center and Office category types only', async () => {
    const inquiry = await inquiryAs(SEEDED.operator);
    expect(bodies(inquiry.smsMessages)).toEqual(['call center text', 'uncategorized text']);
  });

  it('a manager without a category condition reads every text of their office', async () => {
    const inquiry = await inquiryAs(SEEDED.manager);
    expect(bodies(inquiry.smsMessages)).toEqual(['call center text', 'collections text', 'uncategorized text']);
  });

  it('a caller with LEADS READ and no SMS READ reads the inquiry without its texts', async () => {
    const [manager] = await t.db().select().from(users).where(eq(users.mail, SEEDED.manager));
    const saved = await findPermissionsOfUser(t.db(), manager!.id);
    await setPermissions(
      t.db(),
      manager!.id,
      saved.filter((p) => p.permissionType !== 'SMS'),
    );
    try {
      const inquiry = await inquiryAs(SEEDED.manager);
      expect(inquiry.id).toBe(inquiryId);
      expect(inquiry.smsMessages).toEqual([]);
    } finally {
      await setPermissions(t.db(), manager!.id, saved);
    }
  });
});

describe('GET /api/v1/inquiry: the inquiry’s calls follow the caller’s CALLS READ (SPEC §6)', () => {
  it('a caller with LEADS READ and no CALLS READ reads the inquiry without its calls', async () => {
    const [inquiry] = await t.db().select().from(inquiries).where(eq(inquiries.id, inquiryId));
    const [call] = await t
      .db()
      .insert(calls)
      .values({ direction: 'INBOUND', inquiryId, clientId: inquiry!.clientId, officeId: inquiry!.officeId })
      .returning();
    expect((await inquiryAs(SEEDED.manager)).calls.map((c) => c.id)).toEqual([call!.id]);
    const [manager] = await t.db().select().from(users).where(eq(users.mail, SEEDED.manager));
    const saved = await findPermissionsOfUser(t.db(), manager!.id);
    await setPermissions(
      t.db(),
      manager!.id,
      saved.filter((p) => p.permissionType !== 'CALLS'),
    );
    try {
      expect((await inquiryAs(SEEDED.manager)).calls).toEqual([]);
    } finally {
      await setPermissions(t.db(), manager!.id, saved);
    }
  });
});
