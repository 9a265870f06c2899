import { Text, Tooltip } from '@mantine/core';
import { formatPhone } from '@casedesk/contract/common/text';
import type { SmsMessage } from '@casedesk/contract/sms/sms';
import type { DataTableColumn } from '@/components/data-table/data-table-types.ts';
import { DirectionBadge, StatusBadge } from './sms-badges.tsx';

/** The office side of a text: its from-number when outbound, its to-number when inbound (SPEC §4). */
export const officeNumberOf = (m: SmsMessage) => (m.direction === 'OUTBOUND' ? m.fromNumber : m.toNumber);

function MessageCell({ body }: { body: string }) {
  return (
    <Tooltip label={body} multiline w={360} openDelay={400} withArrow style={{ whiteSpace: 'pre-wrap' }}>
      <Text size="sm" truncate="end">
        {body}
      </Text>
    </Tooltip>
  );
}

/** One line (rows have one height): the number, then the office's name, dimmed. */
function OfficeCell({ message }: { message: SmsMessage }) {
  const number = formatPhone(officeNumberOf(message));
  return (
    <Text size="sm" truncate="end" title={[number, message.officeName].filter(Boolean).join(' · ')}>
      {number}
      {message.officeName && (
        <Text span size="xs" c="dimmed">
          {' '}
          · {message.officeName}
        </Text>
      )}
    </Text>
  );
}

/** The SMS list's columns; each sorts on the server where the contract offers a sort (SMS_SORTS). */
export const SMS_TABLE_COLUMNS: DataTableColumn<SmsMessage>[] = [
  { id: 'createdDate', header: 'Time', kind: 'dateTime', sortable: true, width: 180 },
  {
    id: 'direction',
    header: 'Direction',
    sortable: true,
    width: 110,
    cell: (m) => <DirectionBadge direction={m.direction} />,
  },
  { id: 'clientName', header: 'Client', sortable: true, width: 150 },
  { id: 'participantNumber', header: 'Phone', kind: 'phone', width: 135 },
  {
    id: 'officeNumber',
    header: 'Office Number',
    sortable: true,
    sortKey: 'officeName',
    width: 200,
    accessor: officeNumberOf,
    cell: (m) => <OfficeCell message={m} />,
  },
  { id: 'operatorName', header: 'Operator', sortable: true, width: 140 },
  { id: 'category', header: 'Category', sortable: true, width: 120, accessor: (m) => m.category?.value ?? '' },
  { id: 'reason', header: 'Reason', sortable: true, width: 160, accessor: (m) => m.reason?.value ?? '' },
  {
    id: 'status',
    header: 'Status',
    sortable: true,
    width: 120,
    cell: (m) => (m.direction === 'OUTBOUND' ? <StatusBadge status={m.status} errorCode={m.errorCode} /> : null),
  },
  { id: 'body', header: 'Message', width: 260, cell: (m) => <MessageCell body={m.body} /> },
];

/** On a client's own screen the client column says nothing new. */
export const CLIENT_SMS_TABLE_COLUMNS = SMS_TABLE_COLUMNS.filter((c) => c.id !== 'clientName');
