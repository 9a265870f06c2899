import { Badge, Button, CloseButton, Group, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { USER_ACCESS_SORTS, type UserAccessRow } from '@casedesk/contract/access/access-admin';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { ListPage } from '@/components/list-page/list-page.tsx';
import { useListRequest } from '@/components/list-page/use-list-request.ts';
import { paths } from '@/config/paths.ts';
import { can, subjectOf } from '@/lib/access.ts';
import { isLoadingRows } from '@/lib/query-status.ts';
import { useSession } from '@/lib/session-context.ts';
import { useUserAccessList } from '../api/user-access-list.ts';
import { useAccessProfiles } from '../api/access-profiles.ts';
import { ApplyProfileModal } from '../components/apply-profile-modal.tsx';
import { DirectorySyncButton } from '../components/directory-sync-button.tsx';
import { DirectoryGroupsPanel } from '../components/directory-groups-panel.tsx';
import { ProfilesPanel } from '../components/profiles-panel.tsx';
import { USER_ACCESS_COLUMNS } from '../components/user-access-columns.tsx';
import { EMPTY_USER_ACCESS_FILTER, toUserAccessFilter, UserAccessFilters } from '../components/user-access-filters.tsx';

const rowId = (row: UserAccessRow) => row.id;
/** A profile is applied to a team at a time: more than SPEC's default five selectable rows. */
const MAX_SELECTED = 50;

/** SPEC §2 /admin-panel/user-access: the users an administrator manages; a row opens their access. */
export function UserAccessPage() {
  const navigate = useNavigate();
  const mayUpdate = can(subjectOf(useSession()), 'USER_ACCESS', 'UPDATE');
  const list = useListRequest({
    initialValues: EMPTY_USER_ACCESS_FILTER,
    toFilter: toUserAccessFilter,
    sorts: USER_ACCESS_SORTS,
  });
  const users = useUserAccessList(list.request);
  const [selected, setSelected] = useState<string[]>([]);
  const [applying, setApplying] = useState(false);
  const [tab, setTab] = useState<string | null>('users');
  const profiles = useAccessProfiles();
  const following = profiles.data?.find((p) => p.id === list.values.profileId);

  return (
    <ListPage
      title="User access"
      description="Who can do what, office by office. Open a user to change their access; select several to apply a profile."
      actions={
        mayUpdate && (
          <Group gap="xs">
            <DirectorySyncButton />
            <Button disabled={selected.length === 0} onClick={() => setApplying(true)}>
              Apply profile{selected.length ? ` to ${selected.length}` : ''}
            </Button>
          </Group>
        )
      }
      filters={<UserAccessFilters value={list.values} onChange={list.setValues} />}
      query={users}
      errorTitle="Users could not be loaded"
    >
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List>
          <Tabs.Tab value="users">Users</Tabs.Tab>
          <Tabs.Tab value="profiles">Profiles</Tabs.Tab>
          <Tabs.Tab value="groups">Directory groups</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users" pt="sm">
          {following && (
            <Group gap={4} mb="xs">
              <Badge variant="light" size="lg">
                Following {following.name}
              </Badge>
              <CloseButton
                size="sm"
                aria-label="Show every user"
                onClick={() => list.setValues({ ...list.values, profileId: null })}
              />
            </Group>
          )}
          {selected.length > 0 && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {selected.length} selected
            </Text>
          )}
          <DataTable
            {...list.table}
            label="Users"
            columns={USER_ACCESS_COLUMNS}
            rows={users.data?.items ?? []}
            getRowId={rowId}
            totalCount={users.data?.totalCount ?? 0}
            loading={isLoadingRows(users)}
            selectable={mayUpdate}
            maxSelectable={MAX_SELECTED}
            selectedIds={selected}
            onSelectionChange={setSelected}
            getRowLabel={(row) => `Select ${row.displayName}`}
            onRowClick={(row) => void navigate(paths.adminPanel.userAccessDetail.href(row.id))}
            emptyState="No users match this filter"
            maxHeight="calc(100dvh - 320px)"
          />
        </Tabs.Panel>
        <Tabs.Panel value="profiles" pt="sm">
          <ProfilesPanel
            mayUpdate={mayUpdate}
            onShowFollowers={(profileId) => {
              list.setValues({ ...list.values, profileId });
              setTab('users');
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="groups" pt="sm">
          <DirectoryGroupsPanel mayUpdate={mayUpdate} />
        </Tabs.Panel>
      </Tabs>
      <ApplyProfileModal
        opened={applying}
        userIds={selected}
        onClose={() => setApplying(false)}
        onApplied={(count) => {
          setApplying(false);
          setSelected([]);
          notifications.show({
            message: `Profile applied to ${count} ${count === 1 ? 'user' : 'users'}`,
            color: 'teal',
          });
        }}
      />
    </ListPage>
  );
}
