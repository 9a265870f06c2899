import { TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import { popupMessageOf } from '@/lib/api-error.ts';
import { useCreateAccessProfile } from '../api/access-profiles.ts';
import { ReasonModal } from './reason-modal.tsx';

/** Saves the permissions on screen as a named profile, to apply to others later. */
export function SaveProfileModal({
  opened,
  permissions,
  onClose,
}: {
  opened: boolean;
  permissions: Permission[];
  onClose: () => void;
}) {
  const create = useCreateAccessProfile();
  const [name, setName] = useState('');
  const close = () => {
    create.reset();
    onClose();
  };
  return (
    <ReasonModal
      opened={opened}
      title="Save these permissions as a profile"
      confirmLabel="Save profile"
      pending={create.isPending}
      error={create.error ? popupMessageOf(create.error) : null}
      onClose={close}
      onConfirm={(reason) =>
        create.mutate(
          { name: name.trim(), permissions, reason },
          {
            onSuccess: (profile) => {
              notifications.show({ color: 'teal', message: `Profile ${profile.name} saved` });
              close();
            },
          },
        )
      }
    >
      <TextInput
        label="Profile name"
        placeholder="Operator, Manager of an office…"
        required
        maxLength={100}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
      />
    </ReasonModal>
  );
}
