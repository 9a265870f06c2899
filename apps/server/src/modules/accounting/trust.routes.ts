import {
  disbursementWriteSchema,
  reopenThreeWaySchema,
  reverseDisbursementSchema,
  signThreeWaySchema,
  threeWayRequestSchema,
  threeWaySchema,
  trustEntrySchema,
  trustLedgerParamsSchema,
  trustLedgerSchema,
  trustLedgersRequestSchema,
  trustLedgersResponseSchema,
} from '@casedesk/contract/accounting/trust';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { reopenThreeWay, signThreeWay, threeWay } from './trust-reconciliation.service.ts';
import { disburse, getTrustLedger, listTrustLedgers, reverseDisbursement } from './trust.service.ts';

const tags = ['accounting'];

/**
 * Client trust money (docs/accounting.md): the matters' ledgers and disbursements (CASH_FLOW) and the monthly
 * three-way reconciliation (CASH_FLOW_RECON), each by the office of the trust account (SPEC §6).
 */
export async function trustRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/api/v1/trust/ledgers',
    {
      config: {
        permission: ['CASH_FLOW', 'READ'],
        unscopedIds: {
          'filter.officeId': 'only narrows the list, already cut to the offices CASH_FLOW READ reaches',
          'filter.clientId': 'only narrows the list, already cut to the offices CASH_FLOW READ reaches',
        },
      },
      schema: {
        tags,
        summary: 'The matters holding trust money, each with its balance per office, in the caller’s offices, paged',
        body: trustLedgersRequestSchema,
        response: { 200: trustLedgersResponseSchema },
      },
    },
    async (request) => listTrustLedgers(app.db, request.actor!, request.body),
  );

  app.get(
    '/api/v1/trust/ledger/:inquiryId',
    {
      config: { permission: ['CASH_FLOW', 'READ'], records: { inquiryId: 'inquiry' } },
      schema: {
        tags,
        summary:
          'A matter’s trust entries in the caller’s offices, oldest first, with the running balance per office; ' +
          '404 unless the matter’s office or its trust money is within CASH_FLOW READ',
        params: trustLedgerParamsSchema,
        response: { 200: trustLedgerSchema },
      },
    },
    async (request) => getTrustLedger(app.db, request.actor!, request.params.inquiryId),
  );

  app.post(
    '/api/v1/trust/disbursement',
    {
      config: { permission: ['CASH_FLOW', 'CREATE'], records: { officeId: 'office', inquiryId: 'inquiry' } },
      schema: {
        tags,
        summary:
          'Pays money out of a matter’s trust balance in an office, with payee and purpose; 409 with the balance ' +
          'when it would go below zero',
        body: disbursementWriteSchema,
        response: { 200: trustEntrySchema },
      },
    },
    async (request) => disburse(app.db, request.actor!, request.body),
  );

  app.post(
    '/api/v1/trust/reverseDisbursement',
    {
      config: { permission: ['CASH_FLOW', 'UPDATE'], records: { id: 'trustEntry' } },
      schema: {
        tags,
        summary: 'Reverses a disbursement: a linked entry puts the money back, with the reason; 409 when reversed',
        body: reverseDisbursementSchema,
        response: { 200: trustEntrySchema },
      },
    },
    async (request) => reverseDisbursement(app.db, request.actor!, request.body),
  );

  app.post(
    '/api/v1/trust/threeWay',
    {
      config: { permission: ['CASH_FLOW_RECON', 'READ'], records: { officeId: 'office' } },
      schema: {
        tags,
        summary:
          'An office’s trust account at a month’s end: bank statement (typed), book and client ledgers in cents, ' +
          'the ledgers that differ and the versions signed',
        body: threeWayRequestSchema,
        response: { 200: threeWaySchema },
      },
    },
    async (request) => threeWay(app.db, request.actor!, request.body),
  );

  app.post(
    '/api/v1/trust/signThreeWay',
    {
      config: { permission: ['CASH_FLOW_RECON', 'CREATE'], records: { officeId: 'office' } },
      schema: {
        tags,
        summary: 'Signs an ended month whose three balances agree (400 otherwise); its trust entries are locked',
        body: signThreeWaySchema,
        response: { 200: threeWaySchema },
      },
    },
    async (request) => signThreeWay(app.db, request.actor!, request.body),
  );

  app.post(
    '/api/v1/trust/reopenThreeWay',
    {
      config: { permission: ['CASH_FLOW_RECON', 'UPDATE'], records: { officeId: 'office' } },
      schema: {
        tags,
        summary: 'Reopens a signed month with a reason: a new version; every earlier one is kept',
        body: reopenThreeWaySchema,
        response: { 200: threeWaySchema },
      },
    },
    async (request) => reopenThreeWay(app.db, request.actor!, request.body),
  );
}
