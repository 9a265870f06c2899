import {
  managedTemplateListSchema,
  managedTemplateSchema,
  templateActiveSchema,
  templateCreateSchema,
  templateListSchema,
  templateManageQuerySchema,
  templatePlaceholderListSchema,
  templatePreviewRequestSchema,
  templatePreviewSchema,
  templateTypeListSchema,
  templateTypeQuerySchema,
  templateUpdateSchema,
} from '@casedesk/contract/templates/template';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { previewTemplate } from './template-preview.service.ts';
import {
  createTemplate,
  listManagedTemplates,
  listPlaceholders,
  listTemplates,
  listTemplateTypes,
  setTemplateActive,
  updateTemplate,
} from './templates.service.ts';

const FIRM_WIDE = 'templates are firm-wide: every office sends them';

/**
 * SPEC §7 Other: template (all, placeHolders, templateTypes, byTemplateType). Templates are the firm's
 * reference texts that every drawer and letter screen offers, so any signed-in user may read the active ones.
 * They are managed under collection management (SPEC §6: COLLECTION_MANAGEMENT, granted with the ADMIN role
 * condition): the full list, create, edit, deactivate and a preview (docs/correspondence-templates.md).
 */
export async function templatesRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/v1/template/all',
    {
      config: { signedIn: true },
      schema: {
        tags: ['templates'],
        summary: 'Every active template by name',
        response: { 200: templateListSchema },
      },
    },
    async () => listTemplates(app.db),
  );

  app.get(
    '/api/v1/template/byTemplateType',
    {
      config: { signedIn: true },
      schema: {
        tags: ['templates'],
        summary: 'Active templates of one type (TEXT, EMAIL, LETTER) by name',
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
        summary: 'The placeholders templates may use: SPEC §3, then the office and appointment ones',
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

  app.get(
    '/api/v1/template/manage',
    {
      config: { permission: ['COLLECTION_MANAGEMENT', 'READ'] },
      schema: {
        tags: ['templates'],
        summary: 'Every template, deactivated ones too, active first; by type and a search of name and content',
        querystring: templateManageQuerySchema,
        response: { 200: managedTemplateListSchema },
      },
    },
    async (request) => listManagedTemplates(app.db, request.query),
  );

  app.post(
    '/api/v1/template',
    {
      config: { permission: ['COLLECTION_MANAGEMENT', 'CREATE'] },
      schema: {
        tags: ['templates'],
        summary: 'Create a template; unknown placeholders and a collection text or e-mail without opt-out are refused',
        body: templateCreateSchema,
        response: { 200: managedTemplateSchema },
      },
    },
    async (request) => createTemplate(app.db, request.actor!, request.body),
  );

  app.put(
    '/api/v1/template',
    {
      config: { permission: ['COLLECTION_MANAGEMENT', 'UPDATE'], unscopedIds: { id: FIRM_WIDE } },
      schema: {
        tags: ['templates'],
        summary: 'Change a template (the same rules as creating one)',
        body: templateUpdateSchema,
        response: { 200: managedTemplateSchema },
      },
    },
    async (request) => updateTemplate(app.db, request.actor!, request.body),
  );

  app.put(
    '/api/v1/template/active',
    {
      config: { permission: ['COLLECTION_MANAGEMENT', 'UPDATE'], unscopedIds: { id: FIRM_WIDE } },
      schema: {
        tags: ['templates'],
        summary: 'Deactivate a template (no longer offered to senders) or reactivate it; templates are never deleted',
        body: templateActiveSchema,
        response: { 200: managedTemplateSchema },
      },
    },
    async (request) => setTemplateActive(app.db, request.actor!, request.body),
  );

  app.post(
    '/api/v1/template/preview',
    {
      config: {
        permission: ['COLLECTION_MANAGEMENT', 'READ'],
        records: { collectionAccountId: 'collectionAccount', clientId: 'client' },
      },
      schema: {
        tags: ['templates'],
        summary: 'A content filled for a collection account or a client, with the placeholders that have no value',
        body: templatePreviewRequestSchema,
        response: { 200: templatePreviewSchema },
      },
    },
    async (request) => previewTemplate(app.db, request.actor!, request.body),
  );
}
