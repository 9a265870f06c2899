import { permissionListSchema } from '@casedesk/contract/access/permission-schemas';
import { userIdQuerySchema } from '@casedesk/contract/users/user';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { accessAdminRoutes } from './access-admin.routes.ts';
import { getPermissions } from './access.service.ts';

export async function accessRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/v1/accessControl/permissions',
    {
      config: { signedIn: true, records: { userId: 'user' } },
      schema: {
        tags: ['access'],
        summary: 'Permissions of a user (own, or any with USER_ACCESS READ)',
        querystring: userIdQuerySchema,
        response: { 200: permissionListSchema },
      },
    },
    async (request) => getPermissions(app.db, request.actor!, request.query.userId),
  );
  await app.register(accessAdminRoutes);
}
