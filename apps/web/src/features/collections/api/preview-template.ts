import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TemplatePreviewRequestInput, templatePreviewSchema } from '@casedesk/contract/templates/template';
import { apiRequest } from '@/lib/api-client.ts';
import { templateKeys } from './template-keys.ts';

/**
 * POST /api/v1/template/preview: the content filled for the chosen account or client, with what has no value.
 * A read, so a query (keyed by the content); failures are only logged: the form says the preview failed.
 */
export function previewTemplate(request: TemplatePreviewRequestInput, signal?: AbortSignal) {
  return apiRequest<typeof templatePreviewSchema>('/api/v1/template/preview', {
    method: 'POST',
    body: request,
    signal,
    onError: 'log',
  });
}

export function templatePreviewQueryOptions(request: TemplatePreviewRequestInput) {
  return queryOptions({
    queryKey: templateKeys.preview(request),
    queryFn: ({ signal }) => previewTemplate(request, signal),
  });
}

/** The preview shown stays while the next one (the content typed on) loads. */
export function useTemplatePreview(request: TemplatePreviewRequestInput) {
  return useQuery({ ...templatePreviewQueryOptions(request), placeholderData: keepPreviousData });
}
