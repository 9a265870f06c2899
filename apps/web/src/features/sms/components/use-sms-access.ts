import { useMemo } from 'react';
import { applyRoleConditions, scopeAllows, scopeOf, type AccessType } from '@casedesk/contract/access/permissions';
import type { DropdownOption } from '@casedesk/contract/dropdowns/dropdown';
import { can, subjectOf } from '@/lib/access.ts';
import { useSession } from '@/lib/session-context.ts';

export interface SmsAccess {
  read: boolean;
  /** SPEC §6: SMS CREATE is needed to send text. */
  create: boolean;
  update: boolean;
  /** SPEC §5: the categories offered are those the user may use at this level (SMS_CATEGORY_TYPE condition vs groupType). */
  categoriesFor: (
    access: Extract<AccessType, 'CREATE' | 'UPDATE'>,
    options: readonly DropdownOption[],
  ) => DropdownOption[];
  userId: string;
}

/** What the signed-in user may do with texts. */
export function useSmsAccess(): SmsAccess {
  const session = useSession();
  return useMemo(() => {
    const subject = subjectOf(session);
    return {
      read: can(subject, 'SMS', 'READ'),
      create: can(subject, 'SMS', 'CREATE'),
      update: can(subject, 'SMS', 'UPDATE'),
      // The category condition only: the office is judged on the office the text goes from.
      categoriesFor: (access, options) => {
        const permissions = applyRoleConditions(session.permissions, subject.role);
        const scope = scopeOf(permissions, 'SMS', access, 'SMS_CATEGORY_TYPE', ['OFFICE']);
        return options.filter((option) => scopeAllows(scope, option.groupType));
      },
      userId: session.user.id,
    };
  }, [session]);
}
