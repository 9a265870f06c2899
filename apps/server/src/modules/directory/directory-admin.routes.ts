import {
  directoryGroupIdQuerySchema,
  directoryGroupListSchema,
  directoryGroupSchema,
  mapDirectoryGroupSchema,
} from '@casedesk/contract/directory/directory-groups';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { listDirectoryGroups, mapDirectoryGroup } from './directory-groups.service.ts';

/** Administrators map the firm's directory groups to permission profiles (User Access). */
export async function directoryAdminRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/v1/accessControl/directoryGroups',
    {
      config: { permission: ['USER_ACCESS', 'READ'] },
      schema: {
        tags: ['access'],
        summary: 'Directory groups, their member counts and the profile each gives',
        response: { 200: directoryGroupListSchema },
      },
    },
    async (request) => listDirectoryGroups(app.db, request.actor!),
  );

  app.put(
    '/api/v1/accessControl/directoryGroup',
    {
      config: {
        permission: ['USER_ACCESS', 'UPDATE'],
        unscopedIds: {
          id: 'directory groups span offices: mapping one needs USER_ACCESS UPDATE without an office condition',
          profileId: 'profiles are shared by every office',
        },
      },
      schema: {
        tags: ['access'],
        summary: "Give a directory group's members a profile, now and as they join (audited per user)",
        querystring: directoryGroupIdQuerySchema,
        body: mapDirectoryGroupSchema,
        response: { 200: directoryGroupSchema },
      },
    },
    async (request) => mapDirectoryGroup(app.db, app.realtime, request.actor!, request.query.id, request.body),
  );
}
