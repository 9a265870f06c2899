import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Outlet } from 'react-router';
import { AccessDenied } from '@/components/access-denied.tsx';
import { PageLoader } from '@/components/page-loader.tsx';
import { usePermissions } from '@/features/access/api/get-permissions.ts';
import { useCurrentUser } from '@/features/users/api/get-current-user.ts';
import { isApiError } from '@/lib/api-error.ts';
import { SessionContext } from '@/lib/session-context.ts';
import { BareLayout } from '../shell/bare-layout.tsx';
import { useSignOut } from '../shell/use-sign-out.ts';

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Center mih="60vh" px="md">
      <Paper withBorder p="xl" maw={420} w="100%">
        <Stack align="center" gap="md">
          <Title order={2} size="h3">
            Your session could not be loaded
          </Title>
          <Text size="sm" c="dimmed" ta="center">
            Check your connection and try again.
          </Text>
          <Button onClick={onRetry}>Try again</Button>
        </Stack>
      </Paper>
    </Center>
  );
}

/**
 * SPEC §4 session loading: the current user first, then their permissions; nothing that depends
 * on permissions renders before both are in. A 403 means Access Denied, with the wording the
 * server's reason asks for (SPEC §8).
 */
export function SessionLoader() {
  const userQuery = useCurrentUser();
  const permissionsQuery = usePermissions(userQuery.data?.id);
  const signOut = useSignOut();

  const error = userQuery.error ?? permissionsQuery.error;
  if (error) {
    if (isApiError(error) && error.status === 403) {
      return (
        <BareLayout>
          <AccessDenied reason={error.reason ?? 'MISSING_PERMISSION'} onSignOut={signOut} />
        </BareLayout>
      );
    }
    const retry = () => void (userQuery.error ? userQuery.refetch() : permissionsQuery.refetch());
    return (
      <BareLayout>
        <LoadFailed onRetry={retry} />
      </BareLayout>
    );
  }

  if (!userQuery.data || !permissionsQuery.data) return <PageLoader label="Loading your workspace…" />;

  // SPEC §4: a disabled account sees Access Denied even if the server answered with the user.
  if (!userQuery.data.accountEnabled) {
    return (
      <BareLayout>
        <AccessDenied reason="ACCOUNT_INACTIVE" onSignOut={signOut} />
      </BareLayout>
    );
  }

  return (
    <SessionContext value={{ user: userQuery.data, permissions: permissionsQuery.data }}>
      <Outlet />
    </SessionContext>
  );
}
