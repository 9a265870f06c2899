import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TrustEntry } from '@casedesk/contract/accounting/trust';
import { formatMoney } from '@casedesk/contract/common/money';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { LoadError } from '@/components/load-error.tsx';
import { isLoadingRows } from '@/lib/query-status.ts';
import { useSession } from '@/lib/session-context.ts';
import { useTrustLedger } from '../api/get-trust-ledger.ts';
import { canEnterPayment, canReversePayment } from './accounting-access.ts';
import { DisburseButton, type TrustMatterRef } from './disburse-button.tsx';
import { ReverseDisbursementButton } from './reverse-disbursement-button.tsx';
import { reversedEntryStyle, trustEntryColumns } from './trust-columns.tsx';

const entryId = (e: TrustEntry) => e.id;

/** One matter's trust ledger with its running balance, "Disburse" and "Reverse" for those who may. */
export function TrustLedgerPanel({
  matter,
  officeName,
  onClose,
}: {
  matter: TrustMatterRef & { matter: string | null };
  officeName: (officeId: string) => string;
  onClose: () => void;
}) {
  const session = useSession();
  const ledger = useTrustLedger(matter.inquiryId);
  const reverses = canReversePayment(session);
  const entries = ledger.data?.entries ?? [];
  const offices = new Set(entries.map((e) => e.officeId));
  const columns = trustEntryColumns(
    (e) => (reverses && e.kind === 'DISBURSEMENT' && !e.reversedById ? <ReverseDisbursementButton entry={e} /> : null),
    offices.size > 1 ? officeName : undefined,
  );
  return (
    <Paper withBorder p="sm" aria-label="Matter ledger" component="section">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Stack gap={0}>
            <Title order={2} size="h4">
              {matter.client} · {matter.matter ?? 'Matter'}
            </Title>
            <Text size="sm" c="dimmed">
              {matter.office}: {formatMoney(matter.balanceCents)} in trust
            </Text>
          </Stack>
          <Group gap="xs">
            {canEnterPayment(session) && <DisburseButton matter={matter} />}
            <Button size="xs" variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Group>
        {ledger.isError ? (
          <LoadError title="The ledger could not be loaded" onRetry={() => ledger.refetch()} />
        ) : (
          <DataTable
            label="Ledger entries"
            columns={columns}
            rows={entries}
            getRowId={entryId}
            loading={isLoadingRows(ledger)}
            rowStyle={reversedEntryStyle}
            withPagination={false}
            emptyState={<Alert color="gray">No trust entries for this matter in your offices</Alert>}
            maxHeight={360}
          />
        )}
      </Stack>
    </Paper>
  );
}
