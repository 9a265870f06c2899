import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  AppointmentSummaryRequestInput,
  appointmentSummarySchema,
} from '@casedesk/contract/reports/appointment-summary';
import type {
  CallSummaryRequestInput,
  callSummarySchema,
  ChatCountSummaryRequestInput,
  chatCountSummarySchema,
} from '@casedesk/contract/reports/report';
import type { ReviewReportRequestInput, reviewReportSchema } from '@casedesk/contract/reports/review-report';
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
      apiRequest<typeof chatCountSummarySchema>('/api/v1/reports/chatCountSummary', {
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
      apiRequest<typeof callSummarySchema>('/api/v1/reports/callSummary', {
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
      apiRequest<typeof appointmentSummarySchema>('/api/v1/reports/appointmentSummary', {
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
      apiRequest<typeof reviewReportSchema>('/api/v1/reports/review', {
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
