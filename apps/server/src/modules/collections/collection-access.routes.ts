import {
  collectionAccessChangeSchema,
  collectionAccessQuerySchema,
  collectionAccessSchema,
  collectionAccessUserSchema,
} from '@casedesk/contract/collections/collection-access';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { changeCollectionAccess, collectionAccess } from './collection-access.service.ts';

const tags = ['collections'];

/**
 * SPEC §6 collection access control and SPEC §7 collectionAccount getAccessControl and updateAccess: who may work
 * collection accounts, in which offices, and who sees the collections dashboard, management and reporting. The
 * same rules as cash-flow management (modules/accounting/cash-flow-access.service.ts).
 */
export async function collectionAccessRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/v1/collectionAccount/getAccessControl',
    {
      config: { permission: ['COLLECTION_MANAGEMENT', 'READ'] },
      schema: {
        tags,
        summary:
          'The users of the offices the caller’s COLLECTION_MANAGEMENT reaches, each with their ALL_ACCOUNTS, ' +
          'COLLECTIONS_DASHBOARD, COLLECTION_MANAGEMENT and COLLECTION_REPORTING permissions',
        response: { 200: collectionAccessSchema },
      },
    },
    async (request) => collectionAccess(app.db, request.actor!),
  );

  app.put(
    '/api/v1/collectionAccount/updateAccess',
    {
      config: { permission: ['COLLECTION_MANAGEMENT', 'UPDATE'], records: { userId: 'user' } },
      schema: {
        tags,
        summary:
          'Replaces a user’s collections permissions (the others stay) with a reason; grants only what the caller ' +
          'holds; 404 for a user outside the caller’s offices',
        querystring: collectionAccessQuerySchema,
        body: collectionAccessChangeSchema,
        response: { 200: collectionAccessUserSchema },
      },
    },
    async (request) => changeCollectionAccess(app.db, app.realtime, request.actor!, request.query.userId, request.body),
  );
}
