import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { ThreeWay } from '@casedesk/contract/accounting/trust';
import { formatMoney, parseCents, sanitizeDecimalInput } from '@casedesk/contract/common/money';
import { formatValue } from '@/components/data-table/format-cell.ts';
import { LoadError } from '@/components/load-error.tsx';
import { useSession } from '@/lib/session-context.ts';
import { useThreeWay } from '../api/get-three-way.ts';
import { canReconcile, canReopenRecon } from './accounting-access.ts';
import { Figure } from './figure.tsx';
import { ThreeWayModal, type ThreeWayAction } from './three-way-modal.tsx';
import { today } from './payment-labels.ts';

const isMonth = (text: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(text);

/** The last full month (yyyy-MM): the one a statement has come for. */
export function lastMonth(at: Date = new Date()): string {
  const first = new Date(at.getFullYear(), at.getMonth() - 1, 1);
  return today(first).slice(0, 7);
}

/** A figure in cents; '—' until there is one (the statement balance before it is typed). */
const money = (cents: number | null) => (cents === null ? '—' : formatMoney(cents));

function Figures({ found }: { found: ThreeWay }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" aria-label="Three balances">
      <Figure label="Bank statement" value={money(found.statementCents)} />
      <Figure label="Trust book" value={money(found.bookCents)} />
      <Figure label="Client ledgers" value={money(found.ledgersCents)} alert={found.ledgersMinusBookCents !== 0} />
      <Figure
        label="Bank − book"
        value={money(found.bankMinusBookCents)}
        alert={(found.bankMinusBookCents ?? 0) !== 0}
      />
      <Figure
        label="Ledgers − book"
        value={money(found.ledgersMinusBookCents)}
        alert={found.ledgersMinusBookCents !== 0}
      />
    </SimpleGrid>
  );
}

function DifferingLedgers({ found }: { found: ThreeWay }) {
  if (found.differingLedgers.length === 0) return null;
  return (
    <Alert color="red" title="Ledgers that do not hold">
      <Stack gap={2}>
        {found.differingLedgers.map((d) => (
          <Text size="sm" key={d.inquiryId}>
            {d.client ?? 'No client'}: ledger {formatMoney(d.ledgerCents)}, entries {formatMoney(d.entriesCents)}{' '}
            (difference {formatMoney(d.differenceCents)})
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

function Versions({ found }: { found: ThreeWay }) {
  if (found.versions.length === 0) return <Text size="sm">Not signed yet.</Text>;
  return (
    <Table withTableBorder striped aria-label="Versions">
      <Table.Thead>
        <Table.Tr>
          {['Version', 'Status', 'Bank', 'Book', 'Ledgers', 'By', 'At', 'Note / reason'].map((h) => (
            <Table.Th key={h}>{h}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {found.versions.map((v) => (
          <Table.Tr key={v.version}>
            <Table.Td>{v.version}</Table.Td>
            <Table.Td>{v.status === 'SIGNED' ? 'Signed' : 'Reopened'}</Table.Td>
            <Table.Td>{formatMoney(v.statementCents)}</Table.Td>
            <Table.Td>{formatMoney(v.bookCents)}</Table.Td>
            <Table.Td>{formatMoney(v.ledgersCents)}</Table.Td>
            <Table.Td>{v.by ?? ''}</Table.Td>
            <Table.Td>{formatValue(v.at, 'dateTime')}</Table.Td>
            <Table.Td>{v.note ?? ''}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The month's three-way reconciliation of one office's trust account: the statement balance typed, the book and
 * the client ledgers beside it, differences in red; sign when all three agree, reopen a signed month.
 */
export function ThreeWayPanel({ officeId }: { officeId: string | null }) {
  const session = useSession();
  const [month, setMonth] = useState(lastMonth());
  const [statement, setStatement] = useState('');
  const [typed] = useDebouncedValue(statement, 300);
  const [action, setAction] = useState<ThreeWayAction | null>(null);
  const cents = parseCents(typed);
  const request =
    officeId && isMonth(month)
      ? { officeId, month, ...(cents === null ? {} : { statementBalanceCents: cents }) }
      : null;
  const threeWay = useThreeWay(request);
  const found = threeWay.data;
  return (
    <Paper withBorder p="sm" component="section" aria-label="Three-way reconciliation">
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={2} size="h4">
            Three-way reconciliation
          </Title>
          {found?.signed && (
            <Badge color="teal.9" variant="filled">
              Signed
            </Badge>
          )}
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Month"
            type="month"
            value={month}
            onChange={(e) => setMonth(e.currentTarget.value)}
            w={180}
          />
          <TextInput
            label="Bank statement balance ($)"
            inputMode="decimal"
            value={statement}
            onChange={(e) => setStatement(sanitizeDecimalInput(e.currentTarget.value, true))}
            w={220}
          />
          {found && canReconcile(session) && !found.signed && (
            <Button
              disabled={!found.agrees || cents === null}
              onClick={() =>
                setAction({ kind: 'sign', officeId: found.officeId, month, statementBalanceCents: cents ?? 0 })
              }
            >
              Sign
            </Button>
          )}
          {found && canReopenRecon(session) && found.signed && (
            <Button variant="default" onClick={() => setAction({ kind: 'reopen', officeId: found.officeId, month })}>
              Reopen
            </Button>
          )}
        </Group>
        {!officeId && <Text size="sm">Choose an office: each office has its own trust account.</Text>}
        {threeWay.isError && (
          <LoadError title="The reconciliation could not be loaded" onRetry={() => threeWay.refetch()} />
        )}
        {found && (
          <>
            <Figures found={found} />
            {found.agrees && (
              <Text size="sm" c="teal.9" fw={600}>
                All three agree to the cent{found.signed ? ' · signed' : ''}.
              </Text>
            )}
            <DifferingLedgers found={found} />
            <Versions found={found} />
          </>
        )}
      </Stack>
      <ThreeWayModal action={action} onClose={() => setAction(null)} />
    </Paper>
  );
}
