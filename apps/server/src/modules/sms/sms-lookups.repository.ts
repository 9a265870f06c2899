import type { SQL } from 'drizzle-orm';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { param, preparedSql } from '../../platform/db/prepared.ts';
import { dropdownOptions } from '../dropdowns/dropdowns.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';

export interface OptionRef {
  id: string;
  value: string;
  active: boolean;
  groupType: string | null;
}

export interface SendContext {
  /** Active offices whose SMS number is the from-number (normally one). */
  offices: { id: string; name: string }[];
  category: OptionRef | null;
  reason: OptionRef | null;
  optedOut: boolean;
  /** The client named, or else the live client whose phone is the to-number; null when neither exists. */
  client: { id: string; name: string; officeId: string | null } | null;
  /** The inquiry named, with the office its LEADS conditions are about; null when none is named or it does not exist. */
  inquiry: { officeId: string | null } | null;
  collectorExists: boolean;
}

export interface SendLookup {
  fromNumber: string;
  toNumber: string;
  categoryId: string;
  reasonId: string;
  clientId?: string | null;
  inquiryId?: string | null;
  collectorId?: string | null;
}

/** reverse(x) = reverse(y) is plain equality, answered by the reversed-phone btrees of migration 0005. */
function clientByReversedPhoneSql(reversed: SQL): SQL {
  return sql`(select c.id from clients c where c.merged_into_id is null and (reverse(c.primary_number) = ${reversed}
    or reverse(c.mobile_number) = ${reversed} or reverse(c.home_number) = ${reversed}
    or reverse(c.secondary_number) = ${reversed}) order by c.updated_at desc limit 1)`;
}

const reversedPhone = (phone: string) => [...phone].reverse().join('');

/** The live client whose phone (any of their numbers) is this one, most recently updated first. */
export function clientByPhoneSql(phone: string): SQL {
  return clientByReversedPhoneSql(sql`${reversedPhone(phone)}`);
}

function optionSql(id: SQL, dropdownType: 'SMS_CATEGORY' | 'SMS_REASON'): SQL {
  return sql`(select json_build_object('id', d.id, 'value', d.value, 'active', d.active, 'groupType', d.group_type)
    from dropdown_options d where d.id = ${id} and d.dropdown_type = ${sql.raw(`'${dropdownType}'`)} and d.active)`;
}

/** Which of a send's optional references are given: each combination has a statement of its own. */
interface GivenRefs {
  client: boolean;
  inquiry: boolean;
  collector: boolean;
}

/**
 * The client named, else the live client whose phone is the to-number. A reference that is not given is
 * left out of the text (`false`, `null`, or the phone lookup) rather than passed as a NULL: with NULLs in play the
 * planner folded them away on each call, found that cheaper than one generic plan, and planned the
 * statement anew every time (more than the statement's own run time).
 */
const sendContextStatement = (given: GivenRefs) => sql`select
    (select coalesce(json_agg(json_build_object('id', o.id, 'name', o.name) order by o.name), '[]'::json)
       from offices o where o.sms_number = ${param('fromNumber')}::text and o.status = 'ACTIVE') as offices,
    ${optionSql(sql`${param('categoryId')}::uuid`, 'SMS_CATEGORY')} as category,
    ${optionSql(sql`${param('reasonId')}::uuid`, 'SMS_REASON')} as reason,
    coalesce((select s.opted_out from sms_opt_outs s where s.phone_number = ${param('toNumber')}::text), false)
      as opted_out,
    (select json_build_object('id', c.id, 'name', c.first_name || ' ' || c.last_name, 'officeId', c.office_id)
       from clients c
       where c.id = ${
         given.client ? sql`${param('clientId')}::uuid` : clientByReversedPhoneSql(sql`${param('reversedTo')}::text`)
       }) as client,
    ${
      given.inquiry
        ? sql`(select json_build_object('officeId', i.office_id) from inquiries i where i.id = ${param('inquiryId')}::uuid)`
        : sql`null::json`
    } as inquiry,
    ${given.collector ? sql`exists (select 1 from users u where u.id = ${param('collectorId')}::uuid)` : sql`false`}
      as collector_exists`;

/**
 * Everything a send checks and answers with, in one round trip and one prepared statement (planned once
 * per connection): the send budget is p99 ≤ 50 ms at 20 concurrent senders, and on PGlite every query runs
 * on the one main thread.
 */
