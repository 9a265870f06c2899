import {
  collectionAccountListRequestSchema,
  collectionAccountTotalsRequestSchema,
} from '@casedesk/contract/collections/account';
import { contactCheckRequestSchema } from '@casedesk/contract/collections/contact-rules';
import { accountTotals, listAccounts } from '@casedesk/server/src/modules/collections/collection-accounts.service.ts';
import { checkAccountContact } from '@casedesk/server/src/modules/collections/contact-rules.service.ts';
import type { Database } from '@casedesk/server/src/platform/db/database.ts';
import type { RouteTarget } from './load.ts';
import type { RecordedStatement, ReplayOptions } from './recorded-sql.ts';
import { installStatementRecorder } from './recorded-sql.ts';
import { scenarioActor } from './scenario-helpers.ts';

export const ACCOUNTS_LIST_ROUTE = 'POST /api/v1/collectionAccount/all (all-accounts page)';
export const ACCOUNTS_TOTALS_ROUTE = 'POST /api/v1/collectionAccount/allTotals (all-accounts page)';
export const CONTACT_CHECK_ROUTE = 'POST /api/v1/collectionContactRule/check';

/** The all-accounts budget is set for 20 collectors and managers paging their lists at once. */
export const ACCOUNTS_PAGE_CONNECTIONS = 20;
/**
 * The contact check runs when a collector presses Call or Send Text: five at once is a busy call centre's
 * moment (the budget names no concurrency; this is the one we hold it to).
 */
export const CONTACT_CHECK_CONNECTIONS = 5;
/** Accounts whose contact is checked in turn, so the measure is not one account's cached rows. */
const CHECKED_ACCOUNTS = 200;
/** Outbound collection calls per account over the last two weeks, for the guard's frequency read. */
const CALLS_PER_ACCOUNT = 3;
const CALL_DAYS = 14;

/**
 * Outbound collection calls carrying the accounts, over the last two weeks (a third of them conversations),
 * so the contact guard reads a real call history. Set SQL: volume, not rules.
 */
export async function addCollectionCallsAtScale(database: Database, log: (line: string) => void): Promise<void> {
  await database.query(
    `insert into calls (direction, duration_in_seconds, call_start_time, caller_id, number_dialed, office_id,
                        title, call_resolution, status, status_updated_at, collection_account_id)
     select 'OUTBOUND', case when (a.n + s) % 3 = 0 then 240 else 20 end,
            now() - make_interval(hours => ((a.n * 37 + s * 101) % (${CALL_DAYS} * 24))::int),
            '2135550100', '310' || lpad(((a.n * 48271) % 10000000)::text, 7, '0'), a.office_id,
            'Bench collection call', 'Collection call', 'completed', now(), a.id
       from (select id, office_id, row_number() over (order by id) as n from collection_accounts) a
       cross join generate_series(1, ${CALLS_PER_ACCOUNT}) s`,
  );
  await database.query('vacuum analyze calls');
  const [calls] = await database.query<{ n: number }>(
    'select count(*)::int as n from calls where collection_account_id is not null',
  );
  log(`  ${(calls?.n ?? 0).toLocaleString('en-US')} collection calls`);
}

export interface CollectionsWorkScenario {
  list: string[];
  totals: string[];
  checks: string[];
  recorded: Record<string, RecordedStatement[][]>;
  replay: Record<string, ReplayOptions>;
}

/**
 * The all-accounts page as the screen sends it (first page unfiltered, by status, by office, follow-ups due
 * today, each with the totals of the same filter) as the administrator, and the contact check of Call on
 * sampled accounts; each body's statements recorded through the services for the bare SQL.
 */
export async function buildCollectionsWorkScenario(
  database: Database,
  adminEmail: string,
): Promise<CollectionsWorkScenario> {
  const record = installStatementRecorder(database);
  const actor = await scenarioActor(database, adminEmail);
  const [office] = await database.query<{ id: string }>(`select id from offices order by name limit 1`);
  const today = new Date().toISOString().slice(0, 10);
  const filters = [{}, { statuses: ['ACTIVE', 'REVIEW'] }, { officeId: office!.id }, { followUpDue: 'PAST', today }];
  const list = filters.map((filter) => JSON.stringify({ pageNumber: 1, pageSize: 25, filter }));
  const totals = filters.map((filter) => JSON.stringify({ filter }));
  const accounts = await database.query<{ id: string }>(
    `select id from collection_accounts order by md5(id::text) limit ${CHECKED_ACCOUNTS}`,
  );
  const checks = accounts.map((a) => JSON.stringify({ accountId: a.id, channel: 'CALL', toNumber: '3105550123' }));

  const recorded: Record<string, RecordedStatement[][]> = {
    [ACCOUNTS_LIST_ROUTE]: [],
    [ACCOUNTS_TOTALS_ROUTE]: [],
    [CONTACT_CHECK_ROUTE]: [],
  };
  for (const body of list) {
    const request = collectionAccountListRequestSchema.parse(JSON.parse(body));
    recorded[ACCOUNTS_LIST_ROUTE]!.push(await record(() => listAccounts(database, actor, request)));
  }
  for (const body of totals) {
    const request = collectionAccountTotalsRequestSchema.parse(JSON.parse(body));
    recorded[ACCOUNTS_TOTALS_ROUTE]!.push(await record(() => accountTotals(database.db, actor, request)));
  }
  for (const body of checks.slice(0, 20)) {
    const request = contactCheckRequestSchema.parse(JSON.parse(body));
    recorded[CONTACT_CHECK_ROUTE]!.push(await record(() => checkAccountContact(database.db, actor, request)));
  }
  const replay = Object.fromEntries(Object.keys(recorded).map((name) => [name, { asSent: true, parallel: false }]));
  return { list, totals, checks, recorded, replay };
}

export function collectionsWorkTargets(scenario: CollectionsWorkScenario): RouteTarget[] {
  return [
    {
      name: ACCOUNTS_LIST_ROUTE,
      method: 'POST',
      path: '/api/v1/collectionAccount/all',
      bodies: scenario.list,
      connections: ACCOUNTS_PAGE_CONNECTIONS,
    },
    {
      name: ACCOUNTS_TOTALS_ROUTE,
      method: 'POST',
      path: '/api/v1/collectionAccount/allTotals',
      bodies: scenario.totals,
      connections: ACCOUNTS_PAGE_CONNECTIONS,
    },
    {
      name: CONTACT_CHECK_ROUTE,
      method: 'POST',
      path: '/api/v1/collectionContactRule/check',
      bodies: scenario.checks,
      connections: CONTACT_CHECK_CONNECTIONS,
    },
  ];
}
