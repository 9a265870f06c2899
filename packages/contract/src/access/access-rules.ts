import type { AccessType, ConditionType, PermissionType } from './permissions.ts';
import type { AccessLevel, Condition, Permission } from './permission-schemas.ts';
import { CONDITION_TYPES, conditionHolds, findAccessLevel } from './permissions.ts';

/** Every value a condition of each type can name: the offices' ids, the roles, the SMS category types. */
export type ConditionUniverse = Record<ConditionType, readonly string[]>;

/** The values of one condition type a level reaches: those every condition of that type lets through. */
function reach(level: AccessLevel, conditionType: ConditionType, universe: readonly string[]): Set<string> {
  const conditions = level.conditionDTO.filter((c) => c.conditionType === conditionType);
  return new Set(universe.filter((value) => conditions.every((c) => conditionHolds(c, value))));
}

/** Level `granted` reaches no value, of any condition type, that `held` does not reach. */
export function levelCovers(held: AccessLevel, granted: AccessLevel, universe: ConditionUniverse): boolean {
  return CONDITION_TYPES.every((type) => {
    const heldReach = reach(held, type, universe[type]);
    return [...reach(granted, type, universe[type])].every((value) => heldReach.has(value));
  });
}

const conditionKey = (conditions: readonly Condition[]) =>
  JSON.stringify(
    conditions
      .map((c) => [c.conditionType, c.relationType, [...c.values].sort()] as const)
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
  );

/**
 * No escalation (an administrator grants only what they hold): the access levels a change adds or widens
 * that the administrator's own levels do not cover, as "TYPE ACCESS" words. Levels left as they were and
 * levels taken away are never refused, so an office manager can still revoke what they could not grant.
 * `held` are the administrator's stored permissions; a level whose role condition fails for their own
 * role is not held.
 */
export function ungrantableLevels(
  held: readonly Permission[],
  heldRole: string,
  before: readonly Permission[],
  after: readonly Permission[],
  universe: ConditionUniverse,
): string[] {
  const refused: string[] = [];
  for (const permission of after) {
    for (const level of permission.accessLevelDTO) {
      const previous = findAccessLevel(before, permission.permissionType, level.accessType);
      if (previous && conditionKey(previous.conditionDTO) === conditionKey(level.conditionDTO)) continue;
      const own = findAccessLevel(held, permission.permissionType, level.accessType);
      const ownHolds =
        own !== undefined &&
        own.conditionDTO.every((c) => c.conditionType !== 'USER_ROLE' || conditionHolds(c, heldRole));
      if (!ownHolds || !levelCovers(own, level, universe)) {
        refused.push(`${permission.permissionType} ${level.accessType}`);
      }
    }
  }
  return refused;
}

/** How a condition reads to a person: "office is one of Los Angeles, Miami". */
export type DescribeCondition = (condition: Condition) => string;

export interface RecordFacts {
  role: string;
  accountEnabled: boolean;
  /** The record's attributes; a condition about one the record has not (undefined) cannot hold. */
  attributes: Partial<Record<ConditionType, string | null>>;
}

export interface Decision {
  accessType: AccessType;
  allowed: boolean;
  permissionType: PermissionType | null;
  because: string;
}

/**
 * Whether a user's stored permissions give one access to a record, through any of the permission types
 * that govern it, and why in words: the permission that allows it, or for each type what fails first.
 */
export function decideRecordAccess(
  permissions: readonly Permission[],
  facts: RecordFacts,
  permissionTypes: readonly PermissionType[],
  accessType: AccessType,
  describe: DescribeCondition,
): Decision {
  if (!facts.accountEnabled) {
    return { accessType, allowed: false, permissionType: null, because: 'The account is disabled.' };
  }
  const failures: string[] = [];
  for (const permissionType of permissionTypes) {
    const level = findAccessLevel(permissions, permissionType, accessType);
    if (!level) {
      failures.push(`${permissionType} has no ${accessType} access.`);
      continue;
    }
    const failing = level.conditionDTO.find((condition) => {
      const value = condition.conditionType === 'USER_ROLE' ? facts.role : facts.attributes[condition.conditionType];
      return value === undefined || !conditionHolds(condition, value);
    });
    if (failing) {
      failures.push(`${permissionType} ${accessType} needs ${describe(failing)}.`);
      continue;
    }
    const conditions = level.conditionDTO.map(describe).join(' and ');
    return {
      accessType,
      allowed: true,
      permissionType,
      because: `${permissionType} ${accessType} ${conditions ? `with ${conditions}` : 'with no conditions'}.`,
    };
  }
  return { accessType, allowed: false, permissionType: null, because: failures.join(' ') };
}

/** The parts of a user's access the history reconstructs for a past date. */
export interface AccessState {
  role: string;
  accountEnabled: boolean;
  officeId: string | null;
  permissions: Permission[];
}

const STATE_KEYS = ['role', 'accountEnabled', 'officeId', 'permissions'] as const;

/**
 * The access a user had at a past moment: today's state, with every audited change made after that
 * moment undone through its `before` (changes newest first).
 */
export function accessAsOf(
  current: AccessState,
  changesNewestFirst: readonly { occurredAt: string; before: Record<string, unknown> | null }[],
  at: string,
): AccessState {
  const moment = Date.parse(at);
  let state: AccessState = { ...current };
  for (const change of changesNewestFirst) {
    if (Date.parse(change.occurredAt) <= moment) break;
    const undone = Object.fromEntries(
      STATE_KEYS.filter((k) => change.before && k in change.before).map((k) => [k, change.before![k]]),
    );
    state = { ...state, ...(undone as Partial<AccessState>) };
  }
  return state;
}
