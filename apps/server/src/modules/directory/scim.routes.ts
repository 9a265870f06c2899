import {
  SCIM_MESSAGES,
  SCIM_SCHEMAS,
  scimGroupInputSchema,
  scimIdParamsSchema,
  scimListQuerySchema,
  scimPatchSchema,
  scimUserInputSchema,
} from '@casedesk/contract/directory/scim';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import {
  createScimGroup,
  deleteScimGroup,
  getScimGroup,
  listScimGroups,
  patchScimGroup,
  replaceScimGroup,
} from './scim-groups.service.ts';
import {
  createScimUser,
  deleteScimUser,
  getScimUser,
  listScimUsers,
  patchScimUser,
  replaceScimUser,
} from './scim-users.service.ts';
import { SCIM_DISCOVERY } from './scim-discovery.ts';

const SCIM_JSON = 'application/scim+json';
const config = {
  directoryToken: true,
  unscopedIds: {
    id: 'the directory provisions the whole firm with one token; no office decides its resources',
    externalId: 'the directory’s own id for the person or group, not one of our records',
  },
} as const;
const tags = ['scim'];

/** RFC 7644 §3.12: errors in SCIM's own shape, with the scimType a provider acts on. */
function scimErrorBody(status: number, message: string) {
  const scimType =
    status === 409
      ? 'uniqueness'
      : status === 400
        ? message === SCIM_MESSAGES.filter
          ? 'invalidFilter'
          : 'invalidValue'
        : undefined;
  return { schemas: [SCIM_SCHEMAS.error], status: String(status), detail: message, ...(scimType ? { scimType } : {}) };
}

/**
 * SCIM 2.0 at /scim/v2 (RFC 7644), as Entra ID and Okta provision with: users and groups, created, changed,
 * deactivated and deleted by the firm's directory with its own bearer token (SCIM_TOKEN).
 */
export async function scimRoutes(app: AppInstance): Promise<void> {
  const baseUrl = `${app.config.publicUrl}/scim/v2`;
  app.addContentTypeParser(SCIM_JSON, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'ignore'));
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('content-type', `${SCIM_JSON}; charset=utf-8`);
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    const body = JSON.parse(payload) as { message?: string };
    return JSON.stringify(scimErrorBody(reply.statusCode, body.message ?? 'Error'));
  });

  for (const [path, body] of Object.entries(SCIM_DISCOVERY)) {
    app.get(`/scim/v2/${path}`, { config, schema: { tags, summary: `SCIM ${path}` } }, async () => body(baseUrl));
  }

  app.get(
    '/scim/v2/Users',
    {
      config,
      schema: {
        tags,
        summary: 'Users, filtered as providers match (userName eq "…")',
        querystring: scimListQuerySchema,
      },
    },
    async (request) => listScimUsers(app.db, request.query, baseUrl),
  );
  app.get(
    '/scim/v2/Users/:id',
    { config, schema: { tags, summary: 'One user', params: scimIdParamsSchema } },
    async (request) => getScimUser(app.db, request.params.id, baseUrl),
  );
  app.post(
    '/scim/v2/Users',
    {
      config,
      schema: {
        tags,
        summary: 'Provision a user (no permissions until an administrator gives some)',
        body: scimUserInputSchema,
      },
    },
    async (request, reply) => reply.status(201).send(await createScimUser(app.db, app.realtime, request.body, baseUrl)),
  );
  app.put(
    '/scim/v2/Users/:id',
    { config, schema: { tags, summary: 'Replace a user', params: scimIdParamsSchema, body: scimUserInputSchema } },
    async (request) => replaceScimUser(app.db, app.realtime, request.params.id, request.body, baseUrl),
  );
  app.patch(
    '/scim/v2/Users/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change a user (active false disables them at once)',
        params: scimIdParamsSchema,
        body: scimPatchSchema,
      },
    },
    async (request) => patchScimUser(app.db, app.realtime, request.params.id, request.body, baseUrl),
  );
  app.delete(
    '/scim/v2/Users/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a user: disabled and kept, their sign-ins and sockets ended',
        params: scimIdParamsSchema,
      },
    },
    async (request, reply) => {
      await deleteScimUser(app.db, app.realtime, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/scim/v2/Groups',
    { config, schema: { tags, summary: 'Groups', querystring: scimListQuerySchema } },
    async (request) => listScimGroups(app.db, request.query, baseUrl),
  );
  app.get(
    '/scim/v2/Groups/:id',
    { config, schema: { tags, summary: 'One group with its members', params: scimIdParamsSchema } },
    async (request) => getScimGroup(app.db, request.params.id, baseUrl),
  );
  app.post(
    '/scim/v2/Groups',
    { config, schema: { tags, summary: 'Provision a group', body: scimGroupInputSchema } },
    async (request, reply) =>
      reply.status(201).send(await createScimGroup(app.db, app.realtime, request.body, baseUrl)),
  );
  app.put(
    '/scim/v2/Groups/:id',
    { config, schema: { tags, summary: 'Replace a group', params: scimIdParamsSchema, body: scimGroupInputSchema } },
    async (request) => replaceScimGroup(app.db, app.realtime, request.params.id, request.body, baseUrl),
  );
  app.patch(
    '/scim/v2/Groups/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Rename a group, add or remove members',
        params: scimIdParamsSchema,
        body: scimPatchSchema,
      },
    },
    async (request) => patchScimGroup(app.db, app.realtime, request.params.id, request.body, baseUrl),
  );
  app.delete(
    '/scim/v2/Groups/:id',
    { config, schema: { tags, summary: 'Delete a group (its members keep their access)', params: scimIdParamsSchema } },
    async (request, reply) => {
      await deleteScimGroup(app.db, request.params.id);
      return reply.status(204).send();
    },
  );
}
