import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { managedTemplateListSchema, TemplateManageQuery } from '@casedesk/contract/templates/template';
import { apiRequest } from '@/lib/api-client.ts';
import { templateKeys } from './template-keys.ts';

/** GET /api/v1/template/manage: every template, deactivated ones too, active first; by type and search. */
export function listManagedTemplates(query: TemplateManageQuery, signal?: AbortSignal) {
  return apiRequest<typeof managedTemplateListSchema>('/api/v1/template/manage', {
    query: {
      ...(query.templateType ? { templateType: query.templateType } : {}),
      ...(query.search ? { search: query.search } : {}),
    },
    signal,
  });
}

export function managedTemplatesQueryOptions(query: TemplateManageQuery) {
  return queryOptions({
    queryKey: templateKeys.manage(query),
    queryFn: ({ signal }) => listManagedTemplates(query, signal),
  });
}

/** The list shown stays while a new search loads. */
export function useManagedTemplates(query: TemplateManageQuery) {
  return useQuery({ ...managedTemplatesQueryOptions(query), placeholderData: keepPreviousData });
}
