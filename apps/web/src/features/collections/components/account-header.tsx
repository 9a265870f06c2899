import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useContext, type ReactNode } from 'react';
import { Link } from 'react-router';
import { collectionRowColour, type CollectionAccountDetail } from '@casedesk/contract/collections/account';
import { formatMoney } from '@casedesk/contract/common/money';
import { formatDateInput } from '@casedesk/contract/common/text';
import { paths } from '@/config/paths.ts';
import { StatusLabel } from './collection-status.tsx';
import { CollectionSlotsContext } from './collection-slots.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children ?? '—'}
      </Text>
    </div>
  );
}

interface AccountHeaderProps {
  account: CollectionAccountDetail;
  today: string;
  /** Edit, Add note, Adjustment: for users who may change the account. */
  actions?: ReactNode;
}

/** The account page's header: who owes what on which matter, and how the account is being worked. */
export function AccountHeader({ account, today, actions }: AccountHeaderProps) {
  const { CallButton, SendTextButton } = useContext(CollectionSlotsContext);
  const overdue = collectionRowColour(account, today) === 'red';
  const contact = {
    clientId: account.clientId,
    collectionAccountId: account.id,
    ...(account.clientPhone ? { phoneNumber: account.clientPhone } : {}),
  };
  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={2} miw={0}>
            <Anchor component={Link} to={paths.collections.allAccounts.href()} size="sm">
              All accounts
            </Anchor>
            <Title order={1} data-testid="account-title">
              {account.client}
            </Title>
            <Group gap="xs" wrap="wrap">
              <Text size="sm" c="dimmed">
                {`Account ${account.accountNumber}`}
              </Text>
              {overdue && (
                <Badge color="red.8" variant="filled" size="sm">
                  Follow-up passed
                </Badge>
              )}
            </Group>
          </Stack>
          <Group gap="sm" wrap="wrap" data-testid="account-actions">
            {CallButton && <CallButton {...contact} />}
            {SendTextButton && <SendTextButton {...contact} />}
            {actions}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md" verticalSpacing="sm" data-testid="account-fields">
          <Field label="Client">
            <Anchor component={Link} to={paths.client.detail.href(account.clientId)} size="sm">
              {account.client}
            </Anchor>
          </Field>
          <Field label="Matter">{account.matter}</Field>
          <Field label="Office">{account.office}</Field>
          <Field label="Balance">
            <Text span fw={700} size="sm">
              {formatMoney(account.balanceCents)}
            </Text>
          </Field>
          <Field label="Status">
            <StatusLabel status={account.status} />
          </Field>
          <Field label="Term">{account.term}</Field>
          <Field label="Collector">{account.collector ?? 'Unassigned'}</Field>
          <Field label="Follow-up date">{account.followUpDate ? formatDateInput(account.followUpDate) : null}</Field>
          <Field label="Account number">{account.accountNumber}</Field>
          <Field label="Original / paid">
            {`${formatMoney(account.originalCents)} / ${formatMoney(account.paidCents)}`}
          </Field>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
