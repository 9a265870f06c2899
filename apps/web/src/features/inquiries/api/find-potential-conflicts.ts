import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import {
  potentialConflictListSchema,
  type ConflictPersonInput,
  type PotentialConflict,
  type PotentialConflictsInput,
} from '@casedesk/contract/matching/potential-conflict';
import { apiRequest } from '@/lib/api-client.ts';
import { matchableFields, matchableName, type TypedPerson } from './find-duplicates.ts';

const LMS_MAX = 30;

/** Complete values only (see matchableFields); an LMS client number as typed, within its limit. */
function conflictPersonOf(person: TypedPerson): ConflictPersonInput | null {
  const fields = matchableFields(person);
  const lms = person.lmsClientNumber?.trim();
  const names = fields.firstName && fields.lastName;
  const out: ConflictPersonInput = { phones: fields.phones };
  if (names) Object.assign(out, { firstName: fields.firstName, lastName: fields.lastName });
  const middle = matchableName(person.middleName);
  if (names && middle) out.middleName = middle;
  if (fields.dateOfBirth) out.dateOfBirth = fields.dateOfBirth;
  if (lms && lms.replace(/\s/g, '').length <= LMS_MAX) out.lmsClientNumber = lms;
  const any = names || fields.phones.length || fields.dateOfBirth || out.lmsClientNumber;
  return any ? out : null;
}

/** The request for both typed people, or null when neither has enough to check. */
export function conflictsRequestOf(
  client: TypedPerson,
  opposingParty: TypedPerson,
  inquiryId?: string | null,
): PotentialConflictsInput | null {
  const c = conflictPersonOf(client);
  const o = conflictPersonOf(opposingParty);
  if (!c && !o) return null;
  const request: PotentialConflictsInput = {};
  if (c) request.client = c;
  if (o) request.opposingParty = o;
  if (inquiryId) request.inquiryId = inquiryId;
  return request;
}

/**
 * POST /api/v1/inquiry/potentialConflicts (SPEC §7): possible conflicts of interest for the new client and
 * opposing party. Failures are only logged (the table shows its error state instead of a popup).
 */
export function findPotentialConflicts(
  request: PotentialConflictsInput,
  signal?: AbortSignal,
): Promise<PotentialConflict[]> {
  return apiRequest('/api/v1/inquiry/potentialConflicts', potentialConflictListSchema, {
    method: 'POST',
    body: request,
    signal,
    onError: 'log',
  });
}

export function potentialConflictsQueryOptions(request: PotentialConflictsInput | null) {
  return queryOptions({
    queryKey: ['inquiry', 'potentialConflicts', request],
    queryFn: request ? ({ signal }) => findPotentialConflicts(request, signal) : skipToken,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}

export function usePotentialConflicts(request: PotentialConflictsInput | null) {
  return useQuery(potentialConflictsQueryOptions(request));
}
