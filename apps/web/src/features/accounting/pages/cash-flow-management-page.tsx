import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import type { CashFlowAccessUser } from '@casedesk/contract/accounting/cash-flow-access';
import { PAYMENT_TYPE_LABELS, PAYMENT_TYPES } from '@casedesk/contract/accounting/payment';
import { useAllOffices } from '@/api/dropdowns/all-offices.ts';
import { accessUserColumn } from '@/components/access/access-user-column.tsx';
import { DataTable } from '@/components/data-table/data-table.tsx';
import type { DataTableColumn } from '@/components/data-table/data-table-types.ts';
import { ListPage } from '@/components/list-page/list-page.tsx';
import { useSession } from '@/lib/session-context.ts';
import { useCashFlowAccess } from '../api/get-cash-flow-access.ts';
import { canManageCashFlowAccess } from '../components/accounting-access.ts';
import { CASH_FLOW_PERMISSION_LABELS, describeAccess } from '../components/cash-flow-access-model.ts';
import { EditCashFlowAccessButton } from '../components/edit-cash-flow-access-button.tsx';

const rowId = (user: CashFlowAccessUser) => user.userId;

/** One permission type's levels and offices; clipped at 800 px, so the whole text is the cell's title. */
function accessColumn(
  type: keyof typeof CASH_FLOW_PERMISSION_LABELS,
  officeName: (id: string) => string,
): DataTableColumn<CashFlowAccessUser> {
  const text = (user: CashFlowAccessUser) =>
    describeAccess(
      user.permissions.find((p) => p.permissionType === type),
      officeName,
    );
  return {
    id: type,
    header: CASH_FLOW_PERMISSION_LABELS[type],
    accessor: text,
    cell: (user) => (
      <Text size="sm" truncate title={text(user)}>
        {text(user)}
      </Text>
    ),
  };
}

function useColumns(canEdit: boolean): DataTableColumn<CashFlowAccessUser>[] {
  const offices = useAllOffices();
  return useMemo(() => {
    const names = new Map((offices.data ?? []).map((o) => [o.id, o.name]));
    const officeName = (id: string) => names.get(id) ?? 'an office';
    const columns: DataTableColumn<CashFlowAccessUser>[] = [
      accessUserColumn(190),
      { id: 'officeName', header: 'Office', width: 110 },
      accessColumn('CASH_FLOW', officeName),
      accessColumn('CASH_FLOW_RECON', officeName),
      accessColumn('CASH_FLOW_MANAGEMENT', officeName),
    ];
    if (canEdit) {
      columns.push({ id: 'edit', header: '', width: 64, cell: (user) => <EditCashFlowAccessButton user={user} /> });
    }
    return columns;
  }, [offices.data, canEdit]);
}

/** The payment types every entry, export and report uses: part of the product, not a setting. */
function PaymentTypes() {
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Payment types
        </Title>
        <Text size="sm" c="dimmed">
          These payment types are fixed: every entry, total, export and report uses them, so they cannot be added,
          renamed or removed here.
        </Text>
        <Group gap="xs" aria-label="Payment types">
          {PAYMENT_TYPES.map((type) => (
            <Badge key={type} variant="light" color="gray" size="lg" tt="none">
              {PAYMENT_TYPE_LABELS[type]}
            </Badge>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * SPEC §2 /accounting/cash-flow-management: who may see, enter, reconcile and manage cash flow, for which offices
 * (the users of the offices the caller's CASH_FLOW_MANAGEMENT reaches), changed with a reason; and the payment types.
 */
export function CashFlowManagementPage() {
  const session = useSession();
  const access = useCashFlowAccess();
  const columns = useColumns(canManageCashFlowAccess(session));
  return (
    <ListPage
      title="Cash flow management"
      description="Who may see and enter cash flow, reconcile office days and manage this access, and for which offices."
      query={access}
      errorTitle="Cash-flow access could not be loaded"
    >
      <div data-testid="cash-flow-access-table">
        <DataTable
          label="Cash-flow access"
          columns={columns}
          rows={access.data?.users ?? []}
          getRowId={rowId}
          loading={access.isPending}
          withPagination={false}
          emptyState="No users in your offices"
          maxHeight="calc(100dvh - 420px)"
        />
      </div>
      <PaymentTypes />
    </ListPage>
  );
}
