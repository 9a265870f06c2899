import { useQuery } from '@tanstack/react-query';
import { templateListSchema, type Template } from '@casedesk/contract/templates/template';
import type { DraftKind } from '@casedesk/contract/mail/draft';
import { apiRequest } from '@/lib/api-client.ts';

/** GET /api/v1/template/byTemplateType?templateType=LETTER|EMAIL: the templates a draft of that kind starts from. */
export function getMailTemplates(kind: DraftKind, signal?: AbortSignal): Promise<Template[]> {
  return apiRequest('/api/v1/template/byTemplateType', templateListSchema, { query: { templateType: kind }, signal });
}

export function useMailTemplates(kind: DraftKind) {
  return useQuery({
    queryKey: ['template', 'byTemplateType', kind],
    queryFn: ({ signal }) => getMailTemplates(kind, signal),
    staleTime: 5 * 60_000,
  });
}
