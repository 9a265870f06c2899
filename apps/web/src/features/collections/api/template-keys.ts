import type { TemplateManageQuery, TemplatePreviewRequestInput } from '@casedesk/contract/templates/template';

/**
 * The template management query keys (read by the collections feature only). They sit under `['template']`, the
 * key the text drawer's template list starts with too, so a save refreshes what senders are offered.
 */
export const templateKeys = {
  all: ['template'] as const,
  manage: (query: TemplateManageQuery) => [...templateKeys.all, 'manage', query] as const,
  preview: (request: TemplatePreviewRequestInput) => [...templateKeys.all, 'preview', request] as const,
};
