import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  appointmentSummarySchema,
  type AppointmentSummaryRequestInput,
} from '@casedesk/contract/reports/appointment-summary';
import {
  callSummarySchema,
  chatCountSummarySchema,
  type CallSummaryRequestInput,
  type ChatCountSummaryRequestInput,
} from '@casedesk/contract/reports/report';
import { reviewReportSchema, type ReviewReportRequestInput } from '@casedesk/contract/reports/review-report';
import { apiRequest } from '@/lib/api-client.ts';

/**
 * Shown in the report's card itself: 403 (a report the caller's reporting permission does not open, should the
 * page ever ask for one) and 400 (a range the server refuses, with its words).
 */
const HANDLED = [400, 403] as const;

/** POST /api/v1/reports/chatCountSummary?offsetHours (SPEC §7 reports), the browser's zone in the body. */
export function chatCountSummaryQueryOptions(request: ChatCountSummaryRequestInput) {
  return queryOptions({
    queryKey: ['reports', 'chatCountSummary', request],
    queryFn: ({ signal }) =>
      apiRequest('/api/v1/reports/chatCountSummary', chatCountSummarySchema, {
        method: 'POST',
        body: request,
        withOffsetHours: true,
        handledStatuses: HANDLED,
        signal,
      }),
  });
}

export function useChatCountSummary(request: ChatCountSummaryRequestInput) {
  return useQuery({ ...chatCountSummaryQueryOptions(request), placeholderData: keepPreviousData });
}

/** POST /api/v1/reports/callSummary?offsetHours (SPEC §7 reports), the browser's zone in the body. */
export function callSummaryQueryOptions(request: CallSummaryRequestInput) {
  return queryOptions({
    queryKey: ['reports', 'callSummary', request],
    queryFn: ({ signal }) =>
      apiRequest('/api/v1/reports/callSummary', callSummarySchema, {
        method: 'POST',
        body: request,
        withOffsetHours: true,
        handledStatuses: HANDLED,
        signal,
      }),
  });
}

export function useCallSummary(request: CallSummaryRequestInput) {
  return useQuery({ ...callSummaryQueryOptions(request), placeholderData: keepPreviousData });
}

/** POST /api/v1/reports/appointmentSummary?offsetHours (SPEC §7 reports), the browser's zone in the body. */
export function appointmentSummaryQueryOptions(request: AppointmentSummaryRequestInput) {
  return queryOptions({
    queryKey: ['reports', 'appointmentSummary', request],
    queryFn: ({ signal }) =>
      apiRequest('/api/v1/reports/appointmentSummary', appointmentSummarySchema, {
        method: 'POST',
        body: request,
        withOffsetHours: true,
        handledStatuses: HANDLED,
        signal,
      }),
  });
}

export function useAppointmentSummary(request: AppointmentSummaryRequestInput) {
  return useQuery({ ...appointmentSummaryQueryOptions(request), placeholderData: keepPreviousData });
}

/** POST /api/v1/reports/review?offsetHours (SPEC §7 reports), the browser's zone in the body. */
export function reviewQueryOptions(request: ReviewReportRequestInput) {
  return queryOptions({
    queryKey: ['reports', 'review', request],
    queryFn: ({ signal }) =>
      apiRequest('/api/v1/reports/review', reviewReportSchema, {
        method: 'POST',
        body: request,
        withOffsetHours: true,
        handledStatuses: HANDLED,
        signal,
      }),
  });
}

export function useReviewReport(request: ReviewReportRequestInput) {
  return useQuery({ ...reviewQueryOptions(request), placeholderData: keepPreviousData });
}
