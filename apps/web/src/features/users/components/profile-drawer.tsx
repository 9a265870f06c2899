import { Drawer, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { hasAccessAs } from '@casedesk/contract/access/permissions';
import { useSession } from '@/lib/session-context.ts';
import { LoadError } from '@/components/load-error.tsx';
import { currentUserQueryOptions } from '../api/get-current-user.ts';
import { ProfileForm } from './profile-form.tsx';

export interface ProfileDrawerProps {
  opened: boolean;
  onClose: () => void;
}

function ProfileSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading profile">
      <Skeleton height={72} circle />
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} height={36} />
      ))}
    </Stack>
  );
}

/**
 * SPEC §2 User Profile drawer: read-only name, email, job and role; work number, extension, mobile number,
 * zoom link and photo editable with USER_PROFILE UPDATE (SPEC §6), else read-only.
 */
export function ProfileDrawer({ opened, onClose }: ProfileDrawerProps) {
  const { permissions, user } = useSession();
  const editable = hasAccessAs(permissions, user.role, 'USER_PROFILE', 'UPDATE');
  // The session has loaded it already; the query refreshes it when stale (and after a save, it holds the answer).
  const query = useQuery(currentUserQueryOptions());

  return (
    <Drawer opened={opened} onClose={onClose} title="User Profile" position="right" size="lg" padding="lg">
      {query.data ? (
        <ProfileForm key={query.data.id} user={query.data} editable={editable} onClose={onClose} />
      ) : query.isError ? (
        <LoadError title="The profile could not be loaded" onRetry={() => void query.refetch()} />
      ) : (
        <ProfileSkeleton />
      )}
    </Drawer>
  );
}
