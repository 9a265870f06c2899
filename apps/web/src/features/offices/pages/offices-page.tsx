import { useNavigate } from 'react-router';
import { OFFICE_SORTS, type OfficeRow } from '@casedesk/contract/offices/office';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { ListPage } from '@/components/list-page/list-page.tsx';
import { useListRequest } from '@/components/list-page/use-list-request.ts';
import { paths } from '@/config/paths.ts';
import { isLoadingRows } from '@/lib/query-status.ts';
import { useSession } from '@/lib/session-context.ts';
import { useOffices } from '../api/list-offices.ts';
import { canCreateOffice } from '../components/office-access.ts';
import { OFFICE_TABLE_COLUMNS } from '../components/office-columns.tsx';
import { EMPTY_OFFICES_FILTER, OfficesFilters, toOfficeFilter } from '../components/offices-filters.tsx';
import { NewOfficeButton } from '../components/new-office-button.tsx';

const rowId = (row: OfficeRow) => row.id;

/** SPEC §2 /management/office: the offices the caller may see, inactive ones too, searched, filtered and paged. */
export function OfficesPage() {
  const navigate = useNavigate();
  const session = useSession();
  const list = useListRequest({ initialValues: EMPTY_OFFICES_FILTER, toFilter: toOfficeFilter, sorts: OFFICE_SORTS });
  const offices = useOffices(list.request);
  return (
    <ListPage
      title="Offices"
      description="Open an office to change its details, holidays and attorneys, or to deactivate it."
      actions={canCreateOffice(session) ? <NewOfficeButton /> : undefined}
      filters={<OfficesFilters value={list.values} onChange={list.setValues} />}
      query={offices}
      errorTitle="Offices could not be loaded"
    >
      <div data-testid="offices-table">
        <DataTable
          {...list.table}
          label="Offices"
          columns={OFFICE_TABLE_COLUMNS}
          rows={offices.data?.items ?? []}
          getRowId={rowId}
          totalCount={offices.data?.totalCount ?? 0}
          loading={isLoadingRows(offices)}
          onRowClick={(row) => navigate(paths.management.officeDetail.href(row.id))}
          emptyState="No offices match this filter"
          maxHeight="calc(100dvh - 320px)"
        />
      </div>
    </ListPage>
  );
}
