import type { ContactLogRow } from '@casedesk/contract/collections/report';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import type { AccountScope } from './collection-dashboard.query.ts';
import { accountScopeSql, rowsOf } from './collection-dashboard.query.ts';

/** The instants of the contact log: from the first day's start to the end of the last, in the caller's zone. */
export interface InstantRange {
  from: Date;
  to: Date;
}

/**
 * Every contact attempt on a collection account in the range, allowed or refused: the contact log the guard
 * appends to (`collection_contact_attempts`, written by guardCollectionContact before a collection call is
 * dialled or a collection text stored), with the rule that refused an attempt and its words. The one place the
 * contact log reads attempts from; a call or text that never asked the guard (an inbound one, one without an
 * account) was no collection contact attempt.
 */
export function contactAttemptsSql(range: InstantRange): SQL {
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  return sql`
    select t.id::text as id, t.at, t.channel, case when t.allowed then 'ALLOWED' else 'REFUSED' end as outcome,
           t.rule, t.message, t.account_id, t.by_id, t.to_number
      from collection_contact_attempts t
     where t.at >= ${from}::timestamptz and t.at < ${to}::timestamptz`;
}

/** The attempts on accounts in scope, with the account, client, office and who made it. */
function attemptsInScopeSql(scope: AccountScope, range: InstantRange): SQL {
  return sql`select t.id, t.at, t.channel, t.outcome, t.rule, t.message, t.account_id, a.account_number,
      trim(cl.first_name || ' ' || cl.last_name) as client, a.office_id, o.name as office, t.by_id,
      u.display_name as by_name, t.to_number
    from (${contactAttemptsSql(range)}) t
    join collection_accounts a on a.id = t.account_id
    join clients cl on cl.id = a.client_id
    join offices o on o.id = a.office_id
    left join users u on u.id = t.by_id
    where ${accountScopeSql(scope)}`;
}

interface AttemptRecord {
  id: string;
  at: Date | string;
  channel: 'CALL' | 'TEXT';
  outcome: 'ALLOWED' | 'REFUSED';
  rule: string | null;
  message: string | null;
  account_id: string;
  account_number: number;
  client: string;
  office_id: string;
  office: string;
  by_id: string | null;
  by_name: string | null;
  to_number: string | null;
}

function toRow(r: AttemptRecord): ContactLogRow {
  return {
    id: r.id,
    at: new Date(r.at).toISOString(),
    channel: r.channel,
    outcome: r.outcome,
    rule: r.rule,
    message: r.message,
    accountId: r.account_id,
    accountNumber: Number(r.account_number),
    client: r.client,
    officeId: r.office_id,
    office: r.office,
    byId: r.by_id,
    by: r.by_name,
    to: r.to_number,
  };
}

/** Attempts, newest first, `limit` of them after `offset`. */
export async function findContactAttempts(
  db: Db,
  scope: AccountScope,
  range: InstantRange,
  page: { limit: number; offset: number },
): Promise<ContactLogRow[]> {
  const result = await db.execute(sql`select * from (${attemptsInScopeSql(scope, range)}) x
    order by x.at desc, x.id desc limit ${page.limit} offset ${page.offset}`);
  return rowsOf<AttemptRecord>(result).map(toRow);
}

export async function countContactAttempts(
  db: Db,
  scope: AccountScope,
  range: InstantRange,
): Promise<{ attempts: number; allowed: number; refused: number }> {
  const result = await db.execute(sql`select count(*)::int as attempts,
      count(*) filter (where x.outcome = 'ALLOWED')::int as allowed,
      count(*) filter (where x.outcome = 'REFUSED')::int as refused
    from (${attemptsInScopeSql(scope, range)}) x`);
  const [row] = rowsOf<{ attempts: number; allowed: number; refused: number }>(result);
  return {
    attempts: Number(row?.attempts ?? 0),
    allowed: Number(row?.allowed ?? 0),
    refused: Number(row?.refused ?? 0),
  };
}

/**
 * Every attempt, newest first, a batch at a time (keyset on time and id, so each batch is one index-ordered
 * read and memory holds one batch): the export of the whole log, for compliance.
 */
export async function* everyContactAttempt(
  db: Db,
  scope: AccountScope,
  range: InstantRange,
  batchSize = 5000,
): AsyncGenerator<ContactLogRow[]> {
  // The instant as PostgreSQL prints it (to the microsecond, with its offset): a JavaScript Date keeps only
  // milliseconds, and two attempts a few microseconds apart must neither both be skipped nor both be repeated.
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const cursor: SQL = after ? sql`where (x.at, x.id) < (${after.at}::timestamptz, ${after.id})` : sql``;
    const result = await db.execute(sql`select x.*, x.at::text as at_text from (${attemptsInScopeSql(scope, range)}) x
      ${cursor} order by x.at desc, x.id desc limit ${batchSize}`);
    const records = rowsOf<AttemptRecord & { at_text: string }>(result);
    if (records.length === 0) return;
    yield records.map(toRow);
    if (records.length < batchSize) return;
    const last = records.at(-1)!;
    after = { at: last.at_text, id: last.id };
  }
}
