import { randomUUID } from 'node:crypto';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import { MESSAGES } from '@casedesk/contract/common/errors';
import { ALL_TEMPLATE_PLACEHOLDERS } from '@casedesk/contract/sms/template-fill';
import type { ManagedTemplate, TemplateCreateInput } from '@casedesk/contract/templates/template';
import {
  managedTemplateListSchema,
  managedTemplateSchema,
  TEMPLATE_MESSAGES,
  templateListSchema,
  templatePreviewSchema,
} from '@casedesk/contract/templates/template';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Injector, TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, injector, SEEDED } from '../../../test/support/test-app.ts';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import type { Db } from '../../platform/db/database.ts';
import { setPermissions } from '../access/access.service.ts';
import { insertCollectionAccount } from '../../../test/factories/collection-accounts.factory.ts';
import { clients } from '../clients/clients.tables.ts';
import { collectionTerms } from '../collections/collections.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { resolveUserByEmail } from '../users/users.service.ts';

let t: TestApp;
let db: Db;
let refs: Awaited<ReturnType<typeof loadRefs>>;
let send: Injector;

/** The seeded offices, the collector, and a term that is not a payment plan. */
async function loadRefs(db: Db) {
  const officeRows = await db.select().from(offices);
  const office = (name: string) => officeRows.find((o) => o.name === name)!;
  await db.insert(collectionTerms).values({ name: 'Pay in Full', isPaymentPlan: false }).onConflictDoNothing();
  const [term] = await db.select().from(collectionTerms).where(eq(collectionTerms.name, 'Pay in Full'));
  return {
    la: office('Los Angeles'),
    miami: office('Miami'),
    collectorId: (await resolveUserByEmail(db, SEEDED.collector))!.id,
    payInFullTerm: term!.id,
  };
}

/** A client of its own in an office (Los Angeles unless named) and a collection account on them. */
async function insertAccount(options: { officeId?: string; firstName?: string; termId?: string } = {}) {
  const officeId = options.officeId ?? refs.la.id;
  const [client] = await db
    .insert(clients)
    .values({ firstName: options.firstName ?? 'Dana', lastName: 'Debtor', officeId })
    .returning({ id: clients.id });
  const account = await insertCollectionAccount(db, {
    officeId,
    clientId: client!.id,
    collectorId: refs.collectorId,
    ...(options.termId ? { termId: options.termId } : {}),
  });
  return { id: account.id, clientId: client!.id };
}

const level = (
  permissionType: Permission['permissionType'],
  access: readonly ('READ' | 'CREATE' | 'UPDATE')[],
  conditionDTO: Permission['accessLevelDTO'][number]['conditionDTO'] = [],
): Permission => ({ permissionType, accessLevelDTO: access.map((accessType) => ({ accessType, conditionDTO })) });

beforeAll(async () => {
  t = await createTestApp();
  db = t.db();
  refs = await loadRefs(db);
  send = injector(t);
  // The attorney here manages collections for Los Angeles only: reads the firm-wide templates, previews for
  // Los Angeles' accounts and clients, changes no template (they serve every office).
  const losAngeles = [{ conditionType: 'OFFICE' as const, relationType: 'EQUALS' as const, values: [refs.la.id] }];
  const attorney = (await resolveUserByEmail(db, SEEDED.attorney))!.id;
  await setPermissions(db, attorney, [
    level('COLLECTION_MANAGEMENT', ['READ', 'CREATE', 'UPDATE'], losAngeles),
    level('ALL_ACCOUNTS', ['READ'], losAngeles),
    level('CLIENT_PROFILE', ['READ'], losAngeles),
  ]);
});
afterAll(async () => t?.close());

