import {
  workflowCreateSchema,
  workflowDeactivateSchema,
  workflowDetailSchema,
  workflowIdParamsSchema,
  workflowListSchema,
  workflowRunListSchema,
  workflowRunsRequestSchema,
  workflowTemplateOptionListSchema,
  workflowUpdateSchema,
} from '@casedesk/contract/collections/workflow';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { startWorkflowEngine } from './workflow-jobs.ts';
import {
  createWorkflow,
  deactivateWorkflow,
  getWorkflow,
  listAccountRuns,
  listWorkflows,
  listWorkflowTemplates,
  updateWorkflow,
} from './workflow.service.ts';

const FIRM_WIDE = 'workflows are firm-wide: they run on the accounts of every office';

/**
 * SPEC §7 workflow: the collections workflows (SPEC §6: Collection Management, whose grants carry the ADMIN
 * role condition), an account's runs (ALL_ACCOUNTS READ in the account's office), and this instance's step
 * worker and sweeper.
 */
export async function workflowRoutes(app: AppInstance): Promise<void> {
  const engine = await startWorkflowEngine({ db: app.db, jobs: app.jobs, realtime: app.realtime, log: app.log });
  app.addHook('onClose', async () => engine.stop());

  app.get(
    '/api/v1/workflow',
    {
      config: { permission: ['COLLECTION_MANAGEMENT', 'READ'] },
      schema: {
        tags: ['collections'],
        summary: 'Every workflow, active ones first, by name',
        response: { 200: workflowListSchema },
      },
    },
    async () => listWorkflows(app.db),
  );

  app.get(
    '/api/v1/workflow/templates',
    {
      config: { permission: ['COLLECTION_MANAGEMENT', 'READ'] },
      schema: {
        tags: ['collections'],
        summary: 'The templates a sending step may name (text, e-mail, letter), for the editor',
        response: { 200: workflowTemplateOptionListSchema },
      },
    },
    async () => listWorkflowTemplates(app.db),
  );

  app.get(
    '/api/v1/workflow/:id',
    {
      config: { permission: ['COLLECTION_MANAGEMENT', 'READ'], unscopedIds: { id: FIRM_WIDE } },
      schema: {
        tags: ['collections'],
        summary: 'One workflow with the steps of the version new runs take',
        params: workflowIdParamsSchema,
        response: { 200: workflowDetailSchema },
      },
    },
    async (request) => getWorkflow(app.db, request.params.id),
  );

  app.post(
    '/api/v1/workflow',
    {
      config: { permission: ['COLLECTION_MANAGEMENT', 'CREATE'] },
      schema: {
        tags: ['collections'],
        summary: 'Create a workflow: its trigger and timed steps',
        body: workflowCreateSchema,
        response: { 200: workflowDetailSchema },
      },
    },
    async (request) => createWorkflow(app.db, request.actor!, request.body),
  );

  app.put(
    '/api/v1/workflow',
    {
      config: { permission: ['COLLECTION_MANAGEMENT', 'UPDATE'], unscopedIds: { id: FIRM_WIDE } },
      schema: {
        tags: ['collections'],
        summary: 'Change a workflow; steps that runs have started with stay theirs (a new version)',
        body: workflowUpdateSchema,
        response: { 200: workflowDetailSchema },
      },
    },
    async (request) => updateWorkflow(app.db, request.actor!, request.body),
  );

  app.post(
    '/api/v1/workflow/deactivate',
    {
      config: { permission: ['COLLECTION_MANAGEMENT', 'UPDATE'], unscopedIds: { id: FIRM_WIDE } },
      schema: {
        tags: ['collections'],
        summary: 'Deactivate a workflow: no new runs; with stopRuns its live runs stop too',
        body: workflowDeactivateSchema,
        response: { 200: workflowDetailSchema },
      },
    },
    async (request) => deactivateWorkflow(app.db, request.actor!, request.body),
  );

  app.post(
    '/api/v1/workflow/runs',
    {
      config: { permission: ['ALL_ACCOUNTS', 'READ'], records: { accountId: 'collectionAccount' } },
      schema: {
        tags: ['collections'],
        summary: 'The workflow runs of an account, newest first, with each step’s state',
        body: workflowRunsRequestSchema,
        response: { 200: workflowRunListSchema },
      },
    },
    async (request) => listAccountRuns(app.db, request.actor!, request.body.accountId),
  );
}