export async function findSendContext(db: Db, lookup: SendLookup): Promise<SendContext> {
  const given: GivenRefs = { client: !!lookup.clientId, inquiry: !!lookup.inquiryId, collector: !!lookup.collectorId };
  const name = `sms_send_context_${Number(given.client)}${Number(given.inquiry)}${Number(given.collector)}`;
  const [row] = await preparedSql<Record<string, unknown>>(db, name, () => sendContextStatement(given)).execute({
    fromNumber: lookup.fromNumber,
    toNumber: lookup.toNumber,
    categoryId: lookup.categoryId,
    reasonId: lookup.reasonId,
    ...(given.client ? { clientId: lookup.clientId } : { reversedTo: reversedPhone(lookup.toNumber) }),
    ...(given.inquiry ? { inquiryId: lookup.inquiryId } : {}),
    ...(given.collector ? { collectorId: lookup.collectorId } : {}),
  });
  return {
    offices: parseJson(row!.offices) as SendContext['offices'],
    category: parseJson(row!.category) as OptionRef | null,
    reason: parseJson(row!.reason) as OptionRef | null,
    optedOut: row!.opted_out === true,
    client: parseJson(row!.client) as SendContext['client'],
    inquiry: parseJson(row!.inquiry) as SendContext['inquiry'],
    collectorExists: row!.collector_exists === true,
  };
}

/** json columns arrive parsed from node-postgres and PGlite alike; a string is parsed to be safe. */
function parseJson(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

export interface OptionRow {
  id: string;
  value: string;
  groupType: string | null;
}

/** An active dropdown option of the given type, or undefined. */
export async function findActiveOption(
  db: Db,
  id: string,
  dropdownType: 'SMS_CATEGORY' | 'SMS_REASON',
): Promise<OptionRow | undefined> {
  const [row] = await db
    .select({ id: dropdownOptions.id, value: dropdownOptions.value, groupType: dropdownOptions.groupType })
    .from(dropdownOptions)
    .where(
      and(eq(dropdownOptions.id, id), eq(dropdownOptions.dropdownType, dropdownType), eq(dropdownOptions.active, true)),
    );
  return row;
}

/** Active options of one type by sort order (chat options pick their category and reason from them). */
export async function findActiveOptions(db: Db, dropdownType: 'SMS_CATEGORY' | 'SMS_REASON'): Promise<OptionRow[]> {
  return db
    .select({ id: dropdownOptions.id, value: dropdownOptions.value, groupType: dropdownOptions.groupType })
    .from(dropdownOptions)
    .where(and(eq(dropdownOptions.dropdownType, dropdownType), eq(dropdownOptions.active, true)))
    .orderBy(dropdownOptions.sortOrder, dropdownOptions.value);
}

export async function findActiveUser(db: Db, id: string): Promise<{ id: string; displayName: string } | undefined> {
  const [row] = await db
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(and(eq(users.id, id), eq(users.accountEnabled, true)));
  return row;
}

export interface InboundContext {
  officeId: string | null;
  clientId: string | null;
  clientName: string | null;
  inquiryId: string | null;
  collectionAccountId: string | null;
  collectorId: string | null;
}

/**
 * Where an inbound text belongs, in one round trip: the office whose SMS number it was sent to, the
 * conversation it continues (the last text with that number: its client, inquiry, account), else the
 * live client with that phone number.
 */
export async function findInboundContext(db: Db, from: string, to: string): Promise<InboundContext> {
  const result = (await db.execute(sql`with last as (
      select client_id, inquiry_id, office_id, collection_account_id, collector_id from sms_messages
       where participant_number = ${from} order by created_date desc limit 1),
    office as (select id from offices where sms_number = ${to} order by (status = 'ACTIVE') desc, name limit 1),
    client as (select coalesce((select client_id from last), ${clientByPhoneSql(from)}) as id)
    select (select id from office) as office_id_by_number,
      (select office_id from last) as last_office_id,
      client.id as client_id,
      (select c.first_name || ' ' || c.last_name from clients c where c.id = client.id) as client_name,
      (select c.office_id from clients c where c.id = client.id) as client_office_id,
      (select inquiry_id from last) as inquiry_id,
      (select collection_account_id from last) as collection_account_id,
      (select collector_id from last) as collector_id
    from client`)) as unknown as { rows: Record<string, string | null>[] };
  const row = result.rows[0] ?? {};
  return {
    officeId: row.office_id_by_number ?? row.last_office_id ?? row.client_office_id ?? null,
    clientId: row.client_id ?? null,
    clientName: row.client_name ?? null,
    inquiryId: row.inquiry_id ?? null,
    collectionAccountId: row.collection_account_id ?? null,
    collectorId: row.collector_id ?? null,
  };
}

export interface SmsOfficeRow {
  id: string;
  name: string;
  smsNumber: string;
  phone: string;
  streetAddress: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

/** Active offices by name: the from-numbers texts may go out from. */
export async function findActiveOffices(db: Db): Promise<SmsOfficeRow[]> {
  return db
    .select({
      id: offices.id,
      name: offices.name,
      smsNumber: offices.smsNumber,
      phone: offices.phone,
      streetAddress: offices.streetAddress,
      city: offices.city,
      state: offices.state,
      zip: offices.zip,
    })
    .from(offices)
    .where(eq(offices.status, 'ACTIVE'))
    .orderBy(offices.name);
}
