import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  callSummarySchema,
  chatCountSummarySchema,
  type CallSummaryRequestInput,
  type ChatCountSummaryRequestInput,
} from '@casedesk/contract/reports/report';
import { apiRequest } from '@/lib/api-client.ts';

/**
 * Shown in the report's card itself: 403 (the reporting screen opens with either reporting permission,
 * SPEC §6, these reports need COMMUNICATION_REPORTING) and 400 (a range the server refuses, with its words).
 */
const HANDLED = [400, 403] as const;

/** POST /api/v1/reports/chatCountSummary?offsetHours (SPEC §7 reports). */
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

/** POST /api/v1/reports/callSummary?offsetHours (SPEC §7 reports). */
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
