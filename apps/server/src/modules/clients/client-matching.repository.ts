import type { MatchFeatures, NameComparison } from '@casedesk/contract/matching/match-score';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { param, preparedSql } from '../../platform/db/prepared.ts';
import type { MatchTable, PersonProbe } from './client-matching.query.ts';
import { candidatesStatement, hasArms, probeValues, shapeOf, statementName } from './client-matching.query.ts';

export type { PersonProbe } from './client-matching.query.ts';

/** Candidate search for duplicates and conflicts (issue 4): the statements are in client-matching.query.ts. */

/** What the SQL measures of each candidate: the scoring's input (contract/matching/match-score.ts). */
export type CandidateMeasures = MatchFeatures;

export interface ClientCandidate extends CandidateMeasures {
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
}

export interface OpposingPartyCandidate extends CandidateMeasures {
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
}

type Row = Record<string, unknown>;

/** Runs the prepared statement of this table and the probe's shape; no statement when nothing is typed. */
async function candidateRows(db: Db, table: MatchTable, probe: PersonProbe, excludeId?: string): Promise<Row[]> {
  const shape = shapeOf(table, probe, Boolean(excludeId));
  if (!hasArms(shape)) return [];
  const statement = preparedSql<Row>(db, statementName(table, shape), () => candidatesStatement(table, shape));
  return statement.execute(probeValues(probe, excludeId));
}

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
const bool = (v: unknown) => v === true;

function readName(row: Row, key: string): NameComparison | undefined {
  if (!(`${key}_exact` in row)) return undefined;
  return {
    exact: bool(row[`${key}_exact`]),
    nickname: bool(row[`${key}_nickname`]),
    soundsAlike: bool(row[`${key}_sound`]),
    similarity: Number(row[`${key}_sim`] ?? 0),
  };
}

function readMeasures(row: Row): CandidateMeasures {
  return {
    first: readName(row, 'first'),
    last: readName(row, 'last'),
    swappedFirst: readName(row, 'swapped_first'),
    swappedLast: readName(row, 'swapped_last'),
    samePhone: bool(row.same_phone),
    sameEmail: bool(row.same_email),
    sameDateOfBirth: bool(row.same_dob),
    sameLmsClientNumber: bool(row.same_lms),
  };
}

/** Live (not merged-away) clients that may be the probed person, with their measurements. */
export async function findClientCandidates(
  db: Db,
  probe: PersonProbe,
  excludeClientId?: string,
): Promise<ClientCandidate[]> {
  const rows = await candidateRows(db, 'clients', probe, excludeClientId);
  return rows.map((row) => ({
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
    ...readMeasures(row),
  }));
}

/** Opposing parties of inquiries other than `excludeInquiryId` that may be the probed person. */
export async function findOpposingPartyCandidates(
  db: Db,
  probe: PersonProbe,
  excludeInquiryId?: string,
): Promise<OpposingPartyCandidate[]> {
  const rows = await candidateRows(db, 'opposing', probe, excludeInquiryId);
  return rows.map((row) => ({
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
    ...readMeasures(row),
  }));
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
