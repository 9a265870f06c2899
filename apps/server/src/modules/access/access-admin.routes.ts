import {
  accessAtQuerySchema,
  accessAtSchema,
  accessHistorySchema,
  accessProfileListSchema,
  accessProfileSchema,
  accessProfileWriteSchema,
  applyProfileResultSchema,
  applyProfileSchema,
  conditionValuesQuerySchema,
  explainRequestSchema,
  explainResponseSchema,
  LOOKUP_KINDS,
  lookupListSchema,
  profileIdQuerySchema,
  userAccessChangeSchema,
  userAccessDetailSchema,
  userAccessListRequestSchema,
  userAccessListResponseSchema,
  userIdParamsSchema,
  whoCanSeeRequestSchema,
  whoCanSeeResponseSchema,
} from '@casedesk/contract/access/access-admin';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { sendList } from '../../platform/http/streamed-list.ts';
import { changeUserAccess, getUserAccess, listUserAccess } from './access-admin.service.ts';
import { listConditionValues, listLookup } from './access-lookups.service.ts';
import { userAccessAt, userAccessHistory } from './access-history.service.ts';
import { explainRecordAccess, whoCanSee } from './access-explain.service.ts';
import { applyProfile, createProfile, listProfiles, updateProfile } from './access-profiles.service.ts';

const READ = { permission: ['USER_ACCESS', 'READ'] } as const;
const UPDATE = { permission: ['USER_ACCESS', 'UPDATE'] } as const;
const tags = ['access'];
const PROFILE_IDS = 'profiles are shared by every office; the users they are applied to are checked one by one';

/** SPEC §2 /admin-panel/user-access and §7 accessControl: who may do what, changed with a reason. */
export async function accessAdminRoutes(app: AppInstance): Promise<void> {
  for (const kind of LOOKUP_KINDS) {
    app.get(
      `/api/v1/accessControl/${kind}`,
      { config: READ, schema: { tags, summary: `SPEC §6 lookup: ${kind}`, response: { 200: lookupListSchema } } },
      async () => listLookup(kind),
    );
  }

  app.get(
    '/api/v1/accessControl/conditionValues',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The values a condition of a type may name: offices, roles or SMS category types',
        querystring: conditionValuesQuerySchema,
        response: { 200: lookupListSchema },
      },
    },
    async (request) => listConditionValues(app.db, request.query.conditionType),
  );

  app.post(
    '/api/v1/user/withAccessControl',
    {
      config: {
        ...READ,
        records: { 'filter.officeId': 'office' },
        unscopedIds: { 'filter.profileId': PROFILE_IDS },
      },
      schema: {
        tags,
        summary: 'Users with their role, office, status, last sign-in and how many permissions they hold',
        body: userAccessListRequestSchema,
        response: { 200: userAccessListResponseSchema },
      },
    },
    async (request, reply) => sendList(reply, await listUserAccess(app.database, request.actor!, request.body)),
  );

  app.get(
    '/api/v1/accessControl/user/:userId',
    {
      config: { ...READ, records: { userId: 'user' } },
      schema: {
        tags,
        summary: "A user's account and permissions",
        params: userIdParamsSchema,
        response: { 200: userAccessDetailSchema },
      },
    },
    async (request) => getUserAccess(app.db, request.actor!, request.params.userId),
  );

  app.put(
    '/api/v1/accessControl/user/:userId',
    {
      config: { ...UPDATE, records: { userId: 'user', officeId: 'office' } },
      schema: {
        tags,
        summary: "Change a user's role, status, dashboard, office and permissions, with the reason (audited)",
        params: userIdParamsSchema,
        body: userAccessChangeSchema,
        response: { 200: userAccessDetailSchema },
      },
    },
    async (request) => changeUserAccess(app.db, app.realtime, request.actor!, request.params.userId, request.body),
  );

  app.get(
    '/api/v1/accessControl/user/:userId/history',
    {
      config: { ...READ, records: { userId: 'user' } },
      schema: {
        tags,
        summary: "A user's audited changes, newest first",
        params: userIdParamsSchema,
        response: { 200: accessHistorySchema },
      },
    },
    async (request) => userAccessHistory(app.db, request.actor!, request.params.userId),
  );

  app.get(
    '/api/v1/accessControl/accessAt',
    {
      config: { ...READ, records: { userId: 'user' } },
      schema: {
        tags,
        summary: 'The role, status, office and permissions a user had at a past moment',
        querystring: accessAtQuerySchema,
        response: { 200: accessAtSchema },
      },
    },
    async (request) => userAccessAt(app.db, request.actor!, request.query.userId, request.query.at),
  );

  app.get(
    '/api/v1/accessControl/profiles',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Permission profiles and how many users follow each',
        response: { 200: accessProfileListSchema },
      },
    },
    async (request) => listProfiles(app.db, request.actor!),
  );

  app.post(
    '/api/v1/accessControl/profile',
    {
      config: UPDATE,
      schema: {
        tags,
        summary: 'Save permissions as a named profile',
        body: accessProfileWriteSchema,
        response: { 200: accessProfileSchema },
      },
    },
    async (request) => createProfile(app.db, request.actor!, request.body),
  );

  app.put(
    '/api/v1/accessControl/profile',
    {
      config: { ...UPDATE, unscopedIds: { id: PROFILE_IDS } },
      schema: {
        tags,
        summary: 'Change a profile; everyone who follows it gets the change (audited per user)',
        querystring: profileIdQuerySchema,
        body: accessProfileWriteSchema,
        response: { 200: accessProfileSchema },
      },
    },
    async (request) => updateProfile(app.db, app.realtime, request.actor!, request.query.id, request.body),
  );

  app.post(
    '/api/v1/accessControl/profile/apply',
    {
      config: {
        ...UPDATE,
        // The generated object-level test swaps single ids; the list is checked user by user in the service
        // (another office's user is not found, and nothing is applied), as the access API tests show.
        unscopedIds: {
          profileId: PROFILE_IDS,
          userIds: 'each user is looked up in the caller’s USER_ACCESS UPDATE scope',
        },
      },
      schema: {
        tags,
        summary: "Give users a profile's permissions (all or none); they follow it from then on",
        body: applyProfileSchema,
        response: { 200: applyProfileResultSchema },
      },
    },
    async (request) => applyProfile(app.db, app.realtime, request.actor!, request.body),
  );

  const RECORD_ID =
    'names a client, inquiry or appointment by recordKind; outside USER_ACCESS READ scope it is not found';
  app.post(
    '/api/v1/accessControl/explain',
    {
      config: { ...READ, records: { userId: 'user' }, unscopedIds: { recordId: RECORD_ID } },
      schema: {
        tags,
        summary: 'Whether a user can read or change a record, and the permission and condition that decide it',
        body: explainRequestSchema,
        response: { 200: explainResponseSchema },
      },
    },
    async (request) => explainRecordAccess(app.db, request.actor!, request.body),
  );

  app.post(
    '/api/v1/accessControl/whoCanSee',
    {
      config: { ...READ, unscopedIds: { recordId: RECORD_ID } },
      schema: {
        tags,
        summary: 'The enabled users who can read a record, each with the permission that gives it',
        body: whoCanSeeRequestSchema,
        response: { 200: whoCanSeeResponseSchema },
      },
    },
    async (request) => whoCanSee(app.db, request.actor!, request.body),
  );
}
