import { SCIM_MESSAGES } from '@casedesk/contract/directory/scim';
import { recordAudit } from '../../platform/audit/audit.ts';
import { notifyActorsChanged } from '../../platform/auth/actor-cache.ts';
import type { Db } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { RealtimeBus } from '../../platform/realtime/realtime-bus.ts';
import { announceAccessChanges } from '../access/access-admin.service.ts';
import { listAllOffices } from '../dropdowns/dropdowns.service.ts';
import type { DirectoryFields } from '../users/users.service.ts';
import { createDirectoryUser, findUserByMail, findUserDetail, writeDirectoryFields } from '../users/users.service.ts';
import type { DirectorySource } from './directory.repository.ts';
import { findUserIdByExternalId, markDirectoryAccountDeleted, saveDirectoryAccount } from './directory.repository.ts';

/** A person as the firm's directory describes them (SCIM and Microsoft Graph alike). */
export interface DirectoryPerson {
  externalId: string | null;
  /** The sign-in email: it becomes the user's mail. */
  userName: string;
  displayName: string;
  jobTitle: string | null;
  active: boolean;
  /** The department or office location: a user whose value names an office (by name) belongs to it. */
  department?: string | null;
}

/** The offices a department may name; a sync of many users reads them once and passes them in. */
export type OfficeNames = { id: string; name: string }[];

export const listOfficeNames = (db: Db): Promise<OfficeNames> => listAllOffices(db);

async function officeNamed(db: Db, name: string | null | undefined, offices?: OfficeNames) {
  if (!name?.trim()) return undefined;
  const wanted = name.trim().toLowerCase();
  return (offices ?? (await listAllOffices(db))).find((office) => office.name.toLowerCase() === wanted)?.id;
}

function changedFields(before: Record<string, unknown>, after: DirectoryFields) {
  const keys = Object.keys(after).filter((key) => before[key] !== after[key as keyof DirectoryFields]);
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key as keyof DirectoryFields]])),
  };
}

export interface Provisioned {
  userId: string;
  created: boolean;
  /** Something the directory sent differs from what we held (always true for a new user). */
  changed: boolean;
  /** An enabled user the directory disabled: their sign-ins ended and their sockets closed. */
  disabled: boolean;
}

/**
 * Creates or updates the user a directory describes, in one transaction with its audit row (no
 * administrator: the directory did it). A new user arrives with no permissions. `userId` names the user
 * when the directory addresses them by our id (SCIM PUT and PATCH); else they are found by the
 * directory's id for them, then by email, so a seeded or hand-made account is taken over, not doubled.
 */
export async function provisionDirectoryUser(
  db: Db,
  bus: RealtimeBus,
  source: DirectorySource,
  person: DirectoryPerson,
  userId?: string,
  offices?: OfficeNames,
): Promise<Provisioned> {
  const mail = person.userName.trim().toLowerCase();
  let result: Provisioned;
  try {
    result = await db.transaction(async (tx) => {
      const knownId =
        userId ??
        (person.externalId ? await findUserIdByExternalId(tx, source, person.externalId) : undefined) ??
        (await findUserByMail(tx, mail))?.id;
      const officeId = await officeNamed(tx, person.department, offices);
      const fields: DirectoryFields = {
        displayName: person.displayName,
        mail,
        jobTitle: person.jobTitle,
        accountEnabled: person.active,
        ...(officeId ? { officeId } : {}),
      };
      const before = knownId ? await findUserDetail(tx, knownId) : undefined;
      const user = before
        ? await writeDirectoryFields(tx, before.id, fields)
        : await createDirectoryUser(tx, { ...fields, displayName: person.displayName, mail });
      await saveDirectoryAccount(tx, { userId: user!.id, source, externalId: person.externalId, userName: mail });
      const diff = changedFields((before ?? {}) as Record<string, unknown>, fields);
      const changed = !before || Object.keys(diff.after).length > 0;
      if (changed) {
        await recordAudit(tx, {
          actorId: null,
          action: before ? 'directory.update' : 'directory.create',
          entity: 'user',
          entityId: user!.id,
          ...diff,
          detail: { source },
        });
      }
      const disabled = before?.accountEnabled === true && !person.active;
      return { userId: user!.id, created: !before, disabled, changed };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(SCIM_MESSAGES.userNameTaken);
    throw error;
  }
  if (result.disabled) await announceAccessChanges(db, bus, [result.userId]);
  else if (result.changed) notifyActorsChanged();
  return result;
}

/**
 * The directory deleted a user: their account is disabled (never removed: calls, texts and the audit trail
 * name them), their sign-ins end and their live sockets close, on every instance.
 */
export async function deprovisionDirectoryUser(db: Db, bus: RealtimeBus, source: DirectorySource, userId: string) {
  await db.transaction(async (tx) => {
    const before = await findUserDetail(tx, userId);
    if (!before) throw AppError.notFound('User');
    await writeDirectoryFields(tx, userId, { accountEnabled: false });
    await markDirectoryAccountDeleted(tx, userId);
    await recordAudit(tx, {
      actorId: null,
      action: 'directory.delete',
      entity: 'user',
      entityId: userId,
      before: { accountEnabled: before.accountEnabled },
      after: { accountEnabled: false },
      detail: { source },
    });
  });
  await announceAccessChanges(db, bus, [userId]);
}
