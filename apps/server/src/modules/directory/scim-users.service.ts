import type { ScimListQuery, ScimPatch, ScimUserInput } from '@casedesk/contract/directory/scim';
import { parseScimFilter, SCIM_MESSAGES, SCIM_SCHEMAS, scimBoolean } from '@casedesk/contract/directory/scim';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { RealtimeBus } from '../../platform/realtime/realtime-bus.ts';
import type { DirectoryPerson } from './directory-users.service.ts';
import { deprovisionDirectoryUser, provisionDirectoryUser } from './directory-users.service.ts';
import type { DirectoryUserFilter, DirectoryUserRow } from './directory.repository.ts';
import { findDirectoryUser, findDirectoryUsers } from './directory.repository.ts';

export function scimUser(row: DirectoryUserRow, baseUrl: string) {
  return {
    schemas: [SCIM_SCHEMAS.user],
    id: row.id,
    ...(row.externalId ? { externalId: row.externalId } : {}),
    userName: row.userName,
    displayName: row.displayName,
    name: { formatted: row.displayName },
    ...(row.jobTitle ? { title: row.jobTitle } : {}),
    active: row.accountEnabled,
    emails: [{ value: row.mail, type: 'work', primary: true }],
    meta: { resourceType: 'User', location: `${baseUrl}/Users/${row.id}` },
  };
}

export function listResponse<T>(resources: T[], total: number, startIndex: number) {
  return {
    schemas: [SCIM_SCHEMAS.listResponse],
    totalResults: total,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

const USER_FILTER_ATTRIBUTES = ['userName', 'externalId', 'displayName', 'id'] as const;

function userFilter(filter: string | undefined): DirectoryUserFilter | undefined {
  if (!filter) return undefined;
  const parsed = parseScimFilter(filter);
  const attribute = USER_FILTER_ATTRIBUTES.find((a) => a.toLowerCase() === parsed?.attribute.toLowerCase());
  if (!parsed || !attribute) throw AppError.validation(SCIM_MESSAGES.filter);
  return { attribute, value: parsed.value };
}

export async function listScimUsers(db: Db, query: ScimListQuery, baseUrl: string) {
  const { rows, total } = await findDirectoryUsers(db, userFilter(query.filter), query.startIndex - 1, query.count);
  return listResponse(
    rows.map((row) => scimUser(row, baseUrl)),
    total,
    query.startIndex,
  );
}

async function requireUser(db: Db, id: string): Promise<DirectoryUserRow> {
  const row = await findDirectoryUser(db, id);
  if (!row) throw AppError.notFound('User');
  return row;
}

export async function getScimUser(db: Db, id: string, baseUrl: string) {
  return scimUser(await requireUser(db, id), baseUrl);
}

/** What the product keeps of a SCIM user; the display name falls back on the name parts, then the email. */
function personOf(input: ScimUserInput): DirectoryPerson {
  const name = input.name;
  const fromParts = [name?.givenName, name?.familyName].filter(Boolean).join(' ');
  return {
    externalId: input.externalId ?? null,
    userName: input.userName,
    displayName: input.displayName?.trim() || name?.formatted?.trim() || fromParts || input.userName,
    jobTitle: input.title?.trim() || null,
    active: input.active ?? true,
    department: input[SCIM_SCHEMAS.enterpriseUser]?.department ?? null,
  };
}

/** POST /Users: a userName that is already someone's is a 409 (the provider then matches by filter). */
export async function createScimUser(db: Db, bus: RealtimeBus, input: ScimUserInput, baseUrl: string) {
  const existing = await findDirectoryUsers(db, { attribute: 'userName', value: input.userName }, 0, 1);
  if (existing.total > 0) throw AppError.conflict(SCIM_MESSAGES.userNameTaken);
  const { userId } = await provisionDirectoryUser(db, bus, 'SCIM', personOf(input));
  return getScimUser(db, userId, baseUrl);
}

/** PUT /Users/{id}: the whole resource as the provider holds it now. */
export async function replaceScimUser(db: Db, bus: RealtimeBus, id: string, input: ScimUserInput, baseUrl: string) {
  await requireUser(db, id);
  await provisionDirectoryUser(db, bus, 'SCIM', personOf(input), id);
  return getScimUser(db, id, baseUrl);
}

type PersonPatch = DirectoryPerson;

/** Applies one value at a path the product keeps; other attributes (phones, addresses…) are accepted and ignored. */
function applyValue(person: PersonPatch, path: string, value: unknown): void {
  const key = path.replace(`${SCIM_SCHEMAS.enterpriseUser}:`, '').toLowerCase();
  const text = typeof value === 'string' ? value : null;
  if (key === 'active') person.active = scimBoolean.parse(value);
  else if (key === 'username' && text) person.userName = text;
  else if (key === 'displayname' && text) person.displayName = text;
  else if (key === 'name.formatted' && text) person.displayName = text;
  else if (key === 'title') person.jobTitle = text;
  else if (key === 'externalid') person.externalId = text;
  else if (key === 'department') person.department = text;
}

/**
 * PATCH /Users/{id} as the providers send it: Entra names each path (`{"op":"Replace","path":"active",
 * "value":"False"}`), Okta sends a value object without a path (`{"op":"replace","value":{"active":false}}`).
 */
export async function patchScimUser(db: Db, bus: RealtimeBus, id: string, patch: ScimPatch, baseUrl: string) {
  const row = await requireUser(db, id);
  const person: PersonPatch = {
    externalId: row.externalId,
    userName: row.userName,
    displayName: row.displayName,
    jobTitle: row.jobTitle,
    active: row.accountEnabled,
    department: null,
  };
  for (const operation of patch.Operations) {
    if (operation.op === 'remove') {
      if (operation.path) applyValue(person, operation.path, null);
      continue;
    }
    if (operation.path) applyValue(person, operation.path, operation.value);
    else if (operation.value && typeof operation.value === 'object') {
      for (const [path, value] of Object.entries(operation.value)) applyValue(person, path, value);
    }
  }
  await provisionDirectoryUser(db, bus, 'SCIM', person, id);
  return getScimUser(db, id, baseUrl);
}

export async function deleteScimUser(db: Db, bus: RealtimeBus, id: string): Promise<void> {
  await requireUser(db, id);
  await deprovisionDirectoryUser(db, bus, 'SCIM', id);
}
