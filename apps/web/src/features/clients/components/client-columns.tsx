import type { ClientSummary } from '@casedesk/contract/clients/client';
import { clientDisplayName } from '@casedesk/contract/clients/client';
import type { DataTableColumn } from '@/components/data-table/data-table-types.ts';

/** Search results: who the client is and every key the search box finds them by. */
export const CLIENT_SEARCH_COLUMNS: readonly DataTableColumn<ClientSummary>[] = [
  { id: 'lastName', header: 'Name', accessor: clientDisplayName, sortable: true, width: 190 },
  { id: 'dateOfBirth', header: 'DOB', kind: 'date', sortable: true, width: 100 },
  { id: 'primaryNumber', header: 'Primary Number', kind: 'phone', sortable: true, width: 140 },
  { id: 'mobileNumber', header: 'Mobile Number', kind: 'phone', width: 140 },
  { id: 'email', header: 'Email', sortable: true, width: 205 },
  { id: 'lmsClientNumber', header: 'LMS Client #', sortable: true, width: 130 },
  { id: 'needlesClientNumber', header: 'Needles Client #', sortable: true, width: 150 },
  {
    id: 'city',
    header: 'City',
    accessor: (row) => [row.city, row.state].filter(Boolean).join(', '),
    sortable: true,
  },
];
