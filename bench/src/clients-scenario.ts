import { formatDateInput, formatPhone } from '@casedesk/contract/common/text';
import { clientSearchRequestSchema } from '@casedesk/contract/clients/client-search';
import { duplicateCheckRequestSchema } from '@casedesk/contract/matching/duplicate-check';
import { potentialConflictsRequestSchema } from '@casedesk/contract/matching/potential-conflict';
import {
  findClientDuplicates,
  findPotentialConflicts,
} from '@casedesk/server/src/modules/clients/client-matching.service.ts';
import { searchClients } from '@casedesk/server/src/modules/clients/clients.service.ts';
import type { Database } from '@casedesk/server/src/platform/db/database.ts';
import { vacuumAfterBulkLoad } from '@casedesk/server/src/seed/seed.ts';
import type { RouteTarget } from './load.ts';
import { scenarioActor } from './scenario-helpers.ts';
import type { FloorCall, ServiceFloor } from './recorded-sql.ts';
import { measureServiceFloors } from './recorded-sql.ts';

/** Clients: search at 20 concurrent searchers; the duplicate and conflict checks run as an operator types. */
export const CLIENT_SCENARIO_CONNECTIONS = 20;
const SAMPLE_SIZE = 200;

export const SEARCH_ROUTE = 'POST /api/v1/client/search';
export const DUPLICATE_ROUTE = 'POST /api/v1/client/duplicate';
export const CONFLICTS_ROUTE = 'POST /api/v1/inquiry/potentialConflicts';

interface SampledClient {
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
  primary_number: string | null;
  mobile_number: string | null;
  email: string | null;
  lms_client_number: string | null;
}

/** The bodies each route is loaded with: real people from the seeded table, typed the ways operators type. */
export interface ClientScenarioBodies {
  search: string[];
  duplicate: string[];
  conflicts: string[];
}

/** A firm with a million clients has had many matters: one inquiry per five clients, each with an opposing party. */
const INQUIRIES_PER_CLIENT = 0.2;

/**
 * The conflict check searches opposing parties, which the demo seed makes only a few hundred of; this adds
 * inquiries at scale, each with an opposing party who is another (random) client, in one statement of set SQL
 * (the faker seed would take longer than the benchmark). Realistic on purpose: opposing parties are people,
 * some of whom are clients too.
 */
export async function addInquiriesAtScale(database: Database, clients: number): Promise<number> {
  const count = Math.round(clients * INQUIRIES_PER_CLIENT);
  if (count === 0) return 0;
  await database.query(
    `with picked as (
       select gen_random_uuid() as inquiry_id, id as client_id, office_id, row_number() over () as rn
       from (select id, office_id from clients where merged_into_id is null order by random() limit $1) c
     ), opposing as (
       select first_name, last_name, date_of_birth, primary_number, row_number() over () as rn
       from (select first_name, last_name, date_of_birth, primary_number from clients order by random() limit $1) c
     ), new_inquiries as (
       insert into inquiries (id, client_id, office_id) select inquiry_id, client_id, office_id from picked returning id
     )
     insert into inquiry_opposing_parties (inquiry_id, first_name, last_name, date_of_birth, phone_number)
     select p.inquiry_id, o.first_name, o.last_name, o.date_of_birth, o.primary_number from picked p join opposing o using (rn)`,
    [count],
  );
  await vacuumAfterBulkLoad(database.db);
  return count;
}

async function sampleClients(database: Database): Promise<SampledClient[]> {
  // A random sample once, before the load; a sequential scan here is the bench's own cost, not the product's.
  return database.query<SampledClient>(
    `select first_name, last_name, date_of_birth::text, primary_number, mobile_number, email, lms_client_number
       from clients where merged_into_id is null order by random() limit ${SAMPLE_SIZE}`,
  );
}

/** One slip of the finger: two neighbouring letters swapped. */
const typo = (word: string) =>
  word.length < 4 ? word : `${word.charAt(0)}${word.charAt(2)}${word.charAt(1)}${word.slice(3)}`;

