import type { PermissionType } from '@casedesk/contract/access/permissions';
import { allowsRecord } from '@casedesk/contract/access/permissions';
import type {
  DuplicateCheckRequest,
  DuplicateMatch,
  InquiryDuplicateMatch,
} from '@casedesk/contract/matching/duplicate-check';
import { DUPLICATE_MATCH_LIMIT } from '@casedesk/contract/matching/duplicate-check';
import type { StoredPerson } from '@casedesk/contract/matching/match-features';
import { matchFeatures, preparePerson } from '@casedesk/contract/matching/match-features';
import type { MatchScore } from '@casedesk/contract/matching/match-score';
import { scoreMatch } from '@casedesk/contract/matching/match-score';
import type {
  ConflictPerson,
  ConflictSide,
  PotentialConflict,
  PotentialConflictsRequest,
} from '@casedesk/contract/matching/potential-conflict';
import { POTENTIAL_CONFLICT_LIMIT } from '@casedesk/contract/matching/potential-conflict';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import type { ClientCandidate, OpposingPartyCandidate, PersonProbe } from './client-matching.repository.ts';
import { findClientCandidates, findConflictCandidates, findInquiriesOfClients } from './client-matching.repository.ts';

/** Typed values as the indexes hold them: names and email lower case, LMS number lower case. */
function probeOf(person: PersonProbe): PersonProbe {
  const lower = (v?: string) => (v && v.trim() ? v.trim().toLowerCase() : undefined);
  // A one-letter name says nothing; names count from two letters.
  const name = (v?: string) => {
    const l = lower(v);
    return l && l.length >= 2 ? l : undefined;
  };
  return {
    firstName: name(person.firstName),
    lastName: name(person.lastName),
    dateOfBirth: person.dateOfBirth || undefined,
    phones: person.phones,
    email: lower(person.email),
    lmsClientNumber: lower(person.lmsClientNumber),
  };
}

interface Scored<T> {
  candidate: T;
  match: MatchScore;
}

/** Each candidate's fields as levels of agreement, scored; those worth offering, best first. */
function scoreAll<T extends { id: string; signals: ClientCandidate['signals'] }>(
  probe: PersonProbe,
  candidates: T[],
  stored: (c: T) => StoredPerson,
): Scored<T>[] {
  const typed = preparePerson(probe);
  return candidates
    .map((candidate) => ({ candidate, match: scoreMatch(matchFeatures(typed, stored(candidate), candidate.signals)) }))
    .filter((s) => s.match.offered)
    .sort((a, b) => b.match.bits - a.match.bits || a.candidate.id.localeCompare(b.candidate.id));
}

const storedClient = (c: ClientCandidate): StoredPerson => ({
  firstName: c.firstName,
  lastName: c.lastName,
  dateOfBirth: c.dateOfBirth,
  phones: [c.primaryNumber, c.secondaryNumber, c.mobileNumber, c.homeNumber],
  email: c.email,
  lmsClientNumber: c.lmsClientNumber,
});

const storedOpposingParty = (c: OpposingPartyCandidate): StoredPerson => ({
  firstName: c.firstName,
  lastName: c.lastName,
  dateOfBirth: c.dateOfBirth,
  phones: [c.phoneNumber],
  lmsClientNumber: c.lmsClientNumber,
});

function toDuplicateMatch(candidate: ClientCandidate, match: MatchScore): DuplicateMatch {
  const swapped = match.reasons.includes('SWAPPED_NAMES');
  const nickname = match.reasons.includes('NICKNAME');
  return {
    clientId: candidate.id,
    firstName: candidate.firstName,
    middleName: candidate.middleName,
    lastName: candidate.lastName,
    dateOfBirth: candidate.dateOfBirth,
    email: candidate.email,
    primaryNumber: candidate.primaryNumber,
    secondaryNumber: candidate.secondaryNumber,
    mobileNumber: candidate.mobileNumber,
    homeNumber: candidate.homeNumber,
    lmsClientNumber: candidate.lmsClientNumber,
    score: match.score,
    reasons: match.reasons,
    nicknameOf: nickname ? (swapped ? candidate.lastName : candidate.firstName) : null,
  };
}

/** Scored, likely, in-scope clients, best first, at most 10. */
async function rankClients(
  db: Db,
  request: DuplicateCheckRequest,
  inScope: (c: ClientCandidate) => boolean,
): Promise<DuplicateMatch[]> {
  const probe = probeOf(request);
  const candidates = (await findClientCandidates(db, probe, request.excludeClientId)).filter(inScope);
  return scoreAll(probe, candidates, storedClient)
    .slice(0, DUPLICATE_MATCH_LIMIT)
    .map(({ candidate, match }) => toDuplicateMatch(candidate, match));
}

const inOfficeScope = (actor: Actor, permissionType: PermissionType) => (record: { officeId: string | null }) =>
  allowsRecord(actor.permissions, permissionType, 'READ', { OFFICE: record.officeId });

/**
 * POST /client/duplicate (CLIENT_PROFILE READ: what is shown is client profiles). A CLIENT_PROFILE READ
 * office condition, where one is granted, limits the clients considered (SPEC §6, in the query path).
 */
export async function findClientDuplicates(
  db: Db,
  actor: Actor,
  request: DuplicateCheckRequest,
): Promise<DuplicateMatch[]> {
  return rankClients(db, request, inOfficeScope(actor, 'CLIENT_PROFILE'));
}

