import { Badge, Group, SegmentedControl, Stack, Tabs } from '@mantine/core';
import { useContext, useState } from 'react';
import type {
  ClientAppointment,
  ClientCall,
  ClientDetailsResponse,
  ClientInquiry,
  ClientPayment,
  ClientSms,
} from '@casedesk/contract/clients/client-details';
import { PAYMENT_TYPE_LABELS, type PaymentType } from '@casedesk/contract/accounting/payment';
import { apptStatusLabel } from '@casedesk/contract/appointments/row-colour';
import { DataTable } from '@/components/data-table/data-table.tsx';
import type { DataTableColumn } from '@/components/data-table/data-table-types.ts';
import { can, subjectOf } from '@/lib/access.ts';
import { SessionContext } from '@/lib/session-context.ts';
import { ClientSlotsContext } from './client-slots.ts';

const byId = (row: { id: string }) => row.id;
const direction = (row: { direction: 'INBOUND' | 'OUTBOUND' }) => (
  <Badge size="xs" variant="light" color={row.direction === 'INBOUND' ? 'blue' : 'gray'}>
    {row.direction === 'INBOUND' ? 'In' : 'Out'}
  </Badge>
);

const INQUIRY_COLUMNS: readonly DataTableColumn<ClientInquiry>[] = [
  { id: 'createdAt', header: 'Date/Time', kind: 'dateTime', width: 170 },
  { id: 'lawType', header: 'Law Type', width: 160 },
  { id: 'caseDescription', header: 'Case Description' },
  { id: 'source', header: 'Source', width: 130 },
  { id: 'leadOwnerName', header: 'Lead Owner', width: 160 },
];

const CALL_COLUMNS: readonly DataTableColumn<ClientCall>[] = [
  { id: 'callStartTime', header: 'Time', kind: 'dateTime', width: 170 },
  { id: 'direction', header: 'Direction', cell: direction, width: 100 },
  { id: 'callerId', header: 'Caller Id', kind: 'phone', width: 150 },
  { id: 'numberDialed', header: 'Number Dialed', kind: 'phone', width: 150 },
  { id: 'durationInSeconds', header: 'Talk Seconds', kind: 'number', width: 120 },
  { id: 'operatorName', header: 'Op Name' },
];

const APPOINTMENT_COLUMNS: readonly DataTableColumn<ClientAppointment>[] = [
  { id: 'appointmentDateTime', header: 'Date/Time', kind: 'dateTime', width: 170 },
  { id: 'appointmentType', header: 'Type', width: 150 },
  { id: 'lawType', header: 'Law Type', width: 150 },
  { id: 'stage', header: 'Stage', width: 150 },
  { id: 'apptStatus', header: 'Status', accessor: (row) => apptStatusLabel(row.apptStatus) },
];

const paymentTypeLabel = (type: string | null) => (type ? (PAYMENT_TYPE_LABELS[type as PaymentType] ?? type) : '');

/** An entry in force says nothing; a reversed one and its reversal say which they are. */
const PAYMENT_STATUS_LABELS: Record<ClientPayment['status'], string> = {
  ENTERED: '',
  REVERSED: 'Reversed',
  REVERSAL: 'Reversal',
};

const PAYMENT_COLUMNS: readonly DataTableColumn<ClientPayment>[] = [
  { id: 'paymentDate', header: 'Date', kind: 'date', width: 130 },
  { id: 'paymentType', header: 'Payment Type', width: 140, accessor: (row) => paymentTypeLabel(row.paymentType) },
  { id: 'office', header: 'Office', width: 150 },
  { id: 'amountCents', header: 'Amount', kind: 'cents', width: 130 },
  { id: 'receiptNumber', header: 'Receipt Num' },
  { id: 'status', header: 'Status', accessor: (row) => PAYMENT_STATUS_LABELS[row.status] },
];

const SMS_COLUMNS: readonly DataTableColumn<ClientSms>[] = [
  { id: 'createdDate', header: 'Time', kind: 'dateTime', width: 170 },
  { id: 'direction', header: 'Direction', cell: direction, width: 100 },
  { id: 'fromNumber', header: 'From', kind: 'phone', width: 140 },
  { id: 'toNumber', header: 'To', kind: 'phone', width: 140 },
  { id: 'body', header: 'Message' },
  { id: 'operatorName', header: 'Operator', width: 150 },
];

interface ListProps<Row> {
  label: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  empty: string;
  onRowClick?: (row: Row) => void;
}

function List<Row extends { id: string }>({ label, columns, rows, empty, onRowClick }: ListProps<Row>) {
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={rows}
      getRowId={byId}
      withPagination={false}
      emptyState={empty}
      onRowClick={onRowClick}
      maxHeight="60vh"
    />
  );
}