/** Keywords in the mix an operator types: names both ways, prefixes, a typo, phones, emails, LMS numbers. */
function searchKeywords(client: SampledClient, index: number): string {
  const phone = client.mobile_number ?? client.primary_number ?? '';
  const kinds = [
    `${client.first_name} ${client.last_name}`,
    `${client.last_name} ${client.first_name}`,
    `${client.first_name.slice(0, 3)} ${client.last_name.slice(0, 3)}`,
    `${typo(client.last_name)} ${client.first_name}`,
    phone.slice(-4),
    phone ? formatPhone(phone) : client.last_name,
    client.email ?? client.last_name,
    client.lms_client_number ?? client.last_name.slice(0, 2),
  ];
  return kinds[index % kinds.length]!;
}

export async function buildClientScenario(database: Database): Promise<ClientScenarioBodies> {
  const sample = await sampleClients(database);
  if (sample.length === 0) throw new Error('No clients to sample: seed some with --clients');
  const search = sample.map((client, i) =>
    JSON.stringify({ pageNumber: 1, pageSize: 100, filter: { searchKeyword: searchKeywords(client, i) } }),
  );
  const person = (client: SampledClient, i: number) => ({
    firstName: i % 3 === 0 ? typo(client.first_name) : client.first_name,
    lastName: client.last_name,
    dateOfBirth: formatDateInput(client.date_of_birth),
    phones: [client.mobile_number ?? client.primary_number ?? ''].filter(Boolean),
  });
  const duplicate = sample.map((client, i) => JSON.stringify({ ...person(client, i), email: client.email ?? '' }));
  // The new client is someone unknown; the opposing party is a sampled client (the conflict to find).
  const conflicts = sample.map((client, i) => {
    const other = sample[(i + 1) % sample.length]!;
    return JSON.stringify({
      client: { firstName: typo(other.last_name), lastName: typo(other.first_name) },
      opposingParty: { ...person(client, i), lmsClientNumber: client.lms_client_number ?? '' },
    });
  });
  return { search, duplicate, conflicts };
}

export function clientScenarioTargets(bodies: ClientScenarioBodies): RouteTarget[] {
  return [
    { name: SEARCH_ROUTE, method: 'POST', path: '/api/v1/client/search', bodies: bodies.search },
    { name: DUPLICATE_ROUTE, method: 'POST', path: '/api/v1/client/duplicate', bodies: bodies.duplicate },
    { name: CONFLICTS_ROUTE, method: 'POST', path: '/api/v1/inquiry/potentialConflicts', bodies: bodies.conflicts },
  ];
}

/** The floor and bare SQL under each route, with the same parsed bodies as the load (measureServiceFloors). */
export async function measureClientFloors(
  database: Database,
  adminEmail: string,
  bodies: ClientScenarioBodies,
): Promise<ServiceFloor[]> {
  const actor = await scenarioActor(database, adminEmail);
  const search = bodies.search.map((b) => clientSearchRequestSchema.parse(JSON.parse(b)));
  const duplicate = bodies.duplicate.map((b) => duplicateCheckRequestSchema.parse(JSON.parse(b)));
  const conflicts = bodies.conflicts.map((b) => potentialConflictsRequestSchema.parse(JSON.parse(b)));
  const floors: FloorCall[] = [
    [
      SEARCH_ROUTE,
      'searchClients: ranked page with its count',
      (on, i) => searchClients(on, actor, search[i % search.length]!),
    ],
    [
      DUPLICATE_ROUTE,
      'findClientDuplicates: indexed candidates, scored',
      (on, i) => findClientDuplicates(on.db, actor, duplicate[i % duplicate.length]!),
    ],
    [
      CONFLICTS_ROUTE,
      'findPotentialConflicts: 3 candidate searches, scored',
      (on, i) => findPotentialConflicts(on.db, actor, conflicts[i % conflicts.length]!),
    ],
  ];
  return measureServiceFloors(database, floors);
}
