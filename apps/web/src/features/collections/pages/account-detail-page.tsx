import { Alert, Anchor, Grid, Skeleton, Stack, useMantineTheme } from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadError } from '@/components/load-error.tsx';
import { paths } from '@/config/paths.ts';
import { can, subjectOf } from '@/lib/access.ts';
import { isApiError } from '@/lib/api-error.ts';
import { useSession } from '@/lib/session-context.ts';
import { useCollectionAccount } from '../api/get-collection-account.ts';
import { AccountAdjustmentButton } from '../components/account-adjustment-button.tsx';
import { EditAccountButton } from '../components/account-edit-form.tsx';
import { AccountHeader } from '../components/account-header.tsx';
import { AccountLettersPanel } from '../components/account-letters-panel.tsx';
import { AccountNoteButton } from '../components/account-note-button.tsx';
import { AccountTimeline } from '../components/account-timeline.tsx';
import { officeToday } from '@casedesk/contract/common/dates';
import { browserDay } from '../components/collection-dates.ts';
import { PaymentPlanPanel } from '../components/payment-plan-panel.tsx';
import { StatusHistory } from '../components/status-history.tsx';

/**
 * SPEC §2 /collections/account-detail/{accountId}: the account's header with Call and Send Text, Edit, Add note
 * and Adjustment (ALL_ACCOUNTS UPDATE), its payment plan, activity, status history and letters.
 */
export function AccountDetailPage() {
  const { accountId = '' } = useParams();
  const account = useCollectionAccount(accountId);
  const session = useSession();
  const [today] = useState(() => browserDay());
  const theme = useMantineTheme();
  // The two-column layout's breakpoint (Grid.Col span lg).
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.lg})`, false, { getInitialValueInEffect: false });
  useDocumentTitle(
    account.data
      ? `${account.data.client} · Account ${account.data.accountNumber} · Casedesk`
      : 'Collection account · Casedesk',
  );

  if (account.isPending) return <Skeleton h={240} aria-label="Loading the account" />;
  if (account.isError) {
    if (isApiError(account.error) && [400, 404].includes(account.error.status)) {
      return (
        <Alert title="Account not found" color="gray">
          <Stack gap={4}>
            This collection account does not exist or is outside your offices.
            <Anchor component={Link} to={paths.collections.allAccounts.href()} size="sm">
              All accounts
            </Anchor>
          </Stack>
        </Alert>
      );
    }
    return <LoadError title="The account could not be loaded" onRetry={() => void account.refetch()} />;
  }
  const detail = account.data;
  const mayUpdate = can(subjectOf(session), 'ALL_ACCOUNTS', 'UPDATE');
  const letters = (
    <AccountLettersPanel
      collectionAccountId={detail.id}
      client={{ id: detail.clientId, name: detail.client, email: detail.clientEmail, officeId: detail.officeId }}
    />
  );
  return (
    <Stack gap="md" maw={1600} mx="auto" w="100%">
      <AccountHeader
        account={detail}
        today={today}
        actions={
          mayUpdate && (
            <>
              <EditAccountButton account={detail} />
              <AccountNoteButton accountId={detail.id} />
              <AccountAdjustmentButton accountId={detail.id} balanceCents={detail.balanceCents} />
            </>
          )
        }
      />
      {/* Wide: the plan and the activity on the left, the status history on the right, and the e-mail and letters
          under both (their tables need the page's width). Narrow: one column, the plan, the status history and
          the letters first, the long activity after them. */}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">
            <PaymentPlanPanel account={detail} today={officeToday(detail.officeTimeZone)} mayUpdate={mayUpdate} />
            {wide && <AccountTimeline accountId={detail.id} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            <StatusHistory history={detail.statusHistory} />
            {!wide && letters}
            {!wide && <AccountTimeline accountId={detail.id} />}
          </Stack>
        </Grid.Col>
      </Grid>
      {wide && letters}
    </Stack>
  );
}