const count = (n: number) => (
  <Badge size="xs" variant="light" circle={n < 10}>
    {n}
  </Badge>
);

interface ClientTabsProps {
  details: ClientDetailsResponse;
  onOpenInquiry: (inquiryId: string) => void;
}

/**
 * SPEC §3 client detail lists: inquiries, calls, appointments (active/deleted, SPEC §4), payments, SMS.
 * A list the server left out is one the user may not read (SPEC §6): its tab is not shown at all.
 */
export function ClientTabs({ details, onOpenInquiry }: ClientTabsProps) {
  const [appointmentsShown, setAppointmentsShown] = useState<'active' | 'deleted'>('active');
  const { SmsPanel, MailPanel } = useContext(ClientSlotsContext);
  const session = useContext(SessionContext);
  const { inquiries, calls, appointments, payments, sms } = details;
  // The mail feature's tab: the client's e-mails and letters, for users who may read mail (MAIL READ).
  const showMail = MailPanel !== undefined && session !== null && can(subjectOf(session), 'MAIL', 'READ');
  const firstTab = inquiries
    ? 'inquiries'
    : calls
      ? 'calls'
      : appointments
        ? 'appointments'
        : payments
          ? 'payments'
          : sms
            ? 'sms'
            : 'mail';
  const appointmentsInView = appointments?.filter((a) => a.isActive === (appointmentsShown === 'active')) ?? [];
  const ownSms = sms && <List label="SMS" columns={SMS_COLUMNS} rows={sms} empty="No text messages with this client" />;
  return (
    <Tabs defaultValue={firstTab} keepMounted={false}>
      <Tabs.List>
        {inquiries && (
          <Tabs.Tab value="inquiries" rightSection={count(inquiries.length)}>
            Inquiries
          </Tabs.Tab>
        )}
        {calls && (
          <Tabs.Tab value="calls" rightSection={count(calls.length)}>
            Calls
          </Tabs.Tab>
        )}
        {appointments && (
          <Tabs.Tab value="appointments" rightSection={count(appointments.length)}>
            Appointments
          </Tabs.Tab>
        )}
        {payments && (
          <Tabs.Tab value="payments" rightSection={count(payments.length)}>
            Payments
          </Tabs.Tab>
        )}
        {sms && (
          <Tabs.Tab value="sms" rightSection={count(sms.length)}>
            SMS
          </Tabs.Tab>
        )}
        {showMail && <Tabs.Tab value="mail">Mail</Tabs.Tab>}
      </Tabs.List>
      {inquiries && (
        <Tabs.Panel value="inquiries" pt="sm">
          <List
            label="Inquiries"
            columns={INQUIRY_COLUMNS}
            rows={inquiries}
            empty="No inquiries for this client"
            onRowClick={(row) => onOpenInquiry(row.id)}
          />
        </Tabs.Panel>
      )}
      {calls && (
        <Tabs.Panel value="calls" pt="sm">
          <List label="Calls" columns={CALL_COLUMNS} rows={calls} empty="No calls with this client" />
        </Tabs.Panel>
      )}
      {appointments && (
        <Tabs.Panel value="appointments" pt="sm">
          <Stack gap="xs">
            <Group>
              <SegmentedControl
                size="xs"
                aria-label="Appointments shown"
                value={appointmentsShown}
                onChange={(value) => setAppointmentsShown(value === 'deleted' ? 'deleted' : 'active')}
                data={[
                  { value: 'active', label: 'Active' },
                  { value: 'deleted', label: 'Deleted' },
                ]}
              />
            </Group>
            <List
              label="Appointments"
              columns={APPOINTMENT_COLUMNS}
              rows={appointmentsInView}
              empty={appointmentsShown === 'active' ? 'No active appointments' : 'No deleted appointments'}
            />
          </Stack>
        </Tabs.Panel>
      )}
      {payments && (
        <Tabs.Panel value="payments" pt="sm">
          <List label="Payments" columns={PAYMENT_COLUMNS} rows={payments} empty="No payments from this client" />
        </Tabs.Panel>
      )}
      {sms && (
        <Tabs.Panel value="sms" pt="sm">
          {/* The SMS feature's list (status, category, paging, Send text) when app/ provides it. */}
          {SmsPanel ? <SmsPanel clientId={details.profile.id} fallback={ownSms} /> : ownSms}
        </Tabs.Panel>
      )}
      {showMail && MailPanel && (
        <Tabs.Panel value="mail" pt="sm">
          <MailPanel
            client={{
              id: details.profile.id,
              name: `${details.profile.firstName} ${details.profile.lastName}`,
              email: details.profile.email,
              officeId: details.profile.officeId,
            }}
          />
        </Tabs.Panel>
      )}
    </Tabs>
  );
}
