import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { LeadFilter, LeadListRequestInput, LeadRow } from '@casedesk/contract/inquiries/lead-list';
import { DataTable } from '@/components/data-table/data-table.tsx';
import type { TableSort } from '@/components/data-table/data-table-types.ts';
import { useTablePreferences } from '@/components/data-table/use-table-preferences.ts';
import { paths } from '@/config/paths.ts';
import { useExportLeads } from '../api/export-leads.ts';
import { useLeads } from '../api/list-leads.ts';
import { LEAD_TABLE_COLUMNS } from '../components/lead-columns.tsx';
import { dayBoundary, EMPTY_LEADS_FILTER, LeadsFilters, type LeadsFilterValues } from '../components/leads-filters.tsx';
import { isLoadingRows } from '@/lib/query-status.ts';

/** SPEC §9: searches wait 300 ms after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 300;
const rowId = (row: LeadRow) => row.id;

function toFilter(values: LeadsFilterValues): LeadFilter {
  const filter: LeadFilter = {};
  const keyword = values.searchKeyword.trim();
  if (keyword) filter.searchKeyword = keyword;
  if (values.lawTypeId) filter.lawTypeId = values.lawTypeId;
  if (values.leadOwnerId) filter.leadOwnerId = values.leadOwnerId;
  const from = dayBoundary(values.dateFrom, false);
  const to = dayBoundary(values.dateTo, true);
  if (from) filter.dateFrom = from;
  if (to) filter.dateTo = to;
  return filter;
}

/** SPEC §2 /communication/leads: the leads table, sorted, filtered and paged by the server. */
export function LeadsPage() {
  useDocumentTitle('Leads · Casedesk');
  const navigate = useNavigate();
  // SPEC §2: the `leads` page keeps its page size and sort; the DataTable writes them, the query reads them.
  const prefs = useTablePreferences('leads');
  const [pageNumber, setPageNumber] = useState(1);
  const [filterValues, setFilterValues] = useState<LeadsFilterValues>(EMPTY_LEADS_FILTER);
  const [debouncedFilter] = useDebouncedValue(filterValues, SEARCH_DEBOUNCE_MS);
  const filter = useMemo(() => toFilter(debouncedFilter), [debouncedFilter]);
  const request: LeadListRequestInput = {
    pageNumber,
    pageSize: prefs.pageSize,
    ...(prefs.sort
      ? { sortBy: prefs.sort.sortBy as LeadListRequestInput['sortBy'], sortOrder: prefs.sort.sortOrder }
      : {}),
    filter,
  };
  const leads = useLeads(request);
  const exporter = useExportLeads();

  const changeFilter = (next: LeadsFilterValues) => {
    setFilterValues(next);
    setPageNumber(1);
  };

  return (
    <Stack gap="md" maw={1600} mx="auto">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>Leads</Title>
        <Group gap="sm">
          <Button
            variant="default"
            onClick={() => exporter.mutate({ ...request, pageNumber: 1 })}
            loading={exporter.isPending}
            disabled={!leads.data?.totalCount}
          >
            Export
          </Button>
          <Button onClick={() => navigate(paths.communication.inquiry.href('newLead', 'new'))}>New lead</Button>
        </Group>
      </Group>
      <Paper withBorder p="sm">
        <LeadsFilters value={filterValues} onChange={changeFilter} />
      </Paper>
      {leads.isError && (
        <Alert color="red" variant="light" title="Leads could not be loaded">
          <Group gap="sm">
            <Text size="sm">Check your connection and try again.</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void leads.refetch()}>
              Retry
            </Button>
          </Group>
        </Alert>
      )}
      <DataTable
        label="Leads"
        pageName="leads"
        columns={LEAD_TABLE_COLUMNS}
        rows={leads.data?.items ?? []}
        getRowId={rowId}
        totalCount={leads.data?.totalCount ?? 0}
        loading={isLoadingRows(leads)}
        pageNumber={pageNumber}
        onPageChange={setPageNumber}
        onSortChange={(_sort: TableSort | null) => setPageNumber(1)}
        onRowClick={(row) => navigate(paths.communication.lead.href(row.id))}
        emptyState="No leads match this filter"
        maxHeight="calc(100dvh - 320px)"
      />
    </Stack>
  );
}
