import { useNavigate } from 'react-router';
import { CALL_SORTS, type CallExportFormat, type CallRow } from '@casedesk/contract/calls/call';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { ExportMenu } from '@/components/list-page/export-menu.tsx';
import { ListPage } from '@/components/list-page/list-page.tsx';
import { useListRequest } from '@/components/list-page/use-list-request.ts';
import { paths } from '@/config/paths.ts';
import { isLoadingRows } from '@/lib/query-status.ts';
import { useExportCalls } from '../api/export-calls.ts';
import { useCalls } from '../api/list-calls.ts';
import { CALL_TABLE_COLUMNS, callRowStyle } from '../components/call-columns.tsx';
import { CallsFilters, EMPTY_CALLS_FILTER, toCallFilter } from '../components/calls-filters.tsx';
import { ClickToCallButton } from '../components/click-to-call-button.tsx';
import { OngoingCallLegend } from '../components/ongoing-call-indicator.tsx';
import { useOngoingRows } from '../components/use-ongoing-rows.ts';

const rowId = (row: CallRow) => row.id;
const EXPORT_FORMATS = ['csv', 'xlsx'] as const;

/** SPEC §2 /communication/calls: the call log, sorted, filtered and paged by the server; ongoing calls highlighted. */
export function CallsPage() {
  const navigate = useNavigate();
  // SPEC §2: the `calls` page keeps its page size and sort.
  const list = useListRequest({
    initialValues: EMPTY_CALLS_FILTER,
    toFilter: toCallFilter,
    sorts: CALL_SORTS,
    pageName: 'calls',
  });
  const calls = useCalls(list.request);
  const rows = useOngoingRows(calls.data?.items ?? []);
  const exporter = useExportCalls();
  const exportAs = (format: CallExportFormat) => exporter.mutate({ ...list.request, pageNumber: 1, format });

  const openRow = (row: CallRow) => {
    if (row.inquiryId) navigate(paths.communication.lead.href(row.inquiryId));
    else if (row.clientId) navigate(paths.client.detail.href(row.clientId));
  };

  return (
    <ListPage
      title="Calls"
      actions={
        <>
          <ExportMenu
            formats={EXPORT_FORMATS}
            onExport={exportAs}
            loading={exporter.isPending}
            disabled={!calls.data?.totalCount}
          />
          <ClickToCallButton variant="button" />
        </>
      }
      filters={<CallsFilters value={list.values} onChange={list.setValues} />}
      query={calls}
      errorTitle="Calls could not be loaded"
    >
      <OngoingCallLegend />
      <div data-testid="calls-table">
        <DataTable
          {...list.table}
          label="Calls"
          columns={CALL_TABLE_COLUMNS}
          rows={rows}
          getRowId={rowId}
          totalCount={calls.data?.totalCount ?? 0}
          loading={isLoadingRows(calls)}
          rowStyle={callRowStyle}
          onRowClick={openRow}
          emptyState="No calls match this filter"
          maxHeight="calc(100dvh - 340px)"
        />
      </div>
    </ListPage>
  );
}
