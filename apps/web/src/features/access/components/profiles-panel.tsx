import { Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { AccessProfile } from '@casedesk/contract/access/access-admin';
import { LoadError } from '@/components/load-error.tsx';
import { popupMessageOf } from '@/lib/api-error.ts';
import { useAccessProfiles, useUpdateAccessProfile } from '../api/access-profiles.ts';
import { PermissionEditor } from './permission-editor.tsx';
import { ReasonModal } from './reason-modal.tsx';

/** Changes a profile; the reason goes to the history of everyone who follows it. */
function EditProfileModal({ profile, onClose }: { profile: AccessProfile; onClose: () => void }) {
  const [name, setName] = useState(profile.name);
  const [permissions, setPermissions] = useState(profile.permissions);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateAccessProfile();
  return (
    <>
      <Modal opened={!confirming} onClose={onClose} title={`Profile ${profile.name}`} size="xl">
        <Stack gap="sm">
          <TextInput
            label="Profile name"
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <PermissionEditor permissions={permissions} onChange={setPermissions} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => setConfirming(true)}>Save profile</Button>
          </Group>
        </Stack>
      </Modal>
      <ReasonModal
        opened={confirming}
        title={`Change profile ${profile.name}`}
        confirmLabel="Save profile"
        pending={update.isPending}
        error={update.error ? popupMessageOf(update.error) : null}
        onClose={() => setConfirming(false)}
        onConfirm={(reason) =>
          update.mutate(
            { id: profile.id, write: { name: name.trim(), permissions, reason } },
            {
              onSuccess: (saved) => {
                notifications.show({
                  color: 'teal',
                  message: `Profile ${saved.name} saved for ${saved.memberCount} users`,
                });
                onClose();
              },
            },
          )
        }
      >
        <Text size="sm">
          {profile.memberCount} {profile.memberCount === 1 ? 'user follows' : 'users follow'} this profile: their access
          changes with it.
        </Text>
      </ReasonModal>
    </>
  );
}

/** The named permission sets: who follows each, and their permissions to change. */
export function ProfilesPanel({
  onShowFollowers,
  mayUpdate,
}: {
  onShowFollowers: (profileId: string) => void;
  mayUpdate: boolean;
}) {
  const profiles = useAccessProfiles();
  const [editing, setEditing] = useState<AccessProfile | null>(null);
  if (profiles.isError)
    return <LoadError title="Profiles could not be loaded" onRetry={() => void profiles.refetch()} />;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Save a user’s permissions as a profile from their page; apply it to several users from the Users tab.
      </Text>
      <Table striped highlightOnHover aria-label="Profiles">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Profile</Table.Th>
            <Table.Th>Permission types</Table.Th>
            <Table.Th>Followed by</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {profiles.data?.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text size="sm" c="dimmed">
                  No profiles yet.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {profiles.data?.map((profile) => (
            <Table.Tr key={profile.id}>
              <Table.Td>{profile.name}</Table.Td>
              <Table.Td>{profile.permissions.length}</Table.Td>
              <Table.Td>
                <Button variant="subtle" size="compact-sm" onClick={() => onShowFollowers(profile.id)}>
                  {profile.memberCount} {profile.memberCount === 1 ? 'user' : 'users'}
                </Button>
              </Table.Td>
              <Table.Td>
                {mayUpdate && (
                  <Button variant="default" size="compact-sm" onClick={() => setEditing(profile)}>
                    Edit
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {editing && <EditProfileModal profile={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
