import { hasAccess, scopeOf } from '@casedesk/contract/access/permissions';
import type {
  AllOfficesItem,
  DropdownOption,
  DropdownType,
  OfficeDropdownType,
  OfficeOption,
} from '@casedesk/contract/dropdowns/dropdown';
import { OFFICE_DROPDOWN_PERMISSIONS } from '@casedesk/contract/dropdowns/dropdown';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { SmsOfficeOption } from '@casedesk/contract/sms/sms';
import {
  findAllActiveOffices,
  findDropdownOptions,
  findOfficesInScope,
  findSmsOfficesInScope,
} from './dropdowns.repository.ts';

/**
 * SPEC §7 POST /dropdown/active. Options are reference data every form needs, so any signed-in user may
 * read them; which SMS categories a user may *use* is decided where the text is sent (SPEC §5).
 */
export async function listDropdownOptions(
  db: Db,
  dropdownType: DropdownType,
  isActive: boolean,
): Promise<DropdownOption[]> {
  return findDropdownOptions(db, dropdownType, isActive);
}

/**
 * SPEC §7 GET /dropdown/office: the offices a screen may offer. The caller needs the access level the
 * type names (else 403, as the screen itself would be refused), and its OFFICE conditions narrow the list.
 */
export async function listOfficesFor(db: Db, actor: Actor, type: OfficeDropdownType): Promise<OfficeOption[]> {
  const [permissionType, accessType] = OFFICE_DROPDOWN_PERMISSIONS[type];
  if (!hasAccess(actor.permissions, permissionType, accessType)) throw AppError.forbidden();
  // Offices to send texts from: the category is judged on the text sent.
  const elsewhere = permissionType === 'SMS' ? (['SMS_CATEGORY_TYPE'] as const) : [];
  return findOfficesInScope(db, scopeOf(actor.permissions, permissionType, accessType, 'OFFICE', elsewhere));
}

/** SPEC §7 GET /dropdown/allOffices: id and name of every active office (names are not confidential). */
export async function listAllOffices(db: Db): Promise<AllOfficesItem[]> {
  return findAllActiveOffices(db);
}

/** SPEC §7 GET /dropdown/smsOffice: SPEC §6 office choices are filtered by the office condition on SMS CREATE. */
export async function listSmsOffices(db: Db, actor: Actor): Promise<SmsOfficeOption[]> {
  // The category is judged on the text sent from the office chosen.
  return findSmsOfficesInScope(db, scopeOf(actor.permissions, 'SMS', 'CREATE', 'OFFICE', ['SMS_CATEGORY_TYPE']));
}