let n = 0;
const fresh = (overrides: Partial<TemplateCreateInput> = {}): TemplateCreateInput => ({
  name: `Template ${++n} ${randomUUID().slice(0, 6)}`,
  templateType: 'TEXT',
  content: 'Hi @clientFirstName, your balance is @balance. Reply STOP to opt out.',
  collections: true,
  ...overrides,
});
const create = async (overrides: Partial<TemplateCreateInput> = {}): Promise<ManagedTemplate> => {
  const res = await send('POST', '/api/v1/template', SEEDED.admin, fresh(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return managedTemplateSchema.parse(res.json());
};
const refusal = (res: { statusCode: number; json: () => { message: string; fieldErrors?: object } }) => ({
  status: res.statusCode,
  message: res.json().message,
});

describe('POST /api/v1/template', () => {
  it('401 without a token; 403 without Collection Management or with it under an office condition', async () => {
    expect((await send('POST', '/api/v1/template', null, fresh())).statusCode).toBe(401);
    for (const who of [SEEDED.operator, SEEDED.collector, SEEDED.manager]) {
      const res = await send('POST', '/api/v1/template', who, fresh());
      expect(res.statusCode, who).toBe(403);
      expect(res.json().message).toBe(MESSAGES.missingPermission);
    }
    expect(refusal(await send('POST', '/api/v1/template', SEEDED.attorney, fresh()))).toEqual({
      status: 403,
      message: TEMPLATE_MESSAGES.firmWide,
    });
  });

  it('creates a template, audited; senders are offered it', async () => {
    const made = await create({ name: '  Balance (short)  ' });
    expect(made).toMatchObject({ name: 'Balance (short)', active: true, collections: true, purpose: null });
    const offered = templateListSchema.parse(
      (await send('GET', '/api/v1/template/byTemplateType?templateType=TEXT', SEEDED.operator)).json(),
    );
    expect(offered.map((x) => x.id)).toContain(made.id);
    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'template.create'), eq(auditEvents.entityId, made.id)));
    expect(audit?.after).toMatchObject({ name: 'Balance (short)', collections: true });
  });

  it('400 with the field messages: name, type, content', async () => {
    const cases: [Partial<TemplateCreateInput>, string][] = [
      [{ name: '   ' }, TEMPLATE_MESSAGES.name],
      [{ name: 'x'.repeat(101) }, TEMPLATE_MESSAGES.nameLength],
      [{ templateType: 'text' as never }, TEMPLATE_MESSAGES.templateType],
      [{ content: ' ' }, TEMPLATE_MESSAGES.content],
      [{ content: `${'x'.repeat(1590)} Reply STOP to opt out.` }, TEMPLATE_MESSAGES.contentLength('TEXT')],
    ];
    for (const [overrides, message] of cases) {
      const res = await send('POST', '/api/v1/template', SEEDED.admin, fresh(overrides));
      expect(refusal(res), message).toEqual({ status: 400, message });
    }
  });

  it('400 for an unknown placeholder, naming each; punctuation and e-mail addresses are not placeholders', async () => {
    const res = await send(
      'POST',
      '/api/v1/template',
      SEEDED.admin,
      fresh({ content: 'Hi @firstName, pay @paymentPlan by @dueDate. Reply STOP to opt out.' }),
    );
    const message = TEMPLATE_MESSAGES.unknownPlaceholders(['@firstName', '@paymentPlan']);
    expect(refusal(res)).toEqual({ status: 400, message });
    expect(res.json().fieldErrors).toEqual({ content: message });
    await create({
      templateType: 'EMAIL',
      content: 'Dear @clientFirstName, pay by @dueDate, or write to billing@balance.com. To unsubscribe, reply.',
    });
  });

  it('400 for a collection text or e-mail without an opt-out line; letters and other templates need none', async () => {
    const text = await send('POST', '/api/v1/template', SEEDED.admin, fresh({ content: 'Your balance is @balance.' }));
    expect(refusal(text)).toEqual({ status: 400, message: TEMPLATE_MESSAGES.optOut.TEXT });
    const mail = await send(
      'POST',
      '/api/v1/template',
      SEEDED.admin,
      fresh({ templateType: 'EMAIL', content: 'Your balance is @balance. Reply STOP.' }),
    );
    expect(refusal(mail)).toEqual({ status: 400, message: TEMPLATE_MESSAGES.optOut.EMAIL });
    await create({ templateType: 'LETTER', content: 'Dear @clientFirstName, your balance is @balance.' });
    await create({ collections: false, content: 'See you tomorrow, @clientFirstName.' });
  });

  it('409 for a name another template holds', async () => {
    const made = await create();
    expect(refusal(await send('POST', '/api/v1/template', SEEDED.admin, fresh({ name: made.name })))).toEqual({
      status: 409,
      message: TEMPLATE_MESSAGES.nameTaken,
    });
  });
});

