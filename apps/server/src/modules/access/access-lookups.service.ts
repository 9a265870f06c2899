import type { LookupKind, LookupOption } from '@casedesk/contract/access/access-admin';
import { RELATION_LABELS } from '@casedesk/contract/access/access-admin';
import type { ConditionUniverse } from '@casedesk/contract/access/access-rules';
import type { ConditionType } from '@casedesk/contract/access/permissions';
import { ACCESS_TYPES, CONDITION_TYPES, PERMISSION_TYPES, RELATION_TYPES } from '@casedesk/contract/access/permissions';
import { ROLES } from '@casedesk/contract/users/user';
import type { Db } from '../../platform/db/database.ts';
import { listDropdownOptions } from '../dropdowns/dropdowns.service.ts';
import { findOfficeNames } from './access-admin.repository.ts';

const CONDITION_LABELS: Record<ConditionType, string> = {
  OFFICE: 'Office',
  USER_ROLE: 'User role',
  SMS_CATEGORY_TYPE: 'SMS category type',
};

/** Abbreviations keep their capitals in labels: "SMS", "Appointment PI". */
const ABBREVIATIONS = new Set(['SMS', 'PI', 'AD']);

/** A constant as a person reads it: DASHBOARD_CALL_CENTER → "Dashboard call center". */
const words = (value: string) =>
  value
    .split('_')
    .map((part, i) =>
      ABBREVIATIONS.has(part) ? part : i === 0 ? part.charAt(0) + part.slice(1).toLowerCase() : part.toLowerCase(),
    )
    .join(' ');

/** SPEC §6 lookups the permission editor reads: the server's lists, never copies in the web. */
export function listLookup(kind: LookupKind): LookupOption[] {
  switch (kind) {
    case 'permissionTypes':
      return PERMISSION_TYPES.map((value) => ({ value, label: words(value) }));
    case 'relationTypes':
      return RELATION_TYPES.map((value) => ({ value, label: RELATION_LABELS[value] }));
    case 'conditionTypes':
      return CONDITION_TYPES.map((value) => ({ value, label: CONDITION_LABELS[value] }));
    case 'accessLevelTypes':
      return ACCESS_TYPES.map((value) => ({ value, label: words(value) }));
  }
}

async function smsCategoryTypes(db: Db): Promise<string[]> {
  const options = await listDropdownOptions(db, 'SMS_CATEGORY', true);
  return [...new Set(options.map((option) => option.groupType).filter((type): type is string => !!type))].sort();
}

/** The values a condition of this type may name, as the editor offers them: offices, roles, category types. */
export async function listConditionValues(db: Db, conditionType: ConditionType): Promise<LookupOption[]> {
  if (conditionType === 'OFFICE') {
    const names = await findOfficeNames(db);
    return [...names].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  }
  if (conditionType === 'USER_ROLE') return ROLES.map((value) => ({ value, label: words(value) }));
  return (await smsCategoryTypes(db)).map((value) => ({ value, label: words(value) }));
}

/** Every value each condition type can name today, against which "holds no more than" is judged. */
export async function conditionUniverse(db: Db): Promise<ConditionUniverse> {
  return {
    OFFICE: [...(await findOfficeNames(db)).keys()],
    USER_ROLE: ROLES,
    SMS_CATEGORY_TYPE: await smsCategoryTypes(db),
  };
}
