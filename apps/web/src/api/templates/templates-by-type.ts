import { useQuery } from '@tanstack/react-query';
import type { Template, templateListSchema, TemplateType } from '@casedesk/contract/templates/template';
import { apiRequest } from '@/lib/api-client.ts';

/**
 * GET /api/v1/template/byTemplateType (SPEC §7: the type upper case): the active templates of one type, which the
 * text drawer (TEXT) and the draft form (LETTER, EMAIL) offer. One owner, shared by both features.
 */
export function getTemplatesByType(templateType: TemplateType, signal?: AbortSignal): Promise<Template[]> {
  return apiRequest<typeof templateListSchema>('/api/v1/template/byTemplateType', { query: { templateType }, signal });
}

export function useTemplatesByType(templateType: TemplateType, enabled = true) {
  return useQuery({
    queryKey: ['template', 'byTemplateType', templateType],
    queryFn: ({ signal }) => getTemplatesByType(templateType, signal),
    staleTime: 5 * 60_000,
    enabled,
  });
}
