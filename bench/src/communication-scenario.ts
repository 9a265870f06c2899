import { randomUUID } from 'node:crypto';
import { sendSmsRequestSchema, smsByPhoneQuerySchema, smsByPhoneRequestSchema } from '@casedesk/contract/sms/sms';
import type { SmsDeps } from '@casedesk/server/src/modules/sms/sms.service.ts';
import { sendSms, smsHistory } from '@casedesk/server/src/modules/sms/sms.service.ts';
import type { Database } from '@casedesk/server/src/platform/db/database.ts';
import { inProcessBus } from '@casedesk/server/src/platform/realtime/realtime-bus.ts';
import type { RouteTarget } from './load.ts';
import type { CommittedReplay, RecordedStatement, ReplayOptions } from './recorded-sql.ts';
import { openRecordingConnection, withKeyReplaced } from './recorded-sql.ts';
import { scenarioActor } from './scenario-helpers.ts';

/** Communication: 20 concurrent senders; the history page is read with a million texts in the table. */
export const COMMUNICATION_SCENARIO_CONNECTIONS = 20;
export const SEND_ROUTE = 'POST /api/v1/sms/send';
export const HISTORY_ROUTE = 'POST /api/v1/sms/byPhoneNumber';
const SAMPLE_SIZE = 200;
/** The history drawer's first page. */
const HISTORY_BODY = JSON.stringify({ pageNumber: 1, pageSize: 5 });
const MESSAGES_PER_STATEMENT = 100_000;

/**
 * A million texts, in set SQL (the faker seed would take longer than the benchmark): each between a
 * seeded client's mobile number and an office's SMS number, both directions, over the last two years (`days`).
 * A few numbers are busy (every 50th text goes to one of 100 numbers) so some histories are long,
 * which is the case the newest-first page has to stay fast on.
 */
export async function addMessagesAtScale(database: Database, total: number, days = 730): Promise<number> {
  for (let done = 0; done < total; done += MESSAGES_PER_STATEMENT) {
    const count = Math.min(MESSAGES_PER_STATEMENT, total - done);
    await database.query(
      `with phones as (
         select array_agg(mobile_number) as list from (
           select mobile_number from clients where mobile_number is not null order by id limit 20000) p
       ), office_list as (
         select array_agg(id order by name) as ids, array_agg(sms_number order by name) as numbers from offices
       ), picked as (
         select g,
                case when g % 50 = 0 then phones.list[1 + (g / 50) % 100]
                     else phones.list[1 + ((g::bigint * 7919) % array_length(phones.list, 1))::int] end as phone,
                1 + g % array_length(office_list.ids, 1) as office_index,
                office_list.ids, office_list.numbers
         from generate_series($1::int, $2::int) g, phones, office_list
       )
       insert into sms_messages (direction, from_number, to_number, body, office_id, status, created_date)
       select case when g % 3 = 0 then 'INBOUND' else 'OUTBOUND' end,
              case when g % 3 = 0 then phone else numbers[office_index] end,
              case when g % 3 = 0 then numbers[office_index] else phone end,
              'Bench text ' || g,
              ids[office_index],
              case when g % 3 = 0 then 'received' else 'delivered' end,
              now() - (g % ${days}) * interval '1 day' - (g % 86400) * interval '1 second'
       from picked`,
      [done + 1, done + count],
    );
  }
  // A table in service has been vacuumed (autovacuum) and analyzed; a bulk load has neither, and without the
  // visibility map every index-only count would visit the heap. Measure the steady state, not the load.
  await database.query('vacuum analyze sms_messages');
  // … and the load's dirty pages written out now, not by a checkpoint in the middle of the measurement.
  await database.query('checkpoint');
  return total;
}

export interface CommunicationScenario {
  send: string[];
  historyPaths: string[];
  /** An office SMS number and a sender for the inbound webhooks of the socket test. */
  officeSmsNumber: string;
  inboundFrom: string[];
  /** Each route's recorded statements, one list per body or path (PostgreSQL only), for the bare SQL beside its load. */
  recorded: Record<string, RecordedStatement[][]>;
  replay: Record<string, ReplayOptions>;
}

type CommunicationBodies = Omit<CommunicationScenario, 'recorded' | 'replay'>;

interface SampledRecipient {
  id: string;
  mobile_number: string;
}

/** Request bodies from the seeded data: texts to real clients from office numbers the admin may use. */
async function communicationBodies(database: Database): Promise<CommunicationBodies> {
  const recipients = await database.query<SampledRecipient>(
    `select id, mobile_number from clients where mobile_number is not null order by random() limit ${SAMPLE_SIZE}`,
  );
  const [office] = await database.query<{ sms_number: string }>('select sms_number from offices order by name limit 1');
  const [category] = await database.query<{ id: string }>(
    `select id from dropdown_options where dropdown_type = 'SMS_CATEGORY' and group_type = 'CALL_CENTER' limit 1`,
  );
  const [reason] = await database.query<{ id: string }>(
    `select id from dropdown_options where dropdown_type = 'SMS_REASON' order by sort_order limit 1`,
  );
  if (!office || !category || !reason || recipients.length === 0) {
    throw new Error('The seed has no offices, SMS categories, reasons or clients with a mobile number');
  }
  // Busy numbers (long histories) and ordinary ones, alternately.
  const busy = await database.query<{ participant_number: string }>(
    `select participant_number from sms_messages group by participant_number order by count(*) desc limit 100`,
  );
  const historyNumbers = recipients.flatMap((r, i) => [
    r.mobile_number,
    busy[i % Math.max(1, busy.length)]?.participant_number ?? r.mobile_number,
  ]);
  return {
    send: recipients.map((r, i) =>
      JSON.stringify({
        fromNumber: office.sms_number,
        toNumber: r.mobile_number,
        body: `Hello, this is your legal team. Reference ${i}.`,
        direction: 'OUTBOUND',
        clientId: r.id,
        categoryId: category.id,
        reasonId: reason.id,
      }),
    ),
    historyPaths: historyNumbers.map((phone) => `/api/v1/sms/byPhoneNumber?phoneNumber=${phone}`),
    officeSmsNumber: office.sms_number,
    inboundFrom: recipients.map((r) => r.mobile_number),
  };
}

