import { directorySyncResultSchema, directorySyncStatusSchema } from '@casedesk/contract/directory/directory-sync';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { startDirectorySync } from './directory-sync-job.ts';
import { getDirectorySyncStatus, syncWithDirectory } from './directory-sync.service.ts';

/** Users provisioned at once on PostgreSQL: a quarter of the default pool of 20, so requests still find connections. */
const SYNC_CONCURRENCY_ON_POSTGRES = 5;

/** SPEC §7 `/user/syncWithAD`: users from Microsoft Graph, on demand and every night. */
export async function directorySyncRoutes(app: AppInstance): Promise<void> {
  const deps = {
    db: app.db,
    bus: app.realtime,
    config: app.config,
    concurrency: app.database.kind === 'postgres' ? SYNC_CONCURRENCY_ON_POSTGRES : 1,
  };

  app.post(
    '/api/v1/user/syncWithAD',
    {
      config: { permission: ['USER_ACCESS', 'UPDATE'] },
      schema: {
        tags: ['access'],
        summary:
          'Sync users with the directory (Microsoft Graph) now: new ones without permissions, disabled and removed ones lose access; answers the counts',
        response: { 200: directorySyncResultSchema },
      },
    },
    async (request) => syncWithDirectory(deps, request.actor!),
  );

  app.get(
    '/api/v1/user/syncWithAD',
    {
      config: { permission: ['USER_ACCESS', 'READ'] },
      schema: {
        tags: ['access'],
        summary: 'The last directory sync (time, counts, error) and whether Microsoft Graph is configured',
        response: { 200: directorySyncStatusSchema },
      },
    },
    async () => getDirectorySyncStatus(app.db, app.config),
  );

  // Tests queue the nights themselves (queueNightlySync); the worker runs everywhere.
  const nightly = await startDirectorySync(
    { ...deps, jobs: app.jobs, log: app.log },
    { tick: app.config.NODE_ENV !== 'test' },
  );
  app.addHook('onClose', async () => nightly.stop());
}
