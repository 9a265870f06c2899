import { randomUUID } from 'node:crypto';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import { MESSAGES } from '@casedesk/contract/common/errors';
import type { WorkflowCreateInput } from '@casedesk/contract/collections/workflow';
import {
  WORKFLOW_MESSAGES,
  workflowDetailSchema,
  workflowListSchema,
  workflowRunListSchema,
  workflowTemplateOptionListSchema,
} from '@casedesk/contract/collections/workflow';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Injector, TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, injector, SEEDED } from '../../../test/support/test-app.ts';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import type { Db } from '../../platform/db/database.ts';
import { findPermissionsOfUser, setPermissions } from '../access/access.service.ts';
import { resolveUserByEmail } from '../users/users.service.ts';
import { startWorkflows } from './workflow-engine.service.ts';
import type { WorkflowRefs } from './workflow.test-support.ts';
import { insertAccount, workflowRefs } from './workflow.test-support.ts';
import { workflows } from './workflow.tables.ts';

let t: TestApp;
let db: Db;
let refs: WorkflowRefs;
let send: Injector;

const userId = async (email: string) => (await resolveUserByEmail(db, email))!.id;
const collectionManagement = (conditions: Permission['accessLevelDTO'][number]['conditionDTO']): Permission => ({
  permissionType: 'COLLECTION_MANAGEMENT',
  accessLevelDTO: (['READ', 'CREATE', 'UPDATE'] as const).map((accessType) => ({
    accessType,
    conditionDTO: conditions,
  })),
});

beforeAll(async () => {
  t = await createTestApp();
  db = t.db();
  refs = await workflowRefs(db);
  send = injector(t);
  // SPEC §6: Collection Management with the ADMIN role condition, held by a MANAGER, reaches nothing; held
  // with an office condition (the attorney here), it reads the firm-wide workflows but changes none.
  const manager = await userId(SEEDED.manager);
  await setPermissions(db, manager, [
    ...(await findPermissionsOfUser(db, manager)),
    collectionManagement([{ conditionType: 'USER_ROLE', relationType: 'EQUALS', values: ['ADMIN'] }]),
  ]);
  const attorney = await userId(SEEDED.attorney);
  await setPermissions(db, attorney, [
    ...(await findPermissionsOfUser(db, attorney)),
    collectionManagement([{ conditionType: 'OFFICE', relationType: 'EQUALS', values: [refs.la.id] }]),
  ]);
});
afterAll(async () => t?.close());

