import { Group, Select, Switch } from '@mantine/core';
import type { Role } from '@casedesk/contract/users/user';
import { DEFAULT_DASHBOARDS, type DefaultDashboard } from '@casedesk/contract/users/default-dashboard';
import { useConditionValues } from '../api/access-lookups.ts';

export interface AccountDraft {
  role: Role;
  accountEnabled: boolean;
  defaultDashboard: DefaultDashboard | null;
  officeId: string | null;
}

const DASHBOARD_LABELS: Record<DefaultDashboard, string> = {
  OFFICE: 'Office',
  CALL_CENTER: 'Call center',
  CORPORATE: 'Corporate',
};

/** The account half of the user page: role, status, landing dashboard (SPEC §2) and office. */
export function AccountFields({
  value,
  onChange,
  readOnly,
}: {
  value: AccountDraft;
  onChange: (value: AccountDraft) => void;
  readOnly: boolean;
}) {
  const roles = useConditionValues('USER_ROLE');
  const offices = useConditionValues('OFFICE');
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <Select
        label="Role"
        data={roles.data ?? []}
        value={value.role}
        allowDeselect={false}
        disabled={readOnly}
        onChange={(role) => role && onChange({ ...value, role: role as Role })}
        w={160}
      />
      <Select
        label="Office"
        data={offices.data ?? []}
        value={value.officeId}
        searchable
        clearable
        placeholder="No office"
        disabled={readOnly}
        onChange={(officeId) => onChange({ ...value, officeId })}
        w={200}
      />
      <Select
        label="Default dashboard"
        data={DEFAULT_DASHBOARDS.map((d) => ({ value: d, label: DASHBOARD_LABELS[d] }))}
        value={value.defaultDashboard}
        clearable
        placeholder="Office (default)"
        disabled={readOnly}
        onChange={(d) => onChange({ ...value, defaultDashboard: d as DefaultDashboard | null })}
        w={180}
      />
      <Switch
        label="Account enabled"
        checked={value.accountEnabled}
        disabled={readOnly}
        onChange={(e) => onChange({ ...value, accountEnabled: e.currentTarget.checked })}
        mb={8}
      />
    </Group>
  );
}
