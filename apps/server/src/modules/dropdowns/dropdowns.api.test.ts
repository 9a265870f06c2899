import { MESSAGES } from '@casedesk/contract/common/errors';
import {
  allOfficesListSchema,
  DROPDOWN_MESSAGES,
  dropdownOptionListSchema,
  officeOptionListSchema,
} from '@casedesk/contract/dropdowns/dropdown';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JURISDICTIONS, LAW_TYPES, SMS_CATEGORIES } from '../../../test/factories/reference-data.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { offices } from '../offices/offices.tables.ts';
import { resolveUserByEmail } from '../users/users.service.ts';
import { permissions } from '../access/access.tables.ts';
import { dropdownOptions } from './dropdowns.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const active = async (query: string, payload: unknown, email?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/dropdown/active${query}`,
    headers: email ? await t.authFor(email) : {},
    payload: payload as Record<string, unknown>,
  });
const get = async (url: string, email?: string) =>
  t.app.inject({ method: 'GET', url, headers: email ? await t.authFor(email) : {} });

describe('POST /api/v1/dropdown/active', () => {
  it('401 without a token', async () => {
    expect((await active('', { filter: { dropdownType: 'JURISDICTION' } })).statusCode).toBe(401);
  });

  it('403 for a disabled account', async () => {
    const res = await active('', { filter: { dropdownType: 'JURISDICTION' } }, SEEDED.disabled);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.accountInactive);
  });

  it('400 with a clear message for an unknown or missing type, or a bad isActive', async () => {
    for (const body of [{ filter: { dropdownType: 'COLOUR' } }, { filter: {} }, {}]) {
      const res = await active('', body, SEEDED.operator);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if ('filter' in body) expect(res.json().message).toBe(DROPDOWN_MESSAGES.dropdownType);
    }
    const res = await active('?isActive=maybe', { filter: { dropdownType: 'JURISDICTION' } }, SEEDED.operator);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: DROPDOWN_MESSAGES.isActive,
      fieldErrors: { isActive: DROPDOWN_MESSAGES.isActive },
    });
  });

  it('returns the seeded options of a type by sort order, with value and label', async () => {
    const res = await active('?isActive=true', { filter: { dropdownType: 'INQUIRY_LAW_TYPE' } }, SEEDED.collector);
    expect(res.statusCode).toBe(200);
    const list = dropdownOptionListSchema.parse(res.json());
    expect(list.map((o) => o.value)).toEqual([...LAW_TYPES]);
    expect(list.every((o) => o.label === o.value && o.dropdownType === 'INQUIRY_LAW_TYPE' && o.active)).toBe(true);
    const categories = dropdownOptionListSchema.parse(
      (await active('', { filter: { dropdownType: 'SMS_CATEGORY' } }, SEEDED.operator)).json(),
    );
    expect(categories.map((c) => [c.value, c.groupType])).toEqual(SMS_CATEGORIES.map((c) => [c.value, c.groupType]));
  });

  it('isActive=true leaves retired options out; isActive=false includes them', async () => {
    await t
      .db()
      .update(dropdownOptions)
      .set({ active: false })
      .where(and(eq(dropdownOptions.dropdownType, 'JURISDICTION'), eq(dropdownOptions.value, 'Federal')));
    const onlyActive = dropdownOptionListSchema.parse(
      (await active('?isActive=true', { filter: { dropdownType: 'JURISDICTION' } }, SEEDED.operator)).json(),
    );
    expect(onlyActive.map((o) => o.value)).toEqual(JURISDICTIONS.filter((j) => j !== 'Federal'));
    const all = dropdownOptionListSchema.parse(
      (await active('?isActive=false', { filter: { dropdownType: 'JURISDICTION' } }, SEEDED.operator)).json(),
    );
    expect(all.map((o) => o.value)).toEqual([...JURISDICTIONS]);
    expect(all.find((o) => o.value === 'Federal')?.active).toBe(false);
  });
});

describe('GET /api/v1/dropdown/office', () => {
  it('401 without a token', async () => {
    expect((await get('/api/v1/dropdown/office?officeDropdownType=LEADS')).statusCode).toBe(401);
  });

  it('400 with a clear message for a missing or unknown type', async () => {
    for (const url of ['/api/v1/dropdown/office', '/api/v1/dropdown/office?officeDropdownType=EVERYTHING']) {
      const res = await get(url, SEEDED.admin);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({
        message: DROPDOWN_MESSAGES.officeDropdownType,
        fieldErrors: { officeDropdownType: DROPDOWN_MESSAGES.officeDropdownType },
      });
    }
  });

  it('403 without the permission the type names (the collector has no LEADS)', async () => {
    const res = await get('/api/v1/dropdown/office?officeDropdownType=LEADS', SEEDED.collector);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.missingPermission);
  });

  it('without an office condition: every active office, by name', async () => {
    const res = await get('/api/v1/dropdown/office?officeDropdownType=LEADS', SEEDED.operator);
    expect(res.statusCode).toBe(200);
    const list = officeOptionListSchema.parse(res.json());
    const rows = await t.db().select().from(offices).where(eq(offices.status, 'ACTIVE'));
    expect(list.map((o) => o.id).sort()).toEqual(rows.map((o) => o.id).sort());
    expect(list.map((o) => o.name)).toEqual(list.map((o) => o.name).sort());
  });

  it("with an OFFICE condition: only the offices it allows, never another office's", async () => {
    const manager = await resolveUserByEmail(t.db(), SEEDED.manager);
    const [leads] = await t
      .db()
      .select()
      .from(permissions)
      .where(and(eq(permissions.userId, manager!.id), eq(permissions.permissionType, 'LEADS')));
    const allowed = leads!.accessLevels.find((l) => l.accessType === 'READ')!.conditionDTO[0]!.values;
    const list = officeOptionListSchema.parse(
      (await get('/api/v1/dropdown/office?officeDropdownType=LEADS', SEEDED.manager)).json(),
    );
    expect(list.map((o) => o.id).sort()).toEqual([...allowed].sort());
    expect(list.length).toBeLessThan((await t.db().select().from(offices)).length);
  });
});

describe('GET /api/v1/dropdown/allOffices', () => {
  it('401 without a token', async () => {
    expect((await get('/api/v1/dropdown/allOffices')).statusCode).toBe(401);
  });

  it('403 for a disabled account', async () => {
    expect((await get('/api/v1/dropdown/allOffices', SEEDED.disabled)).statusCode).toBe(403);
  });

  it('takes no input, so it has no 400: an unknown query parameter is ignored', async () => {
    expect((await get('/api/v1/dropdown/allOffices?x=1', SEEDED.collector)).statusCode).toBe(200);
  });

  it('every active office, id, name and time zone only, even for a user limited to one office', async () => {
    const [miami] = await t.db().select().from(offices).where(eq(offices.name, 'Miami'));
    await t.db().update(offices).set({ status: 'INACTIVE' }).where(eq(offices.id, miami!.id));
    const res = await get('/api/v1/dropdown/allOffices', SEEDED.manager);
    expect(res.statusCode).toBe(200);
    const list = allOfficesListSchema.parse(res.json());
    expect(Object.keys(res.json()[0]).sort()).toEqual(['id', 'name', 'timeZone']);
    expect(list.map((o) => o.name)).not.toContain('Miami');
    expect(list.map((o) => o.name)).toContain('Dallas');
    await t.db().update(offices).set({ status: 'ACTIVE' }).where(eq(offices.id, miami!.id));
  });
});
