import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type {
  ConflictPersonInput,
  PotentialConflict,
  potentialConflictListSchema,
  PotentialConflictsInput,
} from '@casedesk/contract/matching/potential-conflict';
import { inquiryKeys } from '@/api/inquiries/inquiry.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { matchableFields, matchableName, type TypedPerson } from './find-duplicates.ts';

/** Complete values only (see matchableFields); a single name goes along with the others, as in duplicates. */
function conflictPersonOf(person: TypedPerson): ConflictPersonInput | null {
  const fields = matchableFields(person);
  const names = fields.firstName && fields.lastName;
  const out: ConflictPersonInput = { phones: fields.phones };
  if (fields.firstName) out.firstName = fields.firstName;
  if (fields.lastName) out.lastName = fields.lastName;
  const middle = matchableName(person.middleName);
  if (names && middle) out.middleName = middle;
  if (fields.dateOfBirth) out.dateOfBirth = fields.dateOfBirth;
  if (fields.lmsClientNumber) out.lmsClientNumber = fields.lmsClientNumber;
  const any = names || fields.phones.length || fields.dateOfBirth || fields.lmsClientNumber;
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
  return apiRequest<typeof potentialConflictListSchema>('/api/v1/inquiry/potentialConflicts', {
    method: 'POST',
    body: request,
    signal,
    onError: 'log',
  });
}

export function potentialConflictsQueryOptions(request: PotentialConflictsInput | null) {
  return queryOptions({
    queryKey: inquiryKeys.conflicts(request),
    queryFn: request ? ({ signal }) => findPotentialConflicts(request, signal) : skipToken,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}

export function usePotentialConflicts(request: PotentialConflictsInput | null) {
  return useQuery(potentialConflictsQueryOptions(request));
}