/**
 * POST /inquiry/duplicate (LEADS READ): the same likely clients, under the same CLIENT_PROFILE READ rule
 * (a client the caller may not open cannot be used for the lead either), each with the inquiries the
 * caller's LEADS READ office scope reaches; inquiries of other offices are not listed.
 */
export async function findInquiryDuplicates(
  db: Db,
  actor: Actor,
  request: DuplicateCheckRequest,
): Promise<InquiryDuplicateMatch[]> {
  const matches = await rankClients(db, request, inOfficeScope(actor, 'CLIENT_PROFILE'));
  const inquiries = (
    await findInquiriesOfClients(
      db,
      matches.map((m) => m.clientId),
    )
  ).filter(inOfficeScope(actor, 'LEADS'));
  return matches.map((match) => ({
    ...match,
    inquiries: inquiries
      .filter((i) => i.clientId === match.clientId)
      .map((i) => ({ id: i.id, createdAt: i.createdAt })),
  }));
}

const joinNames = (...parts: (string | null | undefined)[]) => parts.filter((p) => p && p.trim()).join(' ') || null;

/** A matched client; outside the caller's CLIENT_PROFILE READ scope it warns without details (as below). */
function clientRow(candidate: ClientCandidate, match: MatchScore, visible: boolean): PotentialConflict {
  const numbers = [candidate.primaryNumber, candidate.secondaryNumber, candidate.mobileNumber, candidate.homeNumber];
  return {
    side: 'OPPOSING_PARTY_IS_CLIENT',
    names: visible ? joinNames(candidate.firstName, candidate.middleName, candidate.lastName) : null,
    dateOfBirth: visible ? candidate.dateOfBirth : null,
    numbers: visible ? [...new Set(numbers.filter((n): n is string => Boolean(n)))] : [],
    lmsClientNumber: visible ? candidate.lmsClientNumber : null,
    clientId: visible ? candidate.id : null,
    inquiryId: null,
    score: match.score,
    reasons: match.reasons,
    restricted: !visible,
  };
}

/**
 * A matched opposing party. Out of the caller's LEADS READ office scope the warning stays (side, score,
 * reasons) but the person and the ids are withheld: a conflict must never go unnoticed, and another
 * office's inquiry must never be disclosed (SPEC §6).
 */
function opposingRow(
  side: ConflictSide,
  candidate: OpposingPartyCandidate,
  match: MatchScore,
  visible: boolean,
): PotentialConflict {
  return {
    side,
    names: visible ? joinNames(candidate.firstName, candidate.middleName, candidate.lastName) : null,
    dateOfBirth: visible ? candidate.dateOfBirth : null,
    numbers: visible && candidate.phoneNumber ? [candidate.phoneNumber] : [],
    lmsClientNumber: visible ? candidate.lmsClientNumber : null,
    clientId: visible ? candidate.clientId : null,
    inquiryId: visible ? candidate.inquiryId : null,
    score: match.score,
    reasons: match.reasons,
    restricted: !visible,
  };
}

function personProbe(person: ConflictPerson): PersonProbe {
  return probeOf(person);
}

/**
 * POST /inquiry/potentialConflicts (LEADS READ): the new client against opposing parties of other
 * inquiries; the new opposing party against existing clients and other inquiries' opposing parties,
 * with the same candidates and scores as the duplicate check. Rows best first, at most 20. Every match
 * is reported; one the caller may not see (an inquiry outside its LEADS READ offices, a client outside
 * its CLIENT_PROFILE READ offices) is `restricted`: the warning and its reasons without the person or ids.
 */
export async function findPotentialConflicts(
  db: Db,
  actor: Actor,
  request: PotentialConflictsRequest,
): Promise<PotentialConflict[]> {
  const client = personProbe(request.client);
  const opposing = personProbe(request.opposingParty);
  const visible = inOfficeScope(actor, 'LEADS');
  const clientVisible = inOfficeScope(actor, 'CLIENT_PROFILE');
  // A person with nothing typed to look for is left out of the statement (client-matching.query.ts).
  const { clientVsOpposing, opposingVsClients, opposingVsOpposing } = await findConflictCandidates(
    db,
    client,
    opposing,
    request.inquiryId,
  );
  // Ranked by evidence (bits), finer than the rounded score; ties keep the sides' order.
  const rows: { row: PotentialConflict; bits: number }[] = [
    ...scoreAll(client, clientVsOpposing, storedOpposingParty).map(({ candidate, match }) => ({
      row: opposingRow('CLIENT_IS_OPPOSING_PARTY', candidate, match, visible(candidate)),
      bits: match.bits,
    })),
    ...scoreAll(opposing, opposingVsClients, storedClient).map(({ candidate, match }) => ({
      row: clientRow(candidate, match, clientVisible(candidate)),
      bits: match.bits,
    })),
    ...scoreAll(opposing, opposingVsOpposing, storedOpposingParty).map(({ candidate, match }) => ({
      row: opposingRow('OPPOSING_PARTY_IS_OPPOSING_PARTY', candidate, match, visible(candidate)),
      bits: match.bits,
    })),
  ];
  return rows
    .map((entry, index) => ({ ...entry, index }))
    .sort((a, b) => b.bits - a.bits || a.index - b.index)
    .slice(0, POTENTIAL_CONFLICT_LIMIT)
    .map(({ row }) => row);
}
