import {
  updateDashboardSchema,
  updateUserSchema,
  userDetailSchema,
  userDirectoryRequestSchema,
  userDirectoryResponseSchema,
  userByRoleListSchema,
  userIdQuerySchema,
  userMinListSchema,
  userRoleQuerySchema,
} from '@casedesk/contract/users/user';
import { photoUploadRequestSchema, photoUploadResponseSchema } from '@casedesk/contract/users/user-photo';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { sendList } from '../../platform/http/streamed-list.ts';
import {
  getUser,
  listActiveUsers,
  listUsersByRole,
  requestPhotoUpload,
  searchDirectory,
  updateDefaultDashboard,
  updateUser,
} from './users.service.ts';

export async function usersRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/v1/user',
    {
      config: { signedIn: true, records: { userId: 'user' } },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user, or another user with USER_ACCESS READ',
        querystring: userIdQuerySchema,
        response: { 200: userDetailSchema },
      },
    },
    async (request) => getUser(app.db, request.actor!, request.query.userId),
  );

  app.put(
    '/api/v1/user',
    {
      config: { signedIn: true, records: { userId: 'user' } },
      schema: {
        tags: ['users'],
        summary: 'Update profile fields (phone numbers as digits, extension six digits)',
        querystring: userIdQuerySchema,
        body: updateUserSchema,
        response: { 200: userDetailSchema },
      },
    },
    async (request) => updateUser(app.db, request.actor!, request.query.userId, request.body),
  );

  app.put(
    '/api/v1/user/updateDashboard',
    {
      config: { signedIn: true },
      schema: {
        tags: ['users'],
        summary: "Set the signed-in user's landing dashboard",
        body: updateDashboardSchema,
        response: { 200: userDetailSchema },
      },
    },
    async (request) => updateDefaultDashboard(app.db, request.actor!, request.body.defaultDashboard),
  );

  app.post(
    '/api/v1/user/directory',
    {
      config: { permission: ['USER_DIRECTORY', 'READ'] },
      schema: {
        tags: ['users'],
        summary: 'User Directory: search colleagues by name or phone (10 per page by default)',
        body: userDirectoryRequestSchema,
        response: { 200: userDirectoryResponseSchema },
      },
    },
    async (request, reply) => sendList(reply, await searchDirectory(app.database, request.body)),
  );

  app.get(
    '/api/v1/user/min',
    {
      config: { signedIn: true },
      schema: {
        tags: ['users'],
        summary: 'Id and name of every active user, by name (for pickers)',
        response: { 200: userMinListSchema },
      },
    },
    async () => listActiveUsers(app.db),
  );

  app.get(
    '/api/v1/user/role',
    {
      // Two permissions qualify (SMS UPDATE or USER_ACCESS READ); the service checks either and scopes by office.
      config: { signedIn: true },
      schema: {
        tags: ['users'],
        summary: 'Active users with a role (choose-assignee modal); needs SMS UPDATE or USER_ACCESS READ',
        querystring: userRoleQuerySchema,
        response: { 200: userByRoleListSchema },
      },
    },
    async (request) => listUsersByRole(app.db, request.actor!, request.query.role),
  );

  app.post(
    '/api/v1/user/upload',
    {
      // Own photo with USER_PROFILE UPDATE, anyone's with USER_ACCESS UPDATE: checked in the service.
      config: { signedIn: true, records: { userId: 'user' } },
      schema: {
        tags: ['users'],
        summary: 'A short-lived signed URL to PUT a profile photo to (PNG, JPEG or WebP, max 2 MB)',
        body: photoUploadRequestSchema,
        response: { 200: photoUploadResponseSchema },
      },
    },
    async (request) => requestPhotoUpload(app.db, app.files, request.actor!, request.body),
  );
}