let n = 0;
const body = (overrides: Partial<WorkflowCreateInput> = {}): WorkflowCreateInput => ({
  name: `Workflow ${++n} ${randomUUID().slice(0, 6)}`,
  trigger: 'ACCOUNT_OPENED',
  steps: [
    { kind: 'SEND_TEXT', templateId: refs.template('Balance notice') },
    { kind: 'SET_FOLLOW_UP', daysFromNow: 3, delayDays: 3, atHour: 10, businessDaysOnly: true },
  ],
  ...overrides,
});
const create = async (overrides: Partial<WorkflowCreateInput> = {}) => {
  const res = await send('POST', '/api/v1/workflow', SEEDED.admin, body(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return workflowDetailSchema.parse(res.json());
};

describe('GET /api/v1/workflow and /workflow/:id', () => {
  it('401 without a token', async () => {
    expect((await send('GET', '/api/v1/workflow', null)).statusCode).toBe(401);
    expect((await send('GET', `/api/v1/workflow/${randomUUID()}`, null)).statusCode).toBe(401);
  });

  it('403 without Collection Management, and with it under a role condition the caller’s role fails', async () => {
    for (const who of [SEEDED.operator, SEEDED.collector, SEEDED.manager]) {
      const res = await send('GET', '/api/v1/workflow', who);
      expect(res.statusCode, who).toBe(403);
      expect(res.json().message).toBe(MESSAGES.missingPermission);
    }
  });

  it('lists every workflow, active ones first, and one with its steps; the demo seed has one', async () => {
    const made = await create();
    const res = await send('GET', '/api/v1/workflow', SEEDED.admin);
    expect(res.statusCode).toBe(200);
    const list = workflowListSchema.parse(res.json());
    expect(list.map((w) => w.name)).toContain('New account');
    expect(list.find((w) => w.id === made.id)).toMatchObject({
      stepCount: 2,
      version: 1,
      liveRuns: 0,
      active: true,
      updatedBy: 'Alex Admin',
    });
    // An office-limited holder reads them too: workflows are firm-wide.
    const one = await send('GET', `/api/v1/workflow/${made.id}`, SEEDED.attorney);
    expect(one.statusCode).toBe(200);
    expect(workflowDetailSchema.parse(one.json()).steps).toEqual(made.steps);
  });

  it('404 for a workflow that does not exist, 400 for an id that is not one', async () => {
    expect((await send('GET', `/api/v1/workflow/${randomUUID()}`, SEEDED.admin)).statusCode).toBe(404);
    expect((await send('GET', '/api/v1/workflow/not-an-id', SEEDED.admin)).statusCode).toBe(400);
  });
});

describe('GET /api/v1/workflow/templates', () => {
  it('401 without a token, 403 without Collection Management, else the templates a step may send', async () => {
    expect((await send('GET', '/api/v1/workflow/templates', null)).statusCode).toBe(401);
    expect((await send('GET', '/api/v1/workflow/templates', SEEDED.collector)).statusCode).toBe(403);
    const res = await send('GET', '/api/v1/workflow/templates', SEEDED.admin);
    expect(res.statusCode).toBe(200);
    const options = workflowTemplateOptionListSchema.parse(res.json());
    expect(options).toContainEqual({
      id: refs.template('Balance notice'),
      name: 'Balance notice',
      templateType: 'TEXT',
    });
    expect(options).toContainEqual({
      id: refs.template('Case update letter'),
      name: 'Case update letter',
      templateType: 'LETTER',
    });
    expect(options.map((o) => o.templateType)).toEqual([...options.map((o) => o.templateType)].sort());
  });
});

describe('POST /api/v1/workflow', () => {
  it('401 without a token, 403 without the permission', async () => {
    expect((await send('POST', '/api/v1/workflow', null, body())).statusCode).toBe(401);
    expect((await send('POST', '/api/v1/workflow', SEEDED.operator, body())).statusCode).toBe(403);
  });

  it('403 with an office condition: workflows run in every office', async () => {
    const res = await send('POST', '/api/v1/workflow', SEEDED.attorney, body());
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(WORKFLOW_MESSAGES.firmWide);
  });

  it('400 with our wording for bad input, naming the step', async () => {
    const cases: [unknown, string, string][] = [
      [{ ...body(), name: ' ' }, 'name', WORKFLOW_MESSAGES.name],
      [{ ...body(), steps: [] }, 'steps', WORKFLOW_MESSAGES.steps],
      [{ ...body(), steps: [{ kind: 'CALL' }] }, 'steps.0.kind', WORKFLOW_MESSAGES.stepKind],
      [{ ...body(), steps: [{ kind: 'SET_STATUS', status: 'PAID' }] }, 'steps.0.status', WORKFLOW_MESSAGES.status],
      [{ ...body(), toStatus: 'REVIEW' }, 'toStatus', WORKFLOW_MESSAGES.toStatusTrigger],
      [
        { ...body(), steps: [{ kind: 'SEND_TEXT', templateId: randomUUID() }] },
        'steps.0.templateId',
        WORKFLOW_MESSAGES.templateUnknown,
      ],
      [
        {
          ...body(),
          steps: [
            { kind: 'NOTIFY_COLLECTOR', message: 'x' },
            { kind: 'SEND_TEXT', templateId: refs.template('Case update letter') },
          ],
        },
        'steps.1.templateId',
        WORKFLOW_MESSAGES.templateType.SEND_TEXT,
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await send('POST', '/api/v1/workflow', SEEDED.admin, payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toMatchObject({ message, fieldErrors: { [field]: message } });
    }
  });

  it('creates it, with the timing defaults filled in, audited; a second of the same name is a 409', async () => {
    const made = await create({ name: 'Created once' });
    expect(made).toMatchObject({ name: 'Created once', version: 1, active: true, toStatus: null });
    expect(made.steps[0]).toEqual({
      kind: 'SEND_TEXT',
      templateId: refs.template('Balance notice'),
      delayDays: 0,
      atHour: null,
      businessDaysOnly: false,
    });
    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'workflow.create'), eq(auditEvents.entityId, made.id)));
    expect(audit).toHaveLength(1);
    const again = await send('POST', '/api/v1/workflow', SEEDED.admin, body({ name: 'Created once' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(WORKFLOW_MESSAGES.nameTaken);
  });
});

describe('PUT /api/v1/workflow', () => {
  it('401, 403 and 404', async () => {
    const made = await create();
    const update = { ...body(), id: made.id };
    expect((await send('PUT', '/api/v1/workflow', null, update)).statusCode).toBe(401);
    expect((await send('PUT', '/api/v1/workflow', SEEDED.collector, update)).statusCode).toBe(403);
    expect((await send('PUT', '/api/v1/workflow', SEEDED.attorney, update)).json().message).toBe(
      WORKFLOW_MESSAGES.firmWide,
    );
    expect((await send('PUT', '/api/v1/workflow', SEEDED.admin, { ...update, id: randomUUID() })).statusCode).toBe(404);
  });

  it('changes steps in place until a run starts; then new steps are a new version, and runs keep theirs', async () => {
    const made = await create();
    const put = async (changes: Partial<WorkflowCreateInput>) => {
      const res = await send('PUT', '/api/v1/workflow', SEEDED.admin, {
        ...body(),
        name: made.name,
        ...changes,
        id: made.id,
      });
      expect(res.statusCode, res.body).toBe(200);
      return workflowDetailSchema.parse(res.json());
    };
    const notify = { kind: 'NOTIFY_COLLECTOR' as const, message: 'Call the client' };
    expect(await put({ steps: [notify] })).toMatchObject({ version: 1, stepCount: 1 });

    await db.update(workflows).set({ active: eq(workflows.id, made.id) });
    const account = await insertAccount(db, refs);
    const started = await startWorkflows(db, {
      accountId: account.id,
      trigger: 'ACCOUNT_OPENED',
      eventId: randomUUID(),
      at: new Date('2031-03-03T18:00:00Z'),
    });
    expect(started.runIds).toHaveLength(1);

    const changed = await put({ steps: [notify, { kind: 'SET_STATUS', status: 'REVIEW', delayDays: 5 }] });
    expect(changed).toMatchObject({ version: 2, stepCount: 2, liveRuns: 1 });
    // The same steps again, another name: no new version.
    expect(await put({ name: `${made.name} renamed`, steps: changed.steps })).toMatchObject({
      version: 2,
      name: `${made.name} renamed`,
    });
    const runs = workflowRunListSchema.parse(
      (await send('POST', '/api/v1/workflow/runs', SEEDED.admin, { accountId: account.id })).json(),
    );
    expect(runs).toMatchObject([{ version: 1, status: 'RUNNING', steps: [{ description: 'Notify collector' }] }]);
    expect(runs[0]!.steps).toHaveLength(1);
  });
});

describe('POST /api/v1/workflow/deactivate', () => {
  it('401, 403 and 404', async () => {
    const made = await create();
    expect((await send('POST', '/api/v1/workflow/deactivate', null, { id: made.id })).statusCode).toBe(401);
    expect((await send('POST', '/api/v1/workflow/deactivate', SEEDED.operator, { id: made.id })).statusCode).toBe(403);
    expect((await send('POST', '/api/v1/workflow/deactivate', SEEDED.admin, { id: randomUUID() })).statusCode).toBe(
      404,
    );
  });

  it('stops new runs; with stopRuns its live runs stop and their steps are skipped', async () => {
    const made = await create();
    await db.update(workflows).set({ active: eq(workflows.id, made.id) });
    const account = await insertAccount(db, refs);
    await startWorkflows(db, {
      accountId: account.id,
      trigger: 'ACCOUNT_OPENED',
      eventId: randomUUID(),
      at: new Date('2031-03-03T18:00:00Z'),
    });
    const res = await send('POST', '/api/v1/workflow/deactivate', SEEDED.admin, { id: made.id, stopRuns: true });
    expect(res.statusCode).toBe(200);
    expect(workflowDetailSchema.parse(res.json())).toMatchObject({ active: false, liveRuns: 0 });
    const runs = workflowRunListSchema.parse(
      (await send('POST', '/api/v1/workflow/runs', SEEDED.admin, { accountId: account.id })).json(),
    );
    expect(runs).toMatchObject([
      {
        status: 'STOPPED',
        statusReason: 'The workflow was deactivated.',
        steps: [{ status: 'SKIPPED' }, { status: 'SKIPPED' }],
      },
    ]);
    const later = await startWorkflows(db, { accountId: account.id, trigger: 'ACCOUNT_OPENED', eventId: randomUUID() });
    expect(later.runIds).toEqual([]);
  });
});

describe('POST /api/v1/workflow/runs', () => {
  it('401 without a token, 403 without ALL_ACCOUNTS, 400 without an account', async () => {
    const account = await insertAccount(db, refs);
    expect((await send('POST', '/api/v1/workflow/runs', null, { accountId: account.id })).statusCode).toBe(401);
    expect((await send('POST', '/api/v1/workflow/runs', SEEDED.operator, { accountId: account.id })).statusCode).toBe(
      403,
    );
    const bad = await send('POST', '/api/v1/workflow/runs', SEEDED.admin, { accountId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: WORKFLOW_MESSAGES.account,
      fieldErrors: { accountId: WORKFLOW_MESSAGES.account },
    });
  });

  it('an account outside the caller’s offices reads as one that does not exist (404)', async () => {
    // The seeded manager reads accounts of Los Angeles and San Diego only.
    const miami = await insertAccount(db, refs, { officeId: refs.miami.id });
    for (const accountId of [miami.id, randomUUID()]) {
      const res = await send('POST', '/api/v1/workflow/runs', SEEDED.manager, { accountId });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(WORKFLOW_MESSAGES.accountNotFound);
    }
  });

  it("the runs of an account in the caller's office, each step with its state", async () => {
    const made = await create();
    await db.update(workflows).set({ active: eq(workflows.id, made.id) });
    const account = await insertAccount(db, refs);
    await startWorkflows(db, {
      accountId: account.id,
      trigger: 'ACCOUNT_OPENED',
      eventId: randomUUID(),
      at: new Date('2031-03-03T18:00:00Z'),
    });
    const res = await send('POST', '/api/v1/workflow/runs', SEEDED.manager, { accountId: account.id });
    expect(res.statusCode).toBe(200);
    expect(workflowRunListSchema.parse(res.json())).toEqual([
      {
        id: expect.any(String),
        workflowId: made.id,
        workflowName: made.name,
        version: 1,
        trigger: 'ACCOUNT_OPENED',
        status: 'RUNNING',
        statusReason: null,
        startedAt: '2031-03-03T18:00:00.000Z',
        finishedAt: null,
        steps: [
          {
            stepIndex: 0,
            kind: 'SEND_TEXT',
            description: 'Send text “Balance notice”',
            status: 'PENDING',
            dueAt: '2031-03-03T18:00:00.000Z',
            executedAt: null,
            result: null,
          },
          {
            stepIndex: 1,
            kind: 'SET_FOLLOW_UP',
            description: 'Set follow-up 3 days ahead',
            status: 'PENDING',
            dueAt: null,
            executedAt: null,
            result: null,
          },
        ],
      },
    ]);
  });
});
