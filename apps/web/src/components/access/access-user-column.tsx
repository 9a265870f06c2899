import { Badge, Group, Text } from '@mantine/core';
import type { DataTableColumn } from '@/components/data-table/data-table-types.ts';

interface AccessUser {
  displayName: string;
  mail: string;
  role: string;
  accountEnabled: boolean;
}

/** The User column of an access table: the name (mail and role on hover) and a Disabled badge. */
export function accessUserColumn<U extends AccessUser>(width: number): DataTableColumn<U> {
  return {
    id: 'displayName',
    header: 'User',
    width,
    cell: (user) => (
      <Group gap={6} wrap="nowrap">
        <Text size="sm" truncate title={`${user.displayName} · ${user.mail} · ${user.role}`}>
          {user.displayName}
        </Text>
        {!user.accountEnabled && (
          <Badge size="xs" color="gray" style={{ flexShrink: 0 }}>
            Disabled
          </Badge>
        )}
      </Group>
    ),
  };
}
