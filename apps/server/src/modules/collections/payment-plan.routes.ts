import {
  paymentPlanChangeSchema,
  paymentPlanCreateSchema,
  paymentPlanListRequestSchema,
  paymentPlanListSchema,
  paymentPlanPauseSchema,
  paymentPlanPreviewResultSchema,
  paymentPlanPreviewSchema,
  paymentPlanSchema,
} from '@casedesk/contract/collections/payment-plan';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { pausePaymentPlan } from './payment-plan-pause.service.ts';
import { changePaymentPlan, createPaymentPlan, listPaymentPlans, previewPaymentPlan } from './payment-plan.service.ts';
import { startPlanDays } from './plan-day.service.ts';

const tags = ['collections'];

/**
 * SPEC §7 paymentPlan create, list and pause, with change and preview (docs/collections-payment-plans.md), each
 * by the office of the plan's account (ALL_ACCOUNTS, SPEC §6); and the daily plan job's worker and timer.
 */
export async function paymentPlanRoutes(app: AppInstance): Promise<void> {
  // Tests drive the plan days themselves (runPlanDay, queuePlanDays); the worker runs everywhere.
  const planDays = await startPlanDays(
    { db: app.db, jobs: app.jobs, realtime: app.realtime, log: app.log },
    { tick: app.config.NODE_ENV !== 'test' },
  );
  app.addHook('onClose', async () => planDays.stop());

  app.post(
    '/api/v1/paymentPlan/create',
    {
      config: { permission: ['ALL_ACCOUNTS', 'UPDATE'], records: { accountId: 'collectionAccount' } },
      schema: {
        tags,
        summary:
          'Makes a payment plan on an account: instalments of an amount at a frequency from a first due date, for a ' +
          'number of instalments or until paid; the account moves to Payment plan. 409 when it has an open plan',
        body: paymentPlanCreateSchema,
        response: { 200: paymentPlanSchema },
      },
    },
    async (request) => createPaymentPlan(app.db, request.actor!, request.body),
  );

  app.post(
    '/api/v1/paymentPlan/preview',
    {
      config: { permission: ['ALL_ACCOUNTS', 'READ'], records: { accountId: 'collectionAccount' } },
      schema: {
        tags,
        summary: 'The schedule the terms would give for the account’s balance, shown before saving; nothing is saved',
        body: paymentPlanPreviewSchema,
        response: { 200: paymentPlanPreviewResultSchema },
      },
    },
    async (request) => previewPaymentPlan(app.db, request.actor!, request.body),
  );

  app.post(
    '/api/v1/paymentPlan/list',
    {
      config: { permission: ['ALL_ACCOUNTS', 'READ'], records: { accountId: 'collectionAccount' } },
      schema: {
        tags,
        summary: 'The account’s payment plans, newest first, with their versions, pauses and instalments',
        body: paymentPlanListRequestSchema,
        response: { 200: paymentPlanListSchema },
      },
    },
    async (request) => listPaymentPlans(app.db, request.actor!, request.body.accountId),
  );

  app.post(
    '/api/v1/paymentPlan/change',
    {
      config: { permission: ['ALL_ACCOUNTS', 'UPDATE'], records: { planId: 'paymentPlan' } },
      schema: {
        tags,
        summary:
          'New terms as a new version from the next unpaid instalment: paid and missed instalments stay, the rest ' +
          'are replaced; earlier versions stay in the history',
        body: paymentPlanChangeSchema,
        response: { 200: paymentPlanSchema },
      },
    },
    async (request) => changePaymentPlan(app.db, request.actor!, request.body),
  );

  app.post(
    '/api/v1/paymentPlan/pause',
    {
      config: { permission: ['ALL_ACCOUNTS', 'UPDATE'], records: { planId: 'paymentPlan' } },
      schema: {
        tags,
        summary:
          'Pauses a plan with a reason from today or up to 7 days back (office days), with an optional resume date; ' +
          'with resume: true resumes it, moving the unpaid instalments on by the periods the pause covered',
        body: paymentPlanPauseSchema,
        response: { 200: paymentPlanSchema },
      },
    },
    async (request) => pausePaymentPlan(app.db, request.actor!, request.body),
  );
}
