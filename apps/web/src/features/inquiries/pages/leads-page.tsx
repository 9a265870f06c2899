import { Button } from '@mantine/core';
import { useNavigate } from 'react-router';
import { LEAD_SORTS, type LeadFilter, type LeadRow } from '@casedesk/contract/inquiries/lead-list';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { ListPage } from '@/components/list-page/list-page.tsx';
import { useListRequest } from '@/components/list-page/use-list-request.ts';
import { paths } from '@/config/paths.ts';
import { isLoadingRows } from '@/lib/query-status.ts';
import { useExportLeads } from '../api/export-leads.ts';
import { useLeads } from '../api/list-leads.ts';
import { LEAD_TABLE_COLUMNS } from '../components/lead-columns.tsx';
import { dayBoundary, EMPTY_LEADS_FILTER, LeadsFilters, type LeadsFilterValues } from '../components/leads-filters.tsx';

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
  const navigate = useNavigate();
  // SPEC §2: the `leads` page keeps its page size and sort.
  const list = useListRequest({
    initialValues: EMPTY_LEADS_FILTER,
    toFilter,
    sorts: LEAD_SORTS,
    pageName: 'leads',
  });
  const leads = useLeads(list.request);
  const exporter = useExportLeads();

  return (
    <ListPage
      title="Leads"
      actions={
        <>
          <Button
            variant="default"
            onClick={() => exporter.mutate({ ...list.request, pageNumber: 1 })}
            loading={exporter.isPending}
            disabled={!leads.data?.totalCount}
          >
            Export
          </Button>
          <Button onClick={() => navigate(paths.communication.inquiry.href('newLead', 'new'))}>New lead</Button>
        </>
      }
      filters={<LeadsFilters value={list.values} onChange={list.setValues} />}
      query={leads}
      errorTitle="Leads could not be loaded"
    >
      <DataTable
        {...list.table}
        label="Leads"
        columns={LEAD_TABLE_COLUMNS}
        rows={leads.data?.items ?? []}
        getRowId={rowId}
        totalCount={leads.data?.totalCount ?? 0}
        loading={isLoadingRows(leads)}
        onRowClick={(row) => navigate(paths.communication.lead.href(row.id))}
        emptyState="No leads match this filter"
        maxHeight="calc(100dvh - 320px)"
      />
    </ListPage>
  );
}
