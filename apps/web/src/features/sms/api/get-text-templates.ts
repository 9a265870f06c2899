import { queryOptions, useQuery } from '@tanstack/react-query';
import { templateListSchema, type Template } from '@casedesk/contract/templates/template';
import { apiRequest } from '@/lib/api-client.ts';

/** GET /api/v1/template/byTemplateType?templateType=TEXT (SPEC §7: the type upper case). */
export function getTextTemplates(signal?: AbortSignal): Promise<Template[]> {
  return apiRequest('/api/v1/template/byTemplateType', templateListSchema, {
    query: { templateType: 'TEXT' },
    signal,
  });
}

export function textTemplatesQueryOptions() {
  return queryOptions({
    queryKey: ['template', 'byTemplateType', 'TEXT'],
    queryFn: ({ signal }) => getTextTemplates(signal),
    staleTime: 5 * 60_000,
  });
}

export function useTextTemplates(enabled = true) {
  return useQuery({ ...textTemplatesQueryOptions(), enabled });
}
