import { Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { DirectoryGroup } from '@casedesk/contract/directory/directory-groups';
import { LoadError } from '@/components/load-error.tsx';
import { popupMessageOf } from '@/lib/api-error.ts';
import { useAccessProfiles } from '../api/access-profiles.ts';
import { useDirectoryGroups, useMapDirectoryGroup } from '../api/directory-groups.ts';
import { ReasonModal } from './reason-modal.tsx';

interface Mapping {
  group: DirectoryGroup;
  profileId: string | null;
}

/**
 * The firm's directory groups (provisioned by SCIM) and the profile each gives its members: now, and to
 * whoever the directory adds later. New directory users have no permissions until then.
 */
export function DirectoryGroupsPanel({ mayUpdate }: { mayUpdate: boolean }) {
  const groups = useDirectoryGroups();
  const profiles = useAccessProfiles();
  const map = useMapDirectoryGroup();
  const [pending, setPending] = useState<Mapping | null>(null);
  const options = (profiles.data ?? []).map((p) => ({ value: p.id, label: p.name }));
  if (groups.isError)
    return <LoadError title="Directory groups could not be loaded" onRetry={() => void groups.refetch()} />;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        The directory (Entra ID, Okta) provisions users and groups through SCIM at /scim/v2. Users it adds have no
        permissions until an administrator applies a profile, or their group gives one.
      </Text>
      <Table striped aria-label="Directory groups">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Group</Table.Th>
            <Table.Th>Members</Table.Th>
            <Table.Th>Profile its members get</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.data?.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={3}>
                <Text size="sm" c="dimmed">
                  No directory groups yet: they appear when the directory provisions them.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {groups.data?.map((group) => (
            <Table.Tr key={group.id}>
              <Table.Td>{group.displayName}</Table.Td>
              <Table.Td>{group.memberCount}</Table.Td>
              <Table.Td>
                <Select
                  aria-label={`Profile of ${group.displayName}`}
                  data={options}
                  value={group.profileId}
                  clearable
                  placeholder="No profile"
                  disabled={!mayUpdate}
                  onChange={(profileId) => setPending({ group, profileId })}
                  w={240}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ReasonModal
        opened={pending !== null}
        title={pending ? `Profile of ${pending.group.displayName}` : ''}
        confirmLabel="Save"
        pending={map.isPending}
        error={map.error ? popupMessageOf(map.error) : null}
        onClose={() => {
          map.reset();
          setPending(null);
        }}
        onConfirm={(reason) =>
          pending &&
          map.mutate(
            { id: pending.group.id, request: { profileId: pending.profileId, reason } },
            {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: `${pending.group.displayName} saved` });
                setPending(null);
              },
            },
          )
        }
      >
        <Text size="sm">
          {pending?.profileId
            ? `Its ${pending.group.memberCount} members get this profile now; members added later get it as they join.`
            : 'Its members keep the access they have; members added later get none from the group.'}
        </Text>
      </ReasonModal>
    </Stack>
  );
}
