import { Button, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { MESSAGES, type DenialReason } from '@casedesk/contract/common/errors';
import { LockIcon } from './icons.tsx';

interface AccessDeniedProps {
  reason: DenialReason;
  /** Offered when the whole session is refused, so the user is not stuck (e.g. an inactive account). */
  onSignOut?: () => void;
}

/** SPEC §2/§8: Access Denied, with the wording for a disabled account or a missing permission. */
export function AccessDenied({ reason, onSignOut }: AccessDeniedProps) {
  const navigate = useNavigate();
  const text = reason === 'ACCOUNT_INACTIVE' ? MESSAGES.accountInactive : MESSAGES.missingPermission;

  // React Router numbers history entries; with nothing of ours to go back to, go to the landing page.
  const goBack = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate('/', { replace: true });
  };

  return (
    <Center mih="60vh" px="md">
      <Paper withBorder radius="md" p="xl" maw={480} w="100%">
        <Stack align="center" gap="md">
          <ThemeIcon size={48} radius="xl" variant="light" color="red">
            <LockIcon size={24} />
          </ThemeIcon>
          <Title order={2} size="h3">
            Access Denied
          </Title>
          <Text ta="center" c="dimmed" size="sm" data-testid="access-denied-message">
            {text}
          </Text>
          <Group gap="sm">
            <Button onClick={goBack}>Go back</Button>
            {onSignOut && (
              <Button variant="default" onClick={onSignOut}>
                Sign out
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