describe('PUT /api/v1/template', () => {
  it('401, 403 (also for an office-limited holder), 404 for no such template', async () => {
    const made = await create();
    const change = { ...fresh(), id: made.id };
    expect((await send('PUT', '/api/v1/template', null, change)).statusCode).toBe(401);
    expect((await send('PUT', '/api/v1/template', SEEDED.collector, change)).statusCode).toBe(403);
    expect(refusal(await send('PUT', '/api/v1/template', SEEDED.attorney, change))).toEqual({
      status: 403,
      message: TEMPLATE_MESSAGES.firmWide,
    });
    expect(refusal(await send('PUT', '/api/v1/template', SEEDED.admin, { ...change, id: randomUUID() }))).toEqual({
      status: 404,
      message: TEMPLATE_MESSAGES.notFound,
    });
  });

  it('changes a template under the same rules, audited before and after', async () => {
    const made = await create();
    const refused = await send('PUT', '/api/v1/template', SEEDED.admin, {
      ...fresh({ name: made.name, content: 'Now @unknownThing. Reply STOP to opt out.' }),
      id: made.id,
    });
    expect(refusal(refused)).toEqual({
      status: 400,
      message: TEMPLATE_MESSAGES.unknownPlaceholders(['@unknownThing']),
    });
    const noOptOut = await send('PUT', '/api/v1/template', SEEDED.admin, {
      ...fresh({ name: made.name, content: 'Balance @balance.' }),
      id: made.id,
    });
    expect(refusal(noOptOut)).toEqual({ status: 400, message: TEMPLATE_MESSAGES.optOut.TEXT });

    const res = await send('PUT', '/api/v1/template', SEEDED.admin, {
      id: made.id,
      name: `${made.name} v2`,
      templateType: 'TEXT',
      content: 'Balance @balance, @clientFirstName. Reply STOP to opt out.',
      collections: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(managedTemplateSchema.parse(res.json())).toMatchObject({ name: `${made.name} v2`, active: true });
    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'template.update'), eq(auditEvents.entityId, made.id)));
    expect(audit?.before).toMatchObject({ name: made.name });
    expect(audit?.after).toMatchObject({ name: `${made.name} v2` });
  });

  it('a template the product sends by purpose keeps its type', async () => {
    const all = managedTemplateListSchema.parse((await send('GET', '/api/v1/template/manage', SEEDED.admin)).json());
    const welcome = all.find((x) => x.purpose === 'WELCOME_TEXT')!;
    const res = await send('PUT', '/api/v1/template', SEEDED.admin, {
      id: welcome.id,
      name: welcome.name,
      templateType: 'LETTER',
      content: welcome.content,
      collections: false,
    });
    expect(refusal(res)).toEqual({ status: 400, message: TEMPLATE_MESSAGES.purposeType });
  });
});

