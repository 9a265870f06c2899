import { MESSAGES } from '@casedesk/contract/common/errors';
import { FIELD_MESSAGES } from '@casedesk/contract/common/field-rules';
import type { OfficeWriteInput } from '@casedesk/contract/offices/office';
import {
  OFFICE_COLUMNS,
  OFFICE_MESSAGES,
  officeDetailSchema,
  officeListResponseSchema,
} from '@casedesk/contract/offices/office';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import { offices } from './offices.tables.ts';

let t: TestApp;
let ids: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db().select({ id: offices.id, name: offices.name }).from(offices);
  ids = Object.fromEntries(rows.map((r) => [r.name, r.id]));
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = async (method: Method, url: string, email?: string, payload?: object) =>
  t.app.inject({ method, url, headers: email ? await t.authFor(email) : {}, ...(payload ? { payload } : {}) });

let counter = 0;
function newOffice(overrides: Partial<OfficeWriteInput> = {}): OfficeWriteInput {
  counter += 1;
  const n = String(counter).padStart(2, '0');
  return {
    name: `Tucson ${n}`,
    officeType: 'OFFICE',
    phone: `(520) 555-71${n}`,
    smsNumber: `52055572${n}`,
    outboundCallerId: `52055573${n}`,
    timeZone: 'America/Phoenix',
    lmsOfficeId: `OFF-T${n}`,
    email: `tucson${n}@casedesk.local`,
    streetAddress: '1 S Church Ave',
    city: 'Tucson',
    state: 'AZ',
    zip: '85701',
    ...overrides,
  };
}

