import {
  collectionAccountAdjustmentSchema,
  collectionAccountAssignResultSchema,
  collectionAccountAssignSchema,
  collectionAccountCreateSchema,
  collectionAccountDetailSchema,
  collectionAccountExportRequestSchema,
  collectionAccountIdQuerySchema,
  collectionAccountListRequestSchema,
  collectionAccountListSchema,
  collectionAccountNoteSchema,
  collectionAccountPatchSchema,
  collectionAccountTotalsRequestSchema,
  collectionAccountTotalsSchema,
  collectionStatusListSchema,
  collectorListSchema,
  collectorsQuerySchema,
  timelineItemSchema,
  timelineRequestSchema,
  timelineSchema,
} from '@casedesk/contract/collections/account';
import { exportQuerySchema } from '@casedesk/contract/inquiries/lead-list';
import { sendExport } from '../../platform/export/table-file.ts';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { sendList } from '../../platform/http/streamed-list.ts';
import { openAccount, patchAccount } from './collection-account-changes.service.ts';
import { addNote, adjustAccount, assignAccounts } from './collection-account-work.service.ts';
import {
  accountTotals,
  getAccount,
  listAccounts,
  listCollectors,
  listStatuses,
} from './collection-accounts.service.ts';
import { collectionAccessRoutes } from './collection-access.routes.ts';
import { exportAccounts } from './collection-export.service.ts';
import { accountTimeline } from './collection-timeline.service.ts';
import { assignmentRulesRoutes } from './assignment-rules.routes.ts';
import { contactRulesRoutes } from './contact-rules.routes.ts';
import { termsRoutes } from './terms.routes.ts';

const tags = ['collections'];

/**
 * The filter's ids only narrow a list already cut to the caller's ALL_ACCOUNTS READ offices (an office, a
 * collector or a term outside it, or a client of none of them, simply matches nothing).
 */
const FILTER_IDS = {
  'filter.officeId': 'narrows a list already within the caller’s ALL_ACCOUNTS READ offices',
  'filter.collectorId': 'narrows a list already within the caller’s ALL_ACCOUNTS READ offices',
  'filter.termId': 'a term: terms are the firm’s, shared by every office',
  'filter.clientId': 'narrows a list already within the caller’s ALL_ACCOUNTS READ offices',
} as const;

const COLLECTOR_ID =
  'a user, checked to be one whose ALL_ACCOUNTS UPDATE reaches the account’s office (400 otherwise); users are ' +
  'not office records here';
const TERM_ID = 'a term: terms are the firm’s, shared by every office';

/**
 * SPEC §2 /collections/all-accounts and /collections/account-detail/{accountId}, SPEC §7 collectionAccount:
 * permission ALL_ACCOUNTS (READ to read, UPDATE to change, CREATE to open), by the account's office
 * (docs/collections.md).
 */
