import { z } from 'zod';

/**
 * SCIM 2.0 (RFC 7643 resources, RFC 7644 protocol) as Entra ID and Okta send it: the firm's directory
 * provisions users and groups into Casedesk. Only what the product keeps is read; other attributes are
 * accepted and ignored, as the RFC allows a service provider to.
 */
export const SCIM_SCHEMAS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  enterpriseUser: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
} as const;

export const SCIM_MESSAGES = {
  notConfigured: 'SCIM provisioning is not configured on this server: set SCIM_TOKEN.',
  badToken: 'The SCIM bearer token is not valid.',
  userName: 'userName is required: the user’s sign-in email.',
  userNameTaken: 'A user with this userName already exists.',
  filter: 'Only filters of the form `attribute eq "value"` on userName, externalId, displayName or id are supported.',
  displayName: 'displayName is required.',
} as const;

/** Entra sends booleans as the strings "True" and "False" in PATCH values; both forms are accepted. */
export const scimBoolean = z.union([
  z.boolean(),
  z.enum(['True', 'False', 'true', 'false']).transform((v) => v.toLowerCase() === 'true'),
]);

const emailSchema = z.object({
  value: z.string().max(320),
  type: z.string().max(40).optional(),
  primary: scimBoolean.optional(),
});

export const scimUserInputSchema = z
  .object({
    schemas: z.array(z.string()).optional(),
    externalId: z.string().max(200).optional(),
    userName: z.string({ error: SCIM_MESSAGES.userName }).trim().min(3, SCIM_MESSAGES.userName).max(320),
    displayName: z.string().max(200).optional(),
    name: z
      .object({
        givenName: z.string().max(100).optional(),
        familyName: z.string().max(100).optional(),
        formatted: z.string().max(200).optional(),
      })
      .optional(),
    title: z.string().max(200).optional(),
    active: scimBoolean.optional(),
    emails: z.array(emailSchema).max(20).optional(),
    [SCIM_SCHEMAS.enterpriseUser]: z
      .object({ department: z.string().max(200).optional(), employeeNumber: z.string().max(100).optional() })
      .optional(),
  })
  .loose();
export type ScimUserInput = z.infer<typeof scimUserInputSchema>;

export const scimPatchSchema = z.object({
  schemas: z.array(z.string()).optional(),
  Operations: z
    .array(
      z.object({
        op: z
          .string()
          .transform((op) => op.toLowerCase())
          .pipe(z.enum(['add', 'replace', 'remove'])),
        path: z.string().max(300).optional(),
        value: z.unknown().optional(),
      }),
    )
    .min(1)
    .max(100),
});
export type ScimPatch = z.infer<typeof scimPatchSchema>;

export const scimListQuerySchema = z.object({
  filter: z.string().max(500).optional(),
  startIndex: z.coerce.number().int().min(1).default(1),
  count: z.coerce.number().int().min(0).max(1000).default(100),
});
export type ScimListQuery = z.infer<typeof scimListQuerySchema>;

export const scimIdParamsSchema = z.object({ id: z.string().max(200) });

export const scimGroupInputSchema = z
  .object({
    schemas: z.array(z.string()).optional(),
    externalId: z.string().max(200).optional(),
    displayName: z.string({ error: SCIM_MESSAGES.displayName }).trim().min(1, SCIM_MESSAGES.displayName).max(200),
    members: z
      .array(z.object({ value: z.string().max(200) }).loose())
      .max(10_000)
      .optional(),
  })
  .loose();
export type ScimGroupInput = z.infer<typeof scimGroupInputSchema>;

/** A filter the providers send: `userName eq "a@b.com"` (the only operator Entra and Okta use to match). */
export function parseScimFilter(filter: string): { attribute: string; value: string } | null {
  const match = /^\s*([A-Za-z.]+)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i.exec(filter);
  if (!match) return null;
  return { attribute: match[1]!, value: match[2]!.replace(/\\(.)/g, '$1') };
}