describe('the offices routes refuse the unsigned and the unpermitted', () => {
  const routes = (): [Method, string, object?][] => [
    ['POST', '/api/v1/office/all', {}],
    ['GET', `/api/v1/office/${ids.Dallas}`],
    ['GET', `/api/v1/office/${ids.Dallas}/staff`],
    ['POST', '/api/v1/office', newOffice()],
    ['PUT', `/api/v1/office/${ids.Dallas}`, newOffice()],
    ['PUT', `/api/v1/office/${ids.Dallas}/status`, { status: 'INACTIVE' }],
  ];

  it('401 without a token', async () => {
    for (const [method, url, body] of routes()) expect((await call(method, url, undefined, body)).statusCode).toBe(401);
  });

  it('403 without OFFICE (the operator has none)', async () => {
    for (const [method, url, body] of routes()) {
      const res = await call(method, url, SEEDED.operator, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(MESSAGES.missingPermission);
    }
  });

  it('403 to create for a manager (OFFICE READ and UPDATE only)', async () => {
    expect((await call('POST', '/api/v1/office', SEEDED.manager, newOffice())).statusCode).toBe(403);
  });
});

describe('POST /api/v1/office/all', () => {
  it('lists every office for the admin, inactive ones too, by name, with exactly the SPEC §2 columns', async () => {
    const res = await call('POST', '/api/v1/office/all', SEEDED.admin, { pageNumber: 1, pageSize: 100 });
    expect(res.statusCode).toBe(200);
    const page = officeListResponseSchema.parse(res.json());
    expect(page.totalCount).toBe(Object.keys(ids).length);
    expect(page.items.map((o) => o.name)).toEqual([...page.items.map((o) => o.name)].sort());
    expect(Object.keys(res.json().items[0]).sort()).toEqual(['id', ...OFFICE_COLUMNS.map((c) => c.id)].sort());
  });

  it('an office condition on OFFICE READ limits the list (the manager sees two offices)', async () => {
    const page = officeListResponseSchema.parse((await call('POST', '/api/v1/office/all', SEEDED.manager, {})).json());
    expect(page.items.map((o) => o.name).sort()).toEqual(['Los Angeles', 'San Diego']);
  });

  it('searches, filters by status and office type, sorts and pages', async () => {
    const search = async (body: object) =>
      officeListResponseSchema.parse((await call('POST', '/api/v1/office/all', SEEDED.admin, body)).json());
    expect((await search({ filter: { searchKeyword: 'dall' } })).items.map((o) => o.name)).toEqual(['Dallas']);
    expect((await search({ filter: { searchKeyword: '(214) 555' } })).items.map((o) => o.name)).toEqual(['Dallas']);
    expect((await search({ filter: { officeType: 'CALL_CENTER' } })).items.map((o) => o.name)).toEqual(['Call Center']);
    const byState = await search({ sortBy: 'state', sortOrder: 'DESC', pageSize: 2, pageNumber: 1 });
    expect(byState.items.map((o) => o.state)).toEqual(['TX', 'NV']);
    expect(byState.totalCount).toBe(Object.keys(ids).length);
    await t.db().update(offices).set({ status: 'INACTIVE' }).where(eq(offices.id, ids.Miami!));
    expect((await search({ filter: { status: 'INACTIVE' } })).items.map((o) => o.name)).toEqual(['Miami']);
    await t.db().update(offices).set({ status: 'ACTIVE' }).where(eq(offices.id, ids.Miami!));
  });

  it('400 with a clear message for an unknown column or status', async () => {
    const bad = await call('POST', '/api/v1/office/all', SEEDED.admin, { sortBy: 'password' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: OFFICE_MESSAGES.sortBy,
      fieldErrors: { sortBy: OFFICE_MESSAGES.sortBy },
    });
    const status = await call('POST', '/api/v1/office/all', SEEDED.admin, { filter: { status: 'CLOSED' } });
    expect(status.statusCode).toBe(400);
    expect(status.json().message).toBe(OFFICE_MESSAGES.status);
  });
});

describe('GET /api/v1/office/{officeId} and its staff', () => {
  it('answers one office with its numbers and zone', async () => {
    const res = await call('GET', `/api/v1/office/${ids['Los Angeles']}`, SEEDED.manager);
    expect(res.statusCode).toBe(200);
    expect(officeDetailSchema.parse(res.json())).toMatchObject({
      name: 'Los Angeles',
      timeZone: 'America/Los_Angeles',
    });
  });

  it('404 for an office outside the caller’s OFFICE READ, as for an unknown id; 400 for a malformed id', async () => {
    for (const url of [`/api/v1/office/${ids.Dallas}`, `/api/v1/office/${ids.Dallas}/staff`]) {
      const res = await call('GET', url, SEEDED.manager);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('Office not found');
    }
    expect((await call('GET', '/api/v1/office/00000000-0000-4000-8000-000000000000', SEEDED.admin)).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/v1/office/nope', SEEDED.admin)).statusCode).toBe(400);
  });

  it('lists the office’s attorneys, users and tracking lines, each by the caller’s permission for it', async () => {
    const admin = (await call('GET', `/api/v1/office/${ids['Los Angeles']}/staff`, SEEDED.admin)).json();
    expect(admin.attorneys.map((a: { name: string }) => a.name)).toContain('Avery Attorney');
    expect(admin.users.map((u: { mail: string }) => u.mail)).toContain(SEEDED.manager);
    expect(Array.isArray(admin.trackingLines)).toBe(true);
    // The manager has no TRACKING_LINE permission: that part is withheld, the others shown.
    const manager = (await call('GET', `/api/v1/office/${ids['Los Angeles']}/staff`, SEEDED.manager)).json();
    expect(manager.trackingLines).toBeNull();
    expect(manager.attorneys.length).toBe(admin.attorneys.length);
  });
});

describe('POST /api/v1/office', () => {
  it('creates an office with its time zone, audited; the office pickers offer it at once', async () => {
    const body = newOffice();
    const res = await call('POST', '/api/v1/office', SEEDED.admin, body);
    expect(res.statusCode).toBe(200);
    const created = officeDetailSchema.parse(res.json());
    expect(created).toMatchObject({
      name: body.name,
      phone: body.phone!.replace(/\D/g, ''),
      status: 'ACTIVE',
      timeZone: 'America/Phoenix',
    });
    const [audit] = await t.db().select().from(auditEvents).where(eq(auditEvents.entityId, created.id));
    expect(audit).toMatchObject({ action: 'office.create', entity: 'offices', before: null });
    const picker = (await call('GET', '/api/v1/dropdown/allOffices', SEEDED.operator)).json();
    expect(picker.map((o: { id: string }) => o.id)).toContain(created.id);
  });

  it('400 with field messages for a bad time zone, caller id, phone or email, writing nothing', async () => {
    const before = (await t.db().select().from(offices)).length;
    const cases: [Partial<OfficeWriteInput>, string, string][] = [
      [{ timeZone: 'Mars/Olympus' }, 'timeZone', OFFICE_MESSAGES.timeZone],
      [{ outboundCallerId: '555123456' }, 'outboundCallerId', OFFICE_MESSAGES.outboundCallerId],
      [{ phone: '555' }, 'phone', FIELD_MESSAGES.phone('Phone')],
      [{ email: 'not-an-email' }, 'email', FIELD_MESSAGES.email('Email')],
      [{ name: '  ' }, 'name', FIELD_MESSAGES.required('Name')],
      [{ officeType: 'BRANCH' as never }, 'officeType', OFFICE_MESSAGES.officeType],
    ];
    for (const [override, field, message] of cases) {
      const res = await call('POST', '/api/v1/office', SEEDED.admin, newOffice(override));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fieldErrors?.[field], field).toBe(message);
    }
    expect((await t.db().select().from(offices)).length).toBe(before);
  });

  it('409 with a plain message for a name in use', async () => {
    const res = await call('POST', '/api/v1/office', SEEDED.admin, newOffice({ name: 'Dallas' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(OFFICE_MESSAGES.duplicateName);
  });
});

describe('PUT /api/v1/office/{officeId}', () => {
  it('changes the details, audited with before and after', async () => {
    const created = (await call('POST', '/api/v1/office', SEEDED.admin, newOffice())).json();
    const changed = newOffice({ name: `${created.name} North`, timeZone: 'America/Denver', email: '' });
    const res = await call('PUT', `/api/v1/office/${created.id}`, SEEDED.admin, changed);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: changed.name, timeZone: 'America/Denver', email: null });
    const [audit] = await t
      .db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, created.id), eq(auditEvents.action, 'office.update')));
    expect(audit?.before).toMatchObject({ name: created.name });
    expect(audit?.after).toMatchObject({ name: changed.name });
  });

  it('404 outside the caller’s OFFICE UPDATE; 409 for another office’s name', async () => {
    const res = await call('PUT', `/api/v1/office/${ids.Dallas}`, SEEDED.manager, newOffice());
    expect(res.statusCode).toBe(404);
    const clash = await call(
      'PUT',
      `/api/v1/office/${ids['San Diego']}`,
      SEEDED.manager,
      newOffice({ name: 'Los Angeles' }),
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(OFFICE_MESSAGES.duplicateName);
  });
});

