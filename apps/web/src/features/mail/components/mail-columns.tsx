import { Text } from '@mantine/core';
import type { MailSummary } from '@casedesk/contract/mail/mail';
import type { DataTableColumn } from '@/components/data-table/data-table-types.ts';
import { MailStatusBadge } from './mail-badges.tsx';

/** The outbox's columns; the server sorts by time, status, subject and attempts (MAIL_SORT_FIELDS). */
export const MAIL_COLUMNS: readonly DataTableColumn<MailSummary>[] = [
  { id: 'createdAt', header: 'Queued', kind: 'dateTime', sortable: true, width: 170 },
  {
    id: 'status',
    header: 'Status',
    sortable: true,
    width: 110,
    cell: (m) => <MailStatusBadge status={m.status} attempts={m.attempts} lastError={m.lastError} />,
  },
  { id: 'attempts', header: 'Attempts', kind: 'number', sortable: true, width: 95 },
  { id: 'to', header: 'To', width: 220, accessor: (m) => m.to.join(', ') },
  { id: 'subject', header: 'Subject', sortable: true, width: 240 },
  { id: 'officeName', header: 'Office', width: 130 },
  { id: 'clientName', header: 'Client', width: 150 },
  { id: 'attachmentCount', header: 'Files', kind: 'number', width: 70 },
  { id: 'sentAt', header: 'Sent', kind: 'dateTime', sortable: true, width: 170 },
  {
    id: 'lastError',
    header: 'Last error',
    width: 240,
    cell: (m) =>
      m.lastError && m.status !== 'SENT' ? (
        <Text size="sm" c="red" truncate="end" title={m.lastError}>
          {m.lastError}
        </Text>
      ) : null,
  },
];

/** On a client's screen the client column says nothing new. */
export const CLIENT_MAIL_COLUMNS = MAIL_COLUMNS.filter((c) => c.id !== 'clientName' && c.id !== 'officeName');
