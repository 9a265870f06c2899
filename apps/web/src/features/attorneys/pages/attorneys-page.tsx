import { Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AttorneySummary } from '@casedesk/contract/attorneys/attorney-list';
import { DataTable } from '@/components/data-table/data-table.tsx';
import type { TableSort } from '@/components/data-table/data-table-types.ts';
import { SearchIcon } from '@/components/icons.tsx';
import { paths } from '@/config/paths.ts';
import { useAttorneys } from '@/api/attorneys/list-attorneys.ts';
import { LoadError } from '@/components/load-error.tsx';
import { ATTORNEY_COLUMNS, NARROW_ATTORNEY_COLUMNS } from '../components/attorney-columns.tsx';
import { matchingAttorneys, sortedAttorneys } from '../components/attorney-filter.ts';

const rowId = (row: AttorneySummary) => row.id;

/** SPEC §2 /management/attorney: the attorneys of the user's offices; a row opens the schedule editor. */
export function AttorneysPage() {
  useDocumentTitle('Attorneys · Casedesk');
  const navigate = useNavigate();
  const attorneys = useAttorneys();
  const [keyword, setKeyword] = useState('');
  const [sort, setSort] = useState<TableSort | null>(null);
  const rows = useMemo(
    () => sortedAttorneys(matchingAttorneys(attorneys.data?.items ?? [], keyword), sort),
    [attorneys.data, keyword, sort],
  );
  const total = attorneys.data?.items.length ?? 0;
  // SPEC §2: the top menu from 1024 px; below it the table drops a column rather than scroll sideways.
  const wide = useMediaQuery('(min-width: 64em)', true, { getInitialValueInEffect: false });

  return (
    <Stack gap="md" maw={1600} mx="auto">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={1}>Attorneys</Title>
          <Text size="sm" c="dimmed">
            Open an attorney to see or change their weekly hours.
          </Text>
        </Stack>
      </Group>
      <Group gap="sm" align="center">
        <TextInput
          aria-label="Search attorneys"
          placeholder="Name, office, law type or jurisdiction"
          leftSection={<SearchIcon size={16} />}
          value={keyword}
          onChange={(event) => setKeyword(event.currentTarget.value)}
          w={360}
          maw="100%"
        />
        {attorneys.data && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {keyword.trim() ? `${rows.length} of ${total} attorneys` : `${total} attorneys`}
          </Text>
        )}
      </Group>
      {attorneys.isError && (
        <LoadError title="Attorneys could not be loaded" onRetry={() => void attorneys.refetch()} />
      )}
      <DataTable
        label="Attorneys"
        columns={wide ? ATTORNEY_COLUMNS : NARROW_ATTORNEY_COLUMNS}
        rows={rows}
        getRowId={rowId}
        loading={attorneys.isPending}
        sort={sort}
        onSortChange={setSort}
        withPagination={false}
        onRowClick={(row) => void navigate(paths.management.attorneyDetail.href(row.id))}
        emptyState={keyword.trim() ? `No attorneys match "${keyword.trim()}"` : 'No attorneys in your offices yet'}
        maxHeight="calc(100dvh - 260px)"
      />
    </Stack>
  );
}
