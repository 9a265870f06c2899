import { Anchor, Badge, Button, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { UserAccessChange, UserAccessDetail } from '@casedesk/contract/access/access-admin';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import { LoadError } from '@/components/load-error.tsx';
import { paths } from '@/config/paths.ts';
import { can, subjectOf } from '@/lib/access.ts';
import { isApiError, popupMessageOf } from '@/lib/api-error.ts';
import { useSession } from '@/lib/session-context.ts';
import { useChangeUserAccess, useUserAccess } from '../api/user-access.ts';
import { AccessHistoryPanel } from '../components/access-history-panel.tsx';
import { AccountFields, type AccountDraft } from '../components/account-fields.tsx';
import { ExplainPanel } from '../components/explain-panel.tsx';
import { PermissionEditor } from '../components/permission-editor.tsx';
import { samePermissions } from '../components/permission-draft.ts';
import { ReasonModal } from '../components/reason-modal.tsx';
import { SaveProfileModal } from '../components/save-profile-modal.tsx';

const accountOf = (user: UserAccessDetail): AccountDraft => ({
  role: user.role,
  accountEnabled: user.accountEnabled,
  defaultDashboard: user.defaultDashboard,
  officeId: user.officeId,
});

/** What the save sends: only what differs from what is stored. */
function changesOf(
  user: UserAccessDetail,
  account: AccountDraft,
  permissions: Permission[],
): Omit<UserAccessChange, 'reason'> {
  const stored = accountOf(user);
  const fields = (Object.keys(account) as (keyof AccountDraft)[]).filter((key) => account[key] !== stored[key]);
  return {
    ...Object.fromEntries(fields.map((key) => [key, account[key]])),
    ...(samePermissions(permissions, user.permissions) ? {} : { permissions }),
  };
}

function UserAccessEditor({ user, mayUpdate }: { user: UserAccessDetail; mayUpdate: boolean }) {
  const isSelf = useSession().user.id === user.id;
  const [account, setAccount] = useState(() => accountOf(user));
  const [permissions, setPermissions] = useState(user.permissions);
  const [confirming, setConfirming] = useState(false);
  const [savingProfile, setSavingProfile] = useState(false);
  const change = useChangeUserAccess(user.id);
  const changes = changesOf(user, account, permissions);
  const dirty = Object.keys(changes).length > 0;
  const readOnly = !mayUpdate || isSelf;

  const reset = () => {
    setAccount(accountOf(user));
    setPermissions(user.permissions);
  };

  return (
    <Stack gap="md">
      {isSelf && (
        <Text size="sm" c="dimmed">
          This is your own account: another administrator changes your access.
        </Text>
      )}
      <Paper withBorder p="md">
        <AccountFields value={account} onChange={setAccount} readOnly={readOnly} />
      </Paper>
      <Paper withBorder p="md">
        <PermissionEditor permissions={permissions} onChange={setPermissions} readOnly={readOnly} />
      </Paper>
      {!readOnly && (
        <Group justify="flex-end" pos="sticky" bottom={0} py="sm" bg="var(--mantine-color-body)">
          <Button variant="default" onClick={() => setSavingProfile(true)}>
            Save as profile
          </Button>
          <Button variant="default" disabled={!dirty} onClick={reset}>
            Discard changes
          </Button>
          <Button disabled={!dirty} onClick={() => setConfirming(true)}>
            Save changes
          </Button>
        </Group>
      )}
      <ReasonModal
        opened={confirming}
        title={`Change the access of ${user.displayName}`}
        confirmLabel="Save changes"
        pending={change.isPending}
        error={change.error && isApiError(change.error) ? popupMessageOf(change.error) : null}
        onClose={() => {
          change.reset();
          setConfirming(false);
        }}
        onConfirm={(reason) =>
          change.mutate(
            { ...changes, reason },
            {
              onSuccess: (saved) => {
                setConfirming(false);
                setAccount(accountOf(saved));
                setPermissions(saved.permissions);
                notifications.show({ color: 'teal', message: 'Access has been updated' });
              },
            },
          )
        }
      >
        <Text size="sm">The change takes effect on {user.displayName.split(' ')[0]}'s next request.</Text>
      </ReasonModal>
      <SaveProfileModal opened={savingProfile} permissions={permissions} onClose={() => setSavingProfile(false)} />
    </Stack>
  );
}

/** SPEC §2 /admin-panel/user-access/{userId}: a user's account, permissions, history and what they can do. */
export function UserAccessDetailPage() {
  const { userId = '' } = useParams();
  const user = useUserAccess(userId);
  const mayUpdate = can(subjectOf(useSession()), 'USER_ACCESS', 'UPDATE');
  useDocumentTitle(`${user.data?.displayName ?? 'User access'} · Casedesk`);

  return (
    <Stack gap="md" maw={1400} mx="auto">
      <Anchor component={Link} to={paths.adminPanel.userAccess.path} size="sm">
        ← User access
      </Anchor>
      {user.isError && (
        <LoadError
          title={
            isApiError(user.error) && user.error.status === 404
              ? 'No such user in your offices'
              : 'The user could not be loaded'
          }
          onRetry={() => void user.refetch()}
        />
      )}
      {user.data && (
        <>
          <Group justify="space-between" align="flex-end">
            <Stack gap={2}>
              <Title order={1}>{user.data.displayName}</Title>
              <Text size="sm" c="dimmed">
                {user.data.mail}
                {user.data.officeName ? ` · ${user.data.officeName}` : ''}
              </Text>
            </Stack>
            {user.data.profileName && <Badge variant="light">Follows profile {user.data.profileName}</Badge>}
          </Group>
          <Tabs defaultValue="access" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="access">Access</Tabs.Tab>
              <Tabs.Tab value="explain">What can they do</Tabs.Tab>
              <Tabs.Tab value="history">History</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="access" pt="md">
              <UserAccessEditor key={user.data.id} user={user.data} mayUpdate={mayUpdate} />
            </Tabs.Panel>
            <Tabs.Panel value="explain" pt="md">
              <ExplainPanel user={user.data} />
            </Tabs.Panel>
            <Tabs.Panel value="history" pt="md">
              <AccessHistoryPanel userId={user.data.id} />
            </Tabs.Panel>
          </Tabs>
        </>
      )}
    </Stack>
  );
}
