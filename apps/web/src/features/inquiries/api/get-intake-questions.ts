import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IntakeQuestion, intakeQuestionListSchema } from '@casedesk/contract/inquiries/intake-question';
import { apiRequest } from '@/lib/api-client.ts';

/** GET /api/v1/intake/questions?lawType: the law type's intake questions in order. */
export function getIntakeQuestions(lawType: string, signal?: AbortSignal): Promise<IntakeQuestion[]> {
  return apiRequest<typeof intakeQuestionListSchema>('/api/v1/intake/questions', { query: { lawType }, signal });
}

export function intakeQuestionsQueryOptions(lawType: string) {
  return queryOptions({
    queryKey: ['intake', 'questions', lawType],
    queryFn: ({ signal }) => getIntakeQuestions(lawType, signal),
    staleTime: 5 * 60_000,
  });
}

export function useIntakeQuestions(lawTypeId: string | null | undefined) {
  return useQuery({ ...intakeQuestionsQueryOptions(lawTypeId ?? ''), enabled: Boolean(lawTypeId) });
}
