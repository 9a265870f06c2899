import { userDirectoryRequestSchema } from '@casedesk/contract/users/user';
import { resolveUserByEmail, searchDirectory } from '@casedesk/server/src/modules/users/users.service.ts';
import type { Database } from '@casedesk/server/src/platform/db/database.ts';
import type { ServiceFloor } from './recorded-sql.ts';
import { measureServiceFloors } from './recorded-sql.ts';

/**
 * The floor under the platform routes, with the admin's own rows, the ones the load reads. Every guarded
 * route resolves its caller (email → user → permissions) first; the server keeps that for a few seconds, so
 * this is a cold request's floor, and GET /user answers from the caller it resolved.
 */
export async function measurePlatformFloors(
  database: Database,
  adminEmail: string,
  searchKeyword: string,
): Promise<ServiceFloor[]> {
  const directory = userDirectoryRequestSchema.parse({ pageNumber: 1, pageSize: 10, filter: { searchKeyword } });
  const resolveCaller = async (on: Database) => {
    if (!(await resolveUserByEmail(on.db, adminEmail))) throw new Error(`${adminEmail} is not seeded`);
  };
  return measureServiceFloors(database, [
    ['GET /api/v1/user', 'resolveUserByEmail: user → permissions (cold caller; cached 5 s)', resolveCaller],
    [
      'POST /api/v1/user/directory',
      'resolveUserByEmail, then searchDirectory: page ‖ count',
      async (on) => {
        await resolveCaller(on);
        await searchDirectory(on, directory);
      },
    ],
  ]);
}
