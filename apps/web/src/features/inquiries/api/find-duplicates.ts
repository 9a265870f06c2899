import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { isValidDateOfBirth, parseDateInput } from '@casedesk/contract/common/field-rules';
import { digitsOnly } from '@casedesk/contract/common/text';
import type { inquiryDuplicateMatchListSchema } from '@casedesk/contract/matching/duplicate-check';
import {
  MAX_MATCH_PHONES,
  type DuplicateCheckInput,
  type InquiryDuplicateMatch,
} from '@casedesk/contract/matching/duplicate-check';
import { inquiryKeys } from '@/api/inquiries/inquiry.ts';
import { apiRequest } from '@/lib/api-client.ts';

/** What the inquiry form holds while the operator types (any field may be partial). */
export interface TypedPerson {
  firstName?: string;
  lastName?: string;
  /** MM-dd-yyyy as typed, or yyyy-MM-dd. */
  dateOfBirth?: string;
  phones?: readonly string[];
  email?: string;
  lmsClientNumber?: string;
  middleName?: string;
}

const NAME_MAX = 30;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** A name worth matching: 2+ letters and within the SPEC §5 limit (a longer one is the form's error to show). */
export function matchableName(value: string | undefined): string | undefined {
  const name = value?.trim() ?? '';
  return name.replace(/[^\p{L}]/gu, '').length >= 2 && name.replace(/\s/g, '').length <= NAME_MAX ? name : undefined;
}

/** Only complete values are sent: a full valid DOB, 10-digit phones, a whole email. */
export function matchableFields(person: TypedPerson) {
  const dob = person.dateOfBirth?.trim();
  const phones = [...new Set((person.phones ?? []).map((p) => digitsOnly(p)).filter((p) => p.length === 10))];
  const email = person.email?.trim();
  const lms = person.lmsClientNumber?.trim();
  return {
    firstName: matchableName(person.firstName),
    lastName: matchableName(person.lastName),
    dateOfBirth: dob && isValidDateOfBirth(dob) ? parseDateInput(dob) : undefined,
    phones: phones.slice(0, MAX_MATCH_PHONES),
    email: email && email.length <= 75 && EMAIL_SHAPE.test(email) ? email : undefined,
    // SPEC §5: 30 characters at most, whitespace not counted.
    lmsClientNumber: lms && lms.replace(/\s/g, '').length <= NAME_MAX ? lms : undefined,
  };
}

/**
 * The request for what has been typed, or null when there is not enough to look for: a first and last name of
 * 2+ letters, a full phone, a full DOB, an email or an LMS number. A single name goes along with the others
 * (last name and DOB find the person), but alone is not enough.
 */
export function duplicateRequestOf(person: TypedPerson, excludeClientId?: string | null): DuplicateCheckInput | null {
  const fields = matchableFields(person);
  const names = fields.firstName && fields.lastName;
  const ways = names || fields.phones.length || fields.dateOfBirth || fields.email || fields.lmsClientNumber;
  if (!ways) return null;
  const request: DuplicateCheckInput = { phones: fields.phones };
  if (fields.firstName) request.firstName = fields.firstName;
  if (fields.lastName) request.lastName = fields.lastName;
  if (fields.dateOfBirth) request.dateOfBirth = fields.dateOfBirth;
  if (fields.email) request.email = fields.email;
  if (fields.lmsClientNumber) request.lmsClientNumber = fields.lmsClientNumber;
  if (excludeClientId) request.excludeClientId = excludeClientId;
  return request;
}

/**
 * POST /api/v1/inquiry/duplicate (SPEC §7 Inquiry duplicate): likely existing clients for the person being
 * typed, each with the inquiries the caller may open. Failures are only logged: a popup while typing would
 * interrupt the call, and the panel says the check failed.
 */
export function findDuplicates(request: DuplicateCheckInput, signal?: AbortSignal): Promise<InquiryDuplicateMatch[]> {
  return apiRequest<typeof inquiryDuplicateMatchListSchema>('/api/v1/inquiry/duplicate', {
    method: 'POST',
    body: request,
    signal,
    onError: 'log',
  });
}

export function duplicatesQueryOptions(request: DuplicateCheckInput | null) {
  return queryOptions({
    queryKey: inquiryKeys.duplicates(request),
    queryFn: request ? ({ signal }) => findDuplicates(request, signal) : skipToken,
    // The previous matches stay on screen while the next keystroke's are fetched: no flicker.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}

export function useDuplicates(request: DuplicateCheckInput | null) {
  return useQuery(duplicatesQueryOptions(request));
}
