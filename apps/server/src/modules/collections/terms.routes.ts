import { termCreateSchema, termListSchema, termSchema, termUpdateSchema } from '@casedesk/contract/collections/term';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { changeTerm, createTerm, listTerms } from './terms.service.ts';

const tags = ['collections'];

/**
 * SPEC §7 term: the terms accounts are worked on (Payment Plan, Pay in Full, Settlement …). Read by anyone signed
 * in; written in collection management (SPEC §6: COLLECTION_MANAGEMENT with the ADMIN role condition, which the
 * server judges with the caller's role; terms span offices, so no office condition either).
 */
export async function termsRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/v1/term',
    {
      config: { signedIn: true },
      schema: {
        tags,
        summary: 'Every term, offered (active) and retired, by name',
        response: { 200: termListSchema },
      },
    },
    async () => listTerms(app.db),
  );

  app.post(
    '/api/v1/term',
    {
      config: { permission: ['COLLECTION_MANAGEMENT', 'CREATE'] },
      schema: {
        tags,
        summary: 'Adds a term; 409 when another term has the name; 403 with an office condition (terms are firm-wide)',
        body: termCreateSchema,
        response: { 200: termSchema },
      },
    },
    async (request) => createTerm(app.db, request.actor!, request.body),
  );

  app.put(
    '/api/v1/term',
    {
      config: {
        permission: ['COLLECTION_MANAGEMENT', 'UPDATE'],
        unscopedIds: { id: 'a term: terms are the firm’s, shared by every office' },
      },
      schema: {
        tags,
        summary: 'Renames, retires (active false) or re-offers a term; accounts on it keep it',
        body: termUpdateSchema,
        response: { 200: termSchema },
      },
    },
    async (request) => changeTerm(app.db, request.actor!, request.body),
  );
}
