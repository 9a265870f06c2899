import { Select, Text } from '@mantine/core';
import { useState } from 'react';
import { popupMessageOf } from '@/lib/api-error.ts';
import { useAccessProfiles, useApplyAccessProfile } from '../api/access-profiles.ts';
import { ReasonModal } from './reason-modal.tsx';

export interface ApplyProfileModalProps {
  opened: boolean;
  userIds: string[];
  onClose: () => void;
  onApplied: (count: number) => void;
}

/** Gives the chosen users one profile's permissions at once; they follow the profile from then on. */
export function ApplyProfileModal({ opened, userIds, onClose, onApplied }: ApplyProfileModalProps) {
  const profiles = useAccessProfiles();
  const apply = useApplyAccessProfile();
  const [profileId, setProfileId] = useState<string | null>(null);
  const close = () => {
    apply.reset();
    onClose();
  };
  return (
    <ReasonModal
      opened={opened}
      title={`Apply a profile to ${userIds.length} ${userIds.length === 1 ? 'user' : 'users'}`}
      confirmLabel="Apply profile"
      pending={apply.isPending}
      error={apply.error ? popupMessageOf(apply.error) : !profileId && apply.isIdle ? null : null}
      onClose={close}
      onConfirm={(reason) => {
        if (!profileId) return;
        apply.mutate({ profileId, userIds, reason }, { onSuccess: (result) => onApplied(result.updated) });
      }}
    >
      <Select
        label="Profile"
        placeholder="Choose a profile"
        required
        data={(profiles.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.memberCount} following)` }))}
        value={profileId}
        onChange={setProfileId}
      />
      <Text size="sm" c="dimmed">
        Their permissions are replaced by the profile's; a later change to the profile reaches them too.
      </Text>
    </ReasonModal>
  );
}