describe('PUT /api/v1/template/active and GET /api/v1/template/manage', () => {
  it('401, 403, 404', async () => {
    const made = await create();
    expect((await send('PUT', '/api/v1/template/active', null, { id: made.id, active: false })).statusCode).toBe(401);
    expect((await send('GET', '/api/v1/template/manage', null)).statusCode).toBe(401);
    expect(
      (await send('PUT', '/api/v1/template/active', SEEDED.operator, { id: made.id, active: false })).statusCode,
    ).toBe(403);
    expect((await send('GET', '/api/v1/template/manage', SEEDED.collector)).statusCode).toBe(403);
    expect(
      refusal(await send('PUT', '/api/v1/template/active', SEEDED.attorney, { id: made.id, active: false })),
    ).toEqual({ status: 403, message: TEMPLATE_MESSAGES.firmWide });
    expect(
      refusal(await send('PUT', '/api/v1/template/active', SEEDED.admin, { id: randomUUID(), active: false })),
    ).toEqual({ status: 404, message: TEMPLATE_MESSAGES.notFound });
    const bad = await send('GET', '/api/v1/template/manage?templateType=text', SEEDED.admin);
    expect(refusal(bad)).toEqual({ status: 400, message: TEMPLATE_MESSAGES.templateType });
  });

  it('a deactivated template is no longer offered to senders, but the management list keeps it; reactivated, it is', async () => {
    const made = await create({ name: `Deactivate me ${randomUUID().slice(0, 6)}` });
    const off = await send('PUT', '/api/v1/template/active', SEEDED.admin, { id: made.id, active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(managedTemplateSchema.parse(off.json()).active).toBe(false);

    const offered = async (url: string) =>
      templateListSchema.parse((await send('GET', url, SEEDED.operator)).json()).map((x) => x.id);
    expect(await offered('/api/v1/template/all')).not.toContain(made.id);
    expect(await offered('/api/v1/template/byTemplateType?templateType=TEXT')).not.toContain(made.id);

    // The management list shows it, after the active ones; the attorney (office-limited) reads it too.
    const list = managedTemplateListSchema.parse(
      (await send('GET', '/api/v1/template/manage?templateType=TEXT', SEEDED.attorney)).json(),
    );
    expect(list.find((x) => x.id === made.id)).toMatchObject({ active: false });
    expect(list.every((x) => x.templateType === 'TEXT')).toBe(true);
    const firstInactive = list.findIndex((x) => !x.active);
    expect(list.slice(firstInactive).every((x) => !x.active)).toBe(true);
    const searched = managedTemplateListSchema.parse(
      (await send('GET', `/api/v1/template/manage?search=${encodeURIComponent('deactivate ME')}`, SEEDED.admin)).json(),
    );
    expect(searched.map((x) => x.id)).toEqual([made.id]);

    const on = await send('PUT', '/api/v1/template/active', SEEDED.admin, { id: made.id, active: true });
    expect(on.statusCode).toBe(200);
    expect(await offered('/api/v1/template/all')).toContain(made.id);
  });

  it('a template the product sends by purpose stays active', async () => {
    const all = managedTemplateListSchema.parse((await send('GET', '/api/v1/template/manage', SEEDED.admin)).json());
    const reminder = all.find((x) => x.purpose === 'PAYMENT_REMINDER')!;
    expect(reminder.collections).toBe(true);
    const res = await send('PUT', '/api/v1/template/active', SEEDED.admin, { id: reminder.id, active: false });
    expect(refusal(res)).toEqual({ status: 400, message: TEMPLATE_MESSAGES.purposeActive });
  });
});

describe('GET /api/v1/template/placeHolders', () => {
  it('the SPEC §3 six, then the office and appointment ones', async () => {
    const res = await send('GET', '/api/v1/template/placeHolders', SEEDED.operator);
    expect(res.json()).toEqual([...ALL_TEMPLATE_PLACEHOLDERS]);
  });
});

describe('POST /api/v1/template/preview', () => {
  const preview = (as: string | null, body: object) =>
    send('POST', '/api/v1/template/preview', as, { templateType: 'TEXT', collections: true, ...body });

  it('401, 403, 400', async () => {
    expect((await preview(null, { content: 'Hi' })).statusCode).toBe(401);
    expect((await preview(SEEDED.collector, { content: 'Hi' })).statusCode).toBe(403);
    expect(refusal(await preview(SEEDED.admin, { content: 'Hi', templateType: 'SMS' }))).toEqual({
      status: 400,
      message: TEMPLATE_MESSAGES.templateType,
    });
  });

  it('fills for an account: its client, balance, collector and office; names what has no value', async () => {
    const account = await insertAccount({ firstName: 'Robin', termId: refs.payInFullTerm });
    const res = await preview(SEEDED.attorney, {
      collectionAccountId: account.id,
      content: 'Hi @clientFirstName @clientLastName, balance @balance. @collectorName, @officeName. Pay @payment.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = templatePreviewSchema.parse(res.json());
    expect(body.content).toMatch(
      /^Hi Robin Debtor, balance \$[\d,]+\.\d\d\. Casey Collector, Los Angeles\. Pay @payment\.$/,
    );
    expect(body).toMatchObject({
      missing: ['@payment'],
      unknown: [],
      problem: TEMPLATE_MESSAGES.optOut.TEXT,
      termNotPaymentPlan: true,
    });
  });

  it('fills for a client: the names and office; account values are missing; unknown ones are listed', async () => {
    const account = await insertAccount({ firstName: 'Sam' });
    const res = await preview(SEEDED.attorney, {
      clientId: account.clientId,
      content: 'Hi @clientFirstName (@officePhone): @balance, @nickname. Reply STOP to opt out.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = templatePreviewSchema.parse(res.json());
    expect(body.content).toMatch(/^Hi Sam \(\(\d{3}\) \d{3}-\d{4}\): @balance, @nickname\. Reply STOP to opt out\.$/);
    expect(body).toMatchObject({
      missing: ['@balance'],
      unknown: ['@nickname'],
      problem: TEMPLATE_MESSAGES.unknownPlaceholders(['@nickname']),
      termNotPaymentPlan: false,
    });
  });

  it('404 for an account or a client outside the caller’s offices (as for none)', async () => {
    const miami = await insertAccount({ officeId: refs.miami.id });
    expect(refusal(await preview(SEEDED.attorney, { content: 'Hi', collectionAccountId: miami.id })).status).toBe(404);
    expect(refusal(await preview(SEEDED.attorney, { content: 'Hi', clientId: miami.clientId })).status).toBe(404);
    expect(refusal(await preview(SEEDED.attorney, { content: 'Hi', clientId: randomUUID() })).status).toBe(404);
    // The admin reaches every office.
    expect((await preview(SEEDED.admin, { content: 'Hi', collectionAccountId: miami.id })).statusCode).toBe(200);
  });
});

describe('send time: a placeholder with no value refuses the send, naming it', () => {
  it('POST /sms/send refuses a body that still has a placeholder', async () => {
    const res = await send('POST', '/api/v1/sms/send?offsetHours=0', SEEDED.admin, {
      fromNumber: refs.la.smsNumber,
      toNumber: '2135550142',
      body: 'Hi Ana, your balance is @balance. Reply STOP to opt out.',
      direction: 'OUTBOUND',
      categoryId: randomUUID(),
      reasonId: randomUUID(),
    });
    const message = TEMPLATE_MESSAGES.unfilled(['@balance']);
    expect(refusal(res)).toEqual({ status: 400, message });
    expect(res.json().fieldErrors).toEqual({ body: message });
  });

  it('POST /mail/letterBatch refuses a body with a placeholder a letter has no value for', async () => {
    const { clientId } = await insertAccount({ firstName: 'Lee' });
    const res = await send('POST', '/api/v1/mail/letterBatch', SEEDED.admin, {
      officeId: refs.la.id,
      clientIds: [clientId],
      subject: 'Your balance',
      body: 'Dear @clientFirstName,\n\nYour balance is @balance and your next payment @payment.',
    });
    const message = TEMPLATE_MESSAGES.unfilled(['@balance', '@payment']);
    expect(refusal(res)).toEqual({ status: 400, message });
    expect(message).toBe('@balance, @payment have no value here: fill them in or remove them before sending.');
  });

  it('POST /mail/saveLetter refuses a letter whose text still has a placeholder, naming it', async () => {
    const { id } = await insertAccount({ firstName: 'Noa' });
    const res = await send('POST', '/api/v1/mail/saveLetter', SEEDED.admin, {
      officeId: refs.la.id,
      collectionAccountId: id,
      subject: 'Your balance',
      body: 'Dear Noa,\n\nYour balance is @balance.',
    });
    expect(refusal(res)).toEqual({ status: 400, message: TEMPLATE_MESSAGES.unfilled(['@balance']) });
  });

  it('a chat option whose template was edited to use a placeholder it cannot fill is refused, naming it', async () => {
    const all = managedTemplateListSchema.parse((await send('GET', '/api/v1/template/manage', SEEDED.admin)).json());
    const review = all.find((x) => x.purpose === 'REVIEW_TEXT')!;
    const edited = await send('PUT', '/api/v1/template', SEEDED.admin, {
      id: review.id,
      name: review.name,
      templateType: 'TEXT',
      content: `${review.content} Your balance: @balance.`,
      collections: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [client] = await db
      .insert(clients)
      .values({ firstName: 'Rae', lastName: 'Review', mobileNumber: '2135550177', officeId: refs.la.id })
      .returning({ id: clients.id });
    const res = await send('POST', '/api/v1/sms/chatOption', SEEDED.admin, {
      option: 'SEND_REVIEW_TEXT',
      clientId: client!.id,
    });
    expect(refusal(res)).toEqual({ status: 400, message: TEMPLATE_MESSAGES.unfilled(['@balance']) });
  });
});
