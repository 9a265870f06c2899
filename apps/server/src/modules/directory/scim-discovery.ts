import { SCIM_SCHEMAS } from '@casedesk/contract/directory/scim';

/**
 * RFC 7644 §4 discovery: what this service provider supports, which providers read before they provision.
 * PATCH yes, filters (eq only), no bulk, no sort, no ETags, no password changes (sign-in is the directory's).
 */
export const SCIM_DISCOVERY: Record<string, (baseUrl: string) => unknown> = {
  ServiceProviderConfig: (baseUrl) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    documentationUri: `${baseUrl.replace(/\/scim\/v2$/, '')}/api/docs`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: 1000 },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: 'The SCIM_TOKEN configured on the server',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  }),
  ResourceTypes: (baseUrl) => ({
    schemas: [SCIM_SCHEMAS.listResponse],
    totalResults: 2,
    Resources: [
      {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
        id: 'User',
        name: 'User',
        endpoint: '/Users',
        schema: SCIM_SCHEMAS.user,
        schemaExtensions: [{ schema: SCIM_SCHEMAS.enterpriseUser, required: false }],
        meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/User` },
      },
      {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
        id: 'Group',
        name: 'Group',
        endpoint: '/Groups',
        schema: SCIM_SCHEMAS.group,
        meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/Group` },
      },
    ],
  }),
  Schemas: () => ({
    schemas: [SCIM_SCHEMAS.listResponse],
    totalResults: 2,
    Resources: [
      {
        id: SCIM_SCHEMAS.user,
        name: 'User',
        attributes: ['userName', 'externalId', 'displayName', 'name', 'title', 'active', 'emails'].map((name) => ({
          name,
          type: name === 'active' ? 'boolean' : name === 'name' || name === 'emails' ? 'complex' : 'string',
          multiValued: name === 'emails',
          required: name === 'userName',
          uniqueness: name === 'userName' ? 'server' : 'none',
        })),
      },
      {
        id: SCIM_SCHEMAS.group,
        name: 'Group',
        attributes: [
          { name: 'displayName', type: 'string', multiValued: false, required: true, uniqueness: 'none' },
          { name: 'members', type: 'complex', multiValued: true, required: false, uniqueness: 'none' },
        ],
      },
    ],
  }),
};