/**
 * The send queues its text for the delivery job after the commit, batched with other senders' (a pg-boss insert
 * on the job queue's own pool, not a statement of the service's): recorded without it.
 */
const UNQUEUED: SmsDeps['jobs'] = { send: async () => null, sendSoon: () => {} };

interface CommunicationRecording {
  recorded: Record<string, RecordedStatement[][]>;
  /** The id each recorded send gave its text, by the send's statements. */
  sentIds: WeakMap<RecordedStatement[], string>;
}

/**
 * Every send body's and history path's statements, recorded through the route's own service call as the
 * administrator (the load's user). A send is recorded inside a transaction rolled back afterwards, so the
 * recording adds no text for the history to read or the delivery job to find.
 */
async function recordCommunicationRoutes(
  databaseUrl: string,
  adminEmail: string,
  bodies: CommunicationBodies,
): Promise<CommunicationRecording> {
  const connection = await openRecordingConnection(databaseUrl);
  try {
    const deps: SmsDeps = { db: connection.database.db, jobs: UNQUEUED, realtime: inProcessBus() };
    const actor = await scenarioActor(connection.database, adminEmail);
    const send: RecordedStatement[][] = [];
    const sentIds = new WeakMap<RecordedStatement[], string>();
    for (const body of bodies.send) {
      const request = sendSmsRequestSchema.parse(JSON.parse(body));
      let sentId = '';
      const statements = await connection.recordRolledBack(async () => {
        sentId = (await sendSms(deps, actor, request)).id;
      });
      sentIds.set(statements, sentId);
      send.push(statements);
    }
    const history: RecordedStatement[][] = [];
    const page = smsByPhoneRequestSchema.parse(JSON.parse(HISTORY_BODY));
    for (const path of bodies.historyPaths) {
      const { phoneNumber } = smsByPhoneQuerySchema.parse(
        Object.fromEntries(new URL(path, 'http://bench').searchParams),
      );
      history.push(await connection.record(() => smsHistory(deps.db, actor, phoneNumber, page)));
    }
    return { recorded: { [SEND_ROUTE]: send, [HISTORY_ROUTE]: history }, sentIds };
  } finally {
    await connection.close();
  }
}

/** How many of the replay's texts one delete takes. */
const DELETE_CHUNK = 10_000;

/**
 * A send's replay commits its text as the route does (CommittedReplay), under a fresh id: the recorded id is in
 * the insert's `id` and in its audit row's `after`. Once the replay's load is over its texts are deleted: queued
 * with no delivery job, they would be sent by the server's stranded-text sweep during the next route, and the
 * history page would read them. Their audit rows stay (the audit trail is append-only).
 */
function committedSends(sentIds: WeakMap<RecordedStatement[], string>): CommittedReplay {
  let written: string[] = [];
  return {
    renew(statements) {
      const recordedId = sentIds.get(statements);
      if (!recordedId) throw new Error('A send replayed without the id its recording gave its text');
      const id = randomUUID();
      written.push(id);
      return withKeyReplaced(statements, recordedId, id);
    },
    async settle(database) {
      for (let start = 0; start < written.length; start += DELETE_CHUNK) {
        const ids = written.slice(start, start + DELETE_CHUNK);
        await database.query('delete from sms_messages where id = any($1::uuid[])', [ids]);
      }
      written = [];
    },
  };
}

/**
 * Both routes send named prepared statements (the send's context read and its insert with the audit row; the
 * history page), and so does the replay, each statement committed on its own as the route's are.
 */
function communicationReplay(sentIds: WeakMap<RecordedStatement[], string>): Record<string, ReplayOptions> {
  return { [SEND_ROUTE]: { committed: committedSends(sentIds) }, [HISTORY_ROUTE]: {} };
}

/** The bodies, and on PostgreSQL (`databaseUrl`) each route's statements; PGlite has one connection, no replay. */
export async function buildCommunicationScenario(
  database: Database,
  adminEmail: string,
  databaseUrl: string | undefined,
): Promise<CommunicationScenario> {
  const bodies = await communicationBodies(database);
  if (!databaseUrl) return { ...bodies, recorded: {}, replay: {} };
  const { recorded, sentIds } = await recordCommunicationRoutes(databaseUrl, adminEmail, bodies);
  return { ...bodies, recorded, replay: communicationReplay(sentIds) };
}

export function communicationScenarioTargets(scenario: CommunicationScenario): RouteTarget[] {
  return [
    { name: SEND_ROUTE, method: 'POST', path: '/api/v1/sms/send?offsetHours=0', bodies: scenario.send },
    {
      name: HISTORY_ROUTE,
      method: 'POST',
      path: scenario.historyPaths[0]!,
      paths: scenario.historyPaths,
      body: HISTORY_BODY,
    },
  ];
}
