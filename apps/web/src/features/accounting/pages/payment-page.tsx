import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PAYMENT_ACCOUNT_LABELS, PAYMENT_TYPE_LABELS, type PaymentDetail } from '@casedesk/contract/accounting/payment';
import { formatMoney } from '@casedesk/contract/common/money';
import { formatDateInput } from '@casedesk/contract/common/text';
import { LoadError } from '@/components/load-error.tsx';
import { formatValue } from '@/components/data-table/format-cell.ts';
import { paths } from '@/config/paths.ts';
import { isApiError } from '@/lib/api-error.ts';
import { useSession } from '@/lib/session-context.ts';
import { usePayment } from '../api/get-payment.ts';
import { useDownloadPaymentReceipt } from '../api/download-payment-receipt.ts';
import { canReversePayment } from '../components/accounting-access.ts';
import { ReversePaymentButton } from '../components/reverse-payment-button.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children ?? '—'}</Text>
    </div>
  );
}

/** Every field of one entry (SPEC §2 /payment/{paymentId}). The total is fees plus cost, both whole cents. */
function PaymentFields({ payment }: { payment: PaymentDetail }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="md" verticalSpacing="sm">
      <Field label="Office">{payment.office}</Field>
      <Field label="Client">
        <Anchor component={Link} to={paths.client.detail.href(payment.clientId)} size="sm">
          {payment.client}
        </Anchor>
      </Field>
      <Field label="LMS client number">{payment.lmsClientNumber}</Field>
      <Field label="Matter">{payment.matter}</Field>
      <Field label="Law type">{payment.lawType}</Field>
      <Field label="Payment type">{PAYMENT_TYPE_LABELS[payment.paymentType]}</Field>
      <Field label="Account">{PAYMENT_ACCOUNT_LABELS[payment.account]}</Field>
      <Field label="Fees">{formatMoney(payment.feesCents)}</Field>
      <Field label="Cost">{formatMoney(payment.costCents)}</Field>
      <Field label="Total">{formatMoney(payment.totalCents)}</Field>
      <Field label="Receipt num">{payment.receiptNumber}</Field>
      <Field label="Payment date">{formatDateInput(payment.paymentDate)}</Field>
      <Field label="Office entered">{payment.officeEntered ? 'Yes' : 'No'}</Field>
      <Field label="Entered by">{payment.enteredBy}</Field>
      <Field label="Time">{formatValue(payment.time, 'dateTime')}</Field>
      <Field label="Note">{payment.note}</Field>
    </SimpleGrid>
  );
}

function ReversalPanel({ payment }: { payment: PaymentDetail }) {
  if (payment.reversesId) {
    return (
      <Alert color="red" title="This entry is a reversal">
        <Stack gap={4}>
          <Text size="sm">Reason: {payment.reason ?? '—'}</Text>
          <Anchor component={Link} to={paths.payment.detail.href(payment.reversesId)} size="sm">
            Open the reversed payment
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  const reversal = payment.reversal;
  if (!reversal) return null;
  return (
    <Alert color="red" title="Reversed">
      <Stack gap={4}>
        <Text size="sm">
          On {formatDateInput(reversal.paymentDate)} by {reversal.enteredBy ?? 'an unknown user'}
        </Text>
        <Text size="sm">Reason: {reversal.reason ?? '—'}</Text>
        <Anchor component={Link} to={paths.payment.detail.href(reversal.id)} size="sm">
          Open the reversal
        </Anchor>
      </Stack>
    </Alert>
  );
}

/** The receipt as a PDF, times at the browser's offset. */
function ReceiptButton({ paymentId }: { paymentId: string }) {
  const receipt = useDownloadPaymentReceipt();
  return (
    <Button variant="default" loading={receipt.isPending} onClick={() => receipt.mutate(paymentId)}>
      Receipt (PDF)
    </Button>
  );
}

/** SPEC §2 /payment/{paymentId}: one cash-flow entry, its reversal, and "Reverse" for CASH_FLOW UPDATE. */
export function PaymentPage() {
  const { paymentId = '' } = useParams();
  const payment = usePayment(paymentId);
  const session = useSession();
  useDocumentTitle('Payment · Casedesk');

  if (payment.isPending) return <Skeleton h={240} />;
  if (payment.isError) {
    if (isApiError(payment.error) && payment.error.status === 404) {
      return <Alert title="Payment not found">This payment does not exist or is outside your offices.</Alert>;
    }
    return <LoadError title="The payment could not be loaded" onRetry={() => payment.refetch()} />;
  }
  const detail = payment.data;
  const reversible = !detail.reversesId && !detail.reversedById && canReversePayment(session);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Anchor component={Link} to={paths.accounting.cashFlow.href()} size="sm">
            Cash flow
          </Anchor>
          <Group gap="xs">
            <Title order={2}>Payment {detail.receiptNumber ?? ''}</Title>
            {detail.reversedById && <Badge color="red">Reversed</Badge>}
            {detail.reversesId && <Badge color="red">Reversal</Badge>}
          </Group>
        </Stack>
        <Group gap="sm">
          <ReceiptButton paymentId={detail.id} />
          {reversible && <ReversePaymentButton payment={detail} />}
        </Group>
      </Group>
      <ReversalPanel payment={detail} />
      <Paper withBorder p="md">
        <PaymentFields payment={detail} />
      </Paper>
    </Stack>
  );
}