export async function collectionsRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/api/v1/collectionAccount/all',
    {
      config: { permission: ['ALL_ACCOUNTS', 'READ'], unscopedIds: FILTER_IDS },
      schema: {
        tags,
        summary:
          'Collection accounts in the caller’s ALL_ACCOUNTS READ offices, filtered, sorted and paged (follow-up ' +
          'date, soonest first, unless sorted); "All" is streamed',
        body: collectionAccountListRequestSchema,
        response: { 200: collectionAccountListSchema },
      },
    },
    async (request, reply) => sendList(reply, await listAccounts(app.database, request.actor!, request.body)),
  );

  app.post(
    '/api/v1/collectionAccount/allTotals',
    {
      config: { permission: ['ALL_ACCOUNTS', 'READ'], unscopedIds: FILTER_IDS },
      schema: {
        tags,
        summary: 'Count, original, paid and outstanding in cents of exactly the rows the list shows for the filter',
        body: collectionAccountTotalsRequestSchema,
        response: { 200: collectionAccountTotalsSchema },
      },
    },
    async (request) => accountTotals(app.db, request.actor!, request.body),
  );

  app.get(
    '/api/v1/collectionAccount/status',
    {
      config: { permission: ['ALL_ACCOUNTS', 'READ'] },
      schema: {
        tags,
        summary: 'The account statuses in workflow order, with their labels and SPEC §4 badges (REV, ESC)',
        response: { 200: collectionStatusListSchema },
      },
    },
    async () => listStatuses(),
  );

  app.get(
    '/api/v1/collectionAccount/roles',
    {
      config: { permission: ['ALL_ACCOUNTS', 'READ'], records: { officeId: 'office' } },
      schema: {
        tags,
        summary:
          'The collectors: enabled users whose ALL_ACCOUNTS UPDATE reaches an office of the caller’s ALL_ACCOUNTS ' +
          'READ, or with officeId that office (404 outside the caller’s reach); who may be assigned accounts there',
        querystring: collectorsQuerySchema,
        response: { 200: collectorListSchema },
      },
    },
    async (request) => listCollectors(app.db, request.actor!, request.query.officeId),
  );

  app.post(
    '/api/v1/collectionAccount/export',
    {
      config: { permission: ['ALL_ACCOUNTS', 'READ'], userRateLimit: 'export', unscopedIds: FILTER_IDS },
      schema: {
        tags,
        summary:
          'The accounts of the current filter and sort as CSV or XLSX (streamed) or PDF with page subtotals and ' +
          'the grand total (at most 5,000 rows: 422 beyond); times at offsetHours',
        querystring: exportQuerySchema,
        body: collectionAccountExportRequestSchema,
      },
    },
    async (request, reply) =>
      sendExport(reply, await exportAccounts(app.database, request.actor!, request.body, request.query.offsetHours)),
  );

  app.get(
    '/api/v1/collectionAccount',
    {
      config: { permission: ['ALL_ACCOUNTS', 'READ'], records: { id: 'collectionAccount' } },
      schema: {
        tags,
        summary: 'One account (the account page’s header) with its status history, newest first',
        querystring: collectionAccountIdQuerySchema,
        response: { 200: collectionAccountDetailSchema },
      },
    },
    async (request) => getAccount(app.db, request.actor!, request.query.id),
  );

  app.patch(
    '/api/v1/collectionAccount',
    {
      config: {
        permission: ['ALL_ACCOUNTS', 'UPDATE'],
        records: { id: 'collectionAccount' },
        unscopedIds: { termId: TERM_ID, collectorId: COLLECTOR_ID },
      },
      schema: {
        tags,
        summary:
          'Changes status, term, collector or follow-up date, each an event of the account’s history (a status ' +
          'change needs a reason); Paid only at a zero balance (422); a closed account changes only its status',
        body: collectionAccountPatchSchema,
        response: { 200: collectionAccountDetailSchema },
      },
    },
    async (request) => patchAccount({ db: app.db, realtime: app.realtime }, request.actor!, request.body),
  );

  app.post(
    '/api/v1/collectionAccount',
    {
      config: {
        permission: ['ALL_ACCOUNTS', 'CREATE'],
        records: { officeId: 'office', clientId: 'client', inquiryId: 'inquiry' },
        unscopedIds: { termId: TERM_ID, collectorId: COLLECTOR_ID },
      },
      schema: {
        tags,
        summary:
          'Opens an account (status Active) in an office of the caller’s ALL_ACCOUNTS CREATE, for a client they may ' +
          'read and one of that client’s matters; 404 outside them',
        body: collectionAccountCreateSchema,
        response: { 200: collectionAccountDetailSchema },
      },
    },
    async (request) => openAccount({ db: app.db, realtime: app.realtime }, request.actor!, request.body),
  );

  app.post(
    '/api/v1/collectionAccount/assign',
    {
      config: {
        permission: ['ALL_ACCOUNTS', 'UPDATE'],
        unscopedIds: {
          accountIds:
            'each account is looked up in the caller’s ALL_ACCOUNTS UPDATE offices; one outside them fails the ' +
            'whole request with 404 and changes nothing',
          collectorId: COLLECTOR_ID,
        },
      },
      schema: {
        tags,
        summary:
          'Assigns the chosen accounts to a collector (or to nobody), all or none; the collector is told ' +
          '(ACCOUNT notification, one per account)',
        body: collectionAccountAssignSchema,
        response: { 200: collectionAccountAssignResultSchema },
      },
    },
    async (request) => assignAccounts({ db: app.db, realtime: app.realtime }, request.actor!, request.body),
  );

  app.post(
    '/api/v1/collectionAccount/note',
    {
      config: { permission: ['ALL_ACCOUNTS', 'UPDATE'], records: { accountId: 'collectionAccount' } },
      schema: {
        tags,
        summary: 'Adds a note to the account’s history; answers the new timeline item',
        body: collectionAccountNoteSchema,
        response: { 200: timelineItemSchema },
      },
    },
    async (request) => addNote(app.db, request.actor!, request.body),
  );

  app.post(
    '/api/v1/collectionAccount/adjustment',
    {
      config: { permission: ['ALL_ACCOUNTS', 'UPDATE'], records: { accountId: 'collectionAccount' } },
      schema: {
        tags,
        summary: 'A write-off (negative) or correction of what is owed, append-only; never below a zero balance (422)',
        body: collectionAccountAdjustmentSchema,
        response: { 200: collectionAccountDetailSchema },
      },
    },
    async (request) => adjustAccount(app.db, request.actor!, request.body),
  );

  app.post(
    '/api/v1/collectionAccount/timeline',
    {
      config: { permission: ['ALL_ACCOUNTS', 'READ'], records: { accountId: 'collectionAccount' } },
      schema: {
        tags,
        summary:
          'The account’s activity newest first: its history, adjustments, payments, and the calls and texts the ' +
          'caller may read; `before` pages back',
        body: timelineRequestSchema,
        response: { 200: timelineSchema },
      },
    },
    async (request) => accountTimeline(app.db, request.actor!, request.body),
  );

  await termsRoutes(app);
  await contactRulesRoutes(app);
  await assignmentRulesRoutes(app);
  await collectionAccessRoutes(app);
}
