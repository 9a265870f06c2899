import {
  templateListSchema,
  templatePlaceholderListSchema,
  templateTypeListSchema,
  templateTypeQuerySchema,
} from '@casedesk/contract/templates/template';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { listPlaceholders, listTemplates, listTemplateTypes } from './templates.service.ts';

/**
 * SPEC §7 Other: template (all, placeHolders, templateTypes, byTemplateType). Templates are the firm's
 * reference texts that every drawer and letter screen offers, so any signed-in user may read them.
 */
export async function templatesRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/v1/template/all',
    {
      config: { signedIn: true },
      schema: { tags: ['templates'], summary: 'Every template by name', response: { 200: templateListSchema } },
    },
    async () => listTemplates(app.db),
  );

  app.get(
    '/api/v1/template/byTemplateType',
    {
      config: { signedIn: true },
      schema: {
        tags: ['templates'],
        summary: 'Templates of one type (TEXT, EMAIL, LETTER) by name',
        querystring: templateTypeQuerySchema,
        response: { 200: templateListSchema },
      },
    },
    async (request) => listTemplates(app.db, request.query.templateType),
  );

  app.get(
    '/api/v1/template/placeHolders',
    {
      config: { signedIn: true },
      schema: {
        tags: ['templates'],
        summary: 'The placeholders templates may use (SPEC §3)',
        response: { 200: templatePlaceholderListSchema },
      },
    },
    async () => listPlaceholders(),
  );

  app.get(
    '/api/v1/template/templateTypes',
    {
      config: { signedIn: true },
      schema: { tags: ['templates'], summary: 'Template types', response: { 200: templateTypeListSchema } },
    },
    async () => listTemplateTypes(),
  );
}
