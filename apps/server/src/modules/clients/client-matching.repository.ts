import type { StoredSignals } from '@casedesk/contract/matching/match-features';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { param, preparedSql } from '../../platform/db/prepared.ts';
import type { CandidateSearch, PersonProbe } from './client-matching.query.ts';
import { candidatesStatement } from './client-matching.query.ts';

/**
 * Candidate search for duplicates and conflicts: runs the statements of client-matching.query.ts and reads their
 * rows into candidates with what the database measured, for the comparison and scoring in the service.
 */

export type { PersonProbe } from './client-matching.query.ts';

export interface ClientCandidate {
  id: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  dateOfBirth: string | null;
  email: string | null;
  primaryNumber: string | null;
  secondaryNumber: string | null;
  mobileNumber: string | null;
  homeNumber: string | null;
  lmsClientNumber: string | null;
  officeId: string | null;
  signals: StoredSignals;
}

export interface OpposingPartyCandidate {
  id: string;
  inquiryId: string;
  clientId: string;
  officeId: string | null;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  dateOfBirth: string | null;
  phoneNumber: string | null;
  lmsClientNumber: string | null;
  signals: StoredSignals;
}

type Row = Record<string, unknown>;

/** Each search's rows, from one prepared statement (client-matching.query.ts); none when nothing is typed. */
async function candidateRows(db: Db, searches: CandidateSearch[]): Promise<Row[][]> {
  const statement = candidatesStatement(searches);
  if (!statement) return searches.map(() => []);
  const rows = await preparedSql<Row>(db, statement.name, statement.build).execute(statement.values);
  return statement.keys.map((key) => (key ? rows.filter((row) => row.part === key) : []));
}

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
const bool = (v: unknown) => v === true;

/**
 * What the statement measured of each name, under the column names it gives them (client-matching.query.ts); none
 * where it measured none (no name typed, or no stored name). The names are written out, not made from a prefix:
 * this runs on every candidate, and a name made on each read is looked up the slow way.
 */
function readSignals(row: Row): StoredSignals {
  return {
    first: { nickname: bool(row.first_nickname), soundsAlike: bool(row.first_sound) },
    last: { nickname: bool(row.last_nickname), soundsAlike: bool(row.last_sound) },
    swappedFirst: { nickname: bool(row.swapped_first_nickname), soundsAlike: bool(row.swapped_first_sound) },
    swappedLast: { nickname: bool(row.swapped_last_nickname), soundsAlike: bool(row.swapped_last_sound) },
    samePhone: bool(row.same_phone),
    sameEmail: bool(row.same_email),
    sameLmsClientNumber: bool(row.same_lms),
  };
}

function toClientCandidate(row: Row): ClientCandidate {
  return {
    id: String(row.id),
    firstName: String(row.first_name),
    middleName: text(row.middle_name),
    lastName: String(row.last_name),
    dateOfBirth: text(row.dob),
    email: text(row.email),
    primaryNumber: text(row.primary_number),
    secondaryNumber: text(row.secondary_number),
    mobileNumber: text(row.mobile_number),
    homeNumber: text(row.home_number),
    lmsClientNumber: text(row.lms_client_number),
    officeId: text(row.office_id),
    signals: readSignals(row),
  };
}

function toOpposingPartyCandidate(row: Row): OpposingPartyCandidate {
  return {
    id: String(row.id),
    inquiryId: String(row.inquiry_id),
    clientId: String(row.client_id),
    officeId: text(row.office_id),
    firstName: text(row.first_name),
    middleName: text(row.middle_name),
    lastName: text(row.last_name),
    dateOfBirth: text(row.dob),
    phoneNumber: text(row.phone_number),
    lmsClientNumber: text(row.lms_client_number),
    signals: readSignals(row),
  };
}

/** Live (not merged-away) clients that may be the probed person, with their measurements. */
export async function findClientCandidates(
  db: Db,
  probe: PersonProbe,
  excludeClientId?: string,
): Promise<ClientCandidate[]> {
  const [rows] = await candidateRows(db, [{ table: 'clients', probe, excludeId: excludeClientId }]);
  return rows!.map(toClientCandidate);
}

export interface ConflictCandidates {
  /** Opposing parties of other inquiries who may be the new client. */
  clientVsOpposing: OpposingPartyCandidate[];
  /** Clients who may be the opposing party. */
  opposingVsClients: ClientCandidate[];
  /** Opposing parties of other inquiries who may be this opposing party. */
  opposingVsOpposing: OpposingPartyCandidate[];
}

/** The conflict check's three candidate searches, in one statement; `inquiryId`'s own opposing party is left out. */
export async function findConflictCandidates(
  db: Db,
  client: PersonProbe,
  opposingParty: PersonProbe,
  inquiryId?: string,
): Promise<ConflictCandidates> {
  const [clientVsOpposing, opposingVsClients, opposingVsOpposing] = await candidateRows(db, [
    { table: 'opposing', probe: client, excludeId: inquiryId },
    { table: 'clients', probe: opposingParty },
    { table: 'opposing', probe: opposingParty, excludeId: inquiryId },
  ]);
  return {
    clientVsOpposing: clientVsOpposing!.map(toOpposingPartyCandidate),
    opposingVsClients: opposingVsClients!.map(toClientCandidate),
    opposingVsOpposing: opposingVsOpposing!.map(toOpposingPartyCandidate),
  };
}

/** Inquiries of these clients, newest first (the caller applies the LEADS office scope). */
export async function findInquiriesOfClients(
  db: Db,
  clientIds: string[],
): Promise<{ id: string; clientId: string; officeId: string | null; createdAt: string }[]> {
  if (clientIds.length === 0) return [];
  const rows = await preparedSql<Row>(
    db,
    'match_inquiries_of_clients',
    () => sql`SELECT id, client_id, office_id,
        to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
      FROM inquiries WHERE client_id = ANY(${param('clientIds')}::uuid[]) ORDER BY created_at DESC, id`,
  ).execute({ clientIds });
  return rows.map((row) => ({
    id: String(row.id),
    clientId: String(row.client_id),
    officeId: text(row.office_id),
    createdAt: String(row.created_at),
  }));
}
