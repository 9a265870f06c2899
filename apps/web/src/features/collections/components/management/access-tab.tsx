import { Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import {
  COLLECTION_PERMISSION_TYPES,
  collectionAccessChangeSchema,
  type CollectionAccessUser,
  type CollectionPermissionType,
} from '@casedesk/contract/collections/collection-access';
import { useAllOffices } from '@/api/dropdowns/all-offices.ts';
import { EditOfficeAccessButton } from '@/components/access/edit-office-access-button.tsx';
import { describeOfficeAccess } from '@/components/access/office-access-model.ts';
import { accessUserColumn } from '@/components/access/access-user-column.tsx';
import { DataTable } from '@/components/data-table/data-table.tsx';
import type { DataTableColumn } from '@/components/data-table/data-table-types.ts';
import { LoadError } from '@/components/load-error.tsx';
import { useCollectionAccess } from '../../api/get-collection-access.ts';
import { useUpdateCollectionAccess } from '../../api/update-collection-access.ts';

export const COLLECTION_PERMISSION_LABELS: Record<CollectionPermissionType, string> = {
  ALL_ACCOUNTS: 'Accounts',
  COLLECTIONS_DASHBOARD: 'Dashboard',
  COLLECTION_MANAGEMENT: 'Management',
  COLLECTION_REPORTING: 'Reporting',
};

const rowId = (user: CollectionAccessUser) => user.userId;

function useColumns(canEdit: boolean): DataTableColumn<CollectionAccessUser>[] {
  const offices = useAllOffices();
  return useMemo(() => {
    const names = new Map((offices.data ?? []).map((o) => [o.id, o.name]));
    const officeName = (id: string) => names.get(id) ?? 'an office';
    const accessColumn = (type: CollectionPermissionType): DataTableColumn<CollectionAccessUser> => {
      const text = (user: CollectionAccessUser) =>
        describeOfficeAccess(
          user.permissions.find((p) => p.permissionType === type),
          officeName,
        );
      return {
        id: type,
        header: COLLECTION_PERMISSION_LABELS[type],
        accessor: text,
        cell: (user) => (
          <Text size="sm" truncate title={text(user)}>
            {text(user)}
          </Text>
        ),
      };
    };
    const columns: DataTableColumn<CollectionAccessUser>[] = [
      accessUserColumn(180),
      { id: 'role', header: 'Role', width: 120 },
      { id: 'officeName', header: 'Office', width: 110 },
      ...COLLECTION_PERMISSION_TYPES.map(accessColumn),
    ];
    if (canEdit) {
      columns.push({
        id: 'edit',
        header: '',
        width: 64,
        cell: (user) => (
          <EditOfficeAccessButton
            user={user}
            types={COLLECTION_PERMISSION_TYPES}
            labels={COLLECTION_PERMISSION_LABELS}
            noun="collections"
            changeSchema={collectionAccessChangeSchema}
            useUpdate={useUpdateCollectionAccess}
          />
        ),
      });
    }
    return columns;
  }, [offices.data, canEdit]);
}

/**
 * Collection access control (SPEC §6, getAccessControl and updateAccess): who may read, open and work accounts
 * (Accounts), see the collections dashboard, manage collections and read its reports, and in which offices. The
 * users are those of the offices the caller's collection management reaches; a change needs a reason and grants
 * no more than the caller holds (the server's rule).
 */
export function AccessTab({ canEdit }: { canEdit: boolean }) {
  const access = useCollectionAccess();
  const columns = useColumns(canEdit);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="collection-access-title">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id="collection-access-title">
            Access control
          </Title>
          <Text size="sm" c="dimmed">
            Who may work collection accounts and for which offices; dashboard, management and reporting follow the
            user’s role conditions as granted.
          </Text>
        </Stack>
        {access.isError ? (
          <LoadError title="Collection access could not be loaded" onRetry={() => void access.refetch()} />
        ) : (
          <div data-testid="collection-access-table">
            <DataTable
              label="Collection access"
              columns={columns}
              rows={access.data?.users ?? []}
              getRowId={rowId}
              loading={access.isPending}
              withPagination={false}
              emptyState="No users in your offices"
              maxHeight="calc(100dvh - 380px)"
            />
          </div>
        )}
      </Stack>
    </Paper>
  );
}
