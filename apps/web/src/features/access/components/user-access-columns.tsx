import { Badge, Text } from '@mantine/core';
import type { UserAccessRow } from '@casedesk/contract/access/access-admin';
import type { DataTableColumn } from '@/components/data-table/data-table-types.ts';

const words = (value: string | null) =>
  value ? value.charAt(0) + value.slice(1).toLowerCase().replaceAll('_', ' ') : '';

/** The user-access list: who, where, status, landing dashboard, last sign-in and how much access. */
export const USER_ACCESS_COLUMNS: DataTableColumn<UserAccessRow>[] = [
  { id: 'displayName', header: 'Name', sortable: true, width: 200 },
  { id: 'mail', header: 'Email', sortable: true, width: 240 },
  { id: 'role', header: 'Role', sortable: true, width: 110, cell: (r) => words(r.role) },
  { id: 'officeName', header: 'Office', sortable: true, width: 140, cell: (r) => r.officeName ?? '—' },
  {
    id: 'accountEnabled',
    header: 'Status',
    sortable: true,
    width: 100,
    cell: (r) => (
      <Badge size="sm" variant="light" color={r.accountEnabled ? 'green' : 'gray'}>
        {r.accountEnabled ? 'Enabled' : 'Disabled'}
      </Badge>
    ),
  },
  { id: 'defaultDashboard', header: 'Dashboard', width: 120, cell: (r) => words(r.defaultDashboard) || 'Office' },
  {
    id: 'lastSignInAt',
    header: 'Last sign-in',
    sortable: true,
    width: 160,
    kind: 'dateTime',
  },
  {
    id: 'permissionCount',
    header: 'Permissions',
    sortable: true,
    width: 150,
    cell: (r) => (
      <Text size="sm">
        {r.permissionCount}
        {r.profileName && (
          <Text span size="xs" c="dimmed">
            {' '}
            · {r.profileName}
          </Text>
        )}
      </Text>
    ),
  },
];