describe('PUT /api/v1/office/{officeId}/status', () => {
  it('deactivates: listed still, gone from the choices for new work; reactivates; each change audited once', async () => {
    const created = (await call('POST', '/api/v1/office', SEEDED.admin, newOffice())).json();
    const url = `/api/v1/office/${created.id}/status`;
    expect((await call('PUT', url, SEEDED.admin, { status: 'INACTIVE' })).json().status).toBe('INACTIVE');
    expect((await call('PUT', url, SEEDED.admin, { status: 'INACTIVE' })).statusCode).toBe(200);
    const listed = (
      await call('POST', '/api/v1/office/all', SEEDED.admin, { filter: { searchKeyword: created.name } })
    ).json();
    expect(listed.items).toMatchObject([{ id: created.id, status: 'INACTIVE' }]);
    for (const picker of [
      '/api/v1/dropdown/allOffices',
      '/api/v1/dropdown/smsOffice',
      '/api/v1/dropdown/office?officeDropdownType=LEADS',
    ]) {
      const options = (await call('GET', picker, SEEDED.admin)).json();
      expect(
        options.map((o: { id: string }) => o.id),
        picker,
      ).not.toContain(created.id);
    }
    const numbers = (await call('GET', '/api/v1/dropdown/outgoingCallNumbers', SEEDED.admin)).json();
    expect(numbers.map((o: { id: string }) => o.id)).not.toContain(created.id);
    expect((await call('PUT', url, SEEDED.admin, { status: 'ACTIVE' })).json().status).toBe('ACTIVE');
    const actions = await t
      .db()
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, created.id), like(auditEvents.action, 'office.%activate')))
      .orderBy(asc(auditEvents.id));
    expect(actions.map((a) => a.action)).toEqual(['office.deactivate', 'office.reactivate']);
  });

  it('400 for an unknown status; 404 outside the scope', async () => {
    const bad = await call('PUT', `/api/v1/office/${ids['Los Angeles']}/status`, SEEDED.manager, { status: 'DELETED' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ status: OFFICE_MESSAGES.status });
    expect(
      (await call('PUT', `/api/v1/office/${ids.Dallas}/status`, SEEDED.manager, { status: 'INACTIVE' })).statusCode,
    ).toBe(404);
  });
});
