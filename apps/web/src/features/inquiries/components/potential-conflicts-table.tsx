import { Anchor, Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatDateInput } from '@casedesk/contract/common/field-rules';
import { formatPhone } from '@casedesk/contract/common/text';
import { MATCH_REASON_LABELS } from '@casedesk/contract/matching/match-score';
import {
  CONFLICT_SIDE_LABELS,
  NO_POTENTIAL_CONFLICTS,
  POTENTIAL_CONFLICT_HEADERS,
  type PotentialConflict,
  type PotentialConflictsInput,
} from '@casedesk/contract/matching/potential-conflict';
import { useMemo } from 'react';
import { DataTable } from '@/components/data-table/data-table.tsx';
import type { DataTableColumn } from '@/components/data-table/data-table-types.ts';
import { paths } from '@/config/paths.ts';
import type { TypedPerson } from '../api/find-duplicates.ts';
import { conflictsRequestOf, usePotentialConflicts } from '../api/find-potential-conflicts.ts';
import { DUPLICATE_DEBOUNCE_MS } from './duplicate-matches-panel.tsx';

export interface PotentialConflictsTableProps {
  /** The new client as typed: names, DOB (MM-dd-yyyy), phones, LMS client number. */
  client: TypedPerson;
  /** The opposing party as typed. */
  opposingParty: TypedPerson;
  /** The inquiry being edited: its own opposing party is not a conflict. */
  inquiryId?: string | null;
}

type Row = PotentialConflict & { key: string };

/** Where a row leads: the matched inquiry, else the matched client (opened beside the form). */
function hrefOf(row: PotentialConflict): string | null {
  if (row.inquiryId) return paths.communication.lead.href(row.inquiryId);
  if (row.clientId) return paths.client.detail.href(row.clientId);
  return null;
}

function NamesCell({ row }: { row: Row }) {
  const href = hrefOf(row);
  return (
    <Stack gap={2} py={2} style={{ whiteSpace: 'normal' }}>
      {row.restricted ? (
        <Text size="sm" fs="italic" c="dimmed">
          {row.side === 'OPPOSING_PARTY_IS_CLIENT'
            ? 'Restricted: a client of another office'
            : 'Restricted: an inquiry of another office'}
        </Text>
      ) : href ? (
        <Anchor href={href} target="_blank" rel="noopener" size="sm" fw={600}>
          {row.names}
        </Anchor>
      ) : (
        <Text size="sm">{row.names}</Text>
      )}
      <Text size="xs" c="dimmed">
        {CONFLICT_SIDE_LABELS[row.side]}
      </Text>
      <Group gap={4}>
        {row.reasons.map((reason) => (
          <Badge key={reason} size="xs" variant="outline" color="gray" tt="none">
            {MATCH_REASON_LABELS[reason]}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}

const [NAMES, DOB, NUMBERS, LMS] = POTENTIAL_CONFLICT_HEADERS;

/** SPEC §2 potential-conflicts headers, exactly: names, DOB, numbers, LMS client number. */
const COLUMNS: DataTableColumn<Row>[] = [
  { id: 'names', header: NAMES, cell: (row) => <NamesCell row={row} /> },
  {
    id: 'dateOfBirth',
    header: DOB,
    width: 108,
    cell: (row) => (row.dateOfBirth ? formatDateInput(row.dateOfBirth) : ''),
  },
  {
    id: 'numbers',
    header: NUMBERS,
    width: 116,
    cell: (row) => (
      <Stack gap={0}>
        {row.numbers.map((n) => (
          <Text key={n} size="sm">
            {formatPhone(n)}
          </Text>
        ))}
      </Stack>
    ),
  },
  // Narrow enough that all four fit the inquiry screen's side column at 1280 px without scrolling.
  { id: 'lmsClientNumber', header: LMS, width: 126, cell: (row) => row.lmsClientNumber ?? '' },
];

const rowId = (row: Row) => row.key;

/**
 * Potential conflicts of interest while the client and opposing party are typed: the new client
 * as another inquiry's opposing party, the opposing party as an existing client or another inquiry's
 * opposing party. Rows of other offices warn without details (`restricted`).
 */
export function PotentialConflictsTable({ client, opposingParty, inquiryId }: PotentialConflictsTableProps) {
  const key = JSON.stringify(conflictsRequestOf(client, opposingParty, inquiryId));
  const [debouncedKey] = useDebouncedValue(key, DUPLICATE_DEBOUNCE_MS);
  const debounced = useMemo(() => JSON.parse(debouncedKey) as PotentialConflictsInput | null, [debouncedKey]);
  const query = usePotentialConflicts(key === 'null' ? null : debounced);
  const rows = useMemo<Row[]>(
    () =>
      (query.data ?? []).map((row, i) => ({ ...row, key: `${row.side}:${row.inquiryId ?? row.clientId ?? i}:${i}` })),
    [query.data],
  );

  if (key === 'null') return null;
  const waiting = key !== debouncedKey || query.isFetching;
  if (query.isError && !query.data) {
    return (
      <Text size="sm" c="red">
        Could not check for conflicts. It will try again as you type.
      </Text>
    );
  }
  return (
    <Stack gap={4} data-testid="potential-conflicts" aria-busy={waiting}>
      <DataTable
        label="Potential conflicts"
        columns={COLUMNS}
        rows={rows}
        getRowId={rowId}
        loading={!query.data}
        withPagination={false}
        emptyState={
          <Text size="sm" c="dimmed">
            {NO_POTENTIAL_CONFLICTS}
          </Text>
        }
      />
      {waiting && query.data && (
        <Group gap={6}>
          <Loader size={12} />
          <Text size="xs" c="dimmed">
            Updating…
          </Text>
        </Group>
      )}
    </Stack>
  );
}
