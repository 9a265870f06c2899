import { Group, Select, TextInput } from '@mantine/core';
import type { UserAccessListRequestInput } from '@casedesk/contract/access/access-admin';
import { SearchIcon } from '@/components/icons.tsx';
import { useConditionValues } from '../api/access-lookups.ts';

export interface UserAccessFilterValues {
  searchKeyword: string;
  officeId: string | null;
  role: string | null;
  status: string | null;
  /** Set from the Profiles tab: the users who follow one profile. */
  profileId: string | null;
}

export const EMPTY_USER_ACCESS_FILTER: UserAccessFilterValues = {
  searchKeyword: '',
  officeId: null,
  role: null,
  status: null,
  profileId: null,
};

export function toUserAccessFilter(values: UserAccessFilterValues): NonNullable<UserAccessListRequestInput['filter']> {
  return {
    ...(values.searchKeyword.trim() ? { searchKeyword: values.searchKeyword.trim() } : {}),
    ...(values.officeId ? { officeId: values.officeId } : {}),
    ...(values.role ? { role: values.role as never } : {}),
    ...(values.status ? { status: values.status as 'ENABLED' | 'DISABLED' } : {}),
    ...(values.profileId ? { profileId: values.profileId } : {}),
  };
}

/** Search by name or email; narrow by office, role and status (offices and roles from the server's lists). */
export function UserAccessFilters({
  value,
  onChange,
}: {
  value: UserAccessFilterValues;
  onChange: (value: UserAccessFilterValues) => void;
}) {
  const offices = useConditionValues('OFFICE');
  const roles = useConditionValues('USER_ROLE');
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <TextInput
        label="Search users"
        placeholder="Name or email"
        leftSection={<SearchIcon size={16} />}
        value={value.searchKeyword}
        onChange={(e) => onChange({ ...value, searchKeyword: e.currentTarget.value })}
        w={260}
      />
      <Select
        label="Office"
        placeholder="All offices"
        clearable
        searchable
        data={offices.data ?? []}
        value={value.officeId}
        onChange={(officeId) => onChange({ ...value, officeId })}
        w={180}
      />
      <Select
        label="Role"
        placeholder="All roles"
        clearable
        data={roles.data ?? []}
        value={value.role}
        onChange={(role) => onChange({ ...value, role })}
        w={150}
      />
      <Select
        label="Status"
        placeholder="Any status"
        clearable
        data={[
          { value: 'ENABLED', label: 'Enabled' },
          { value: 'DISABLED', label: 'Disabled' },
        ]}
        value={value.status}
        onChange={(status) => onChange({ ...value, status })}
        w={140}
      />
    </Group>
  );
}
