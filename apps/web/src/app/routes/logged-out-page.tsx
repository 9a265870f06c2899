import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useState } from 'react';
import { CheckCircleIcon } from '@/components/icons.tsx';
import { paths } from '@/config/paths.ts';
import { startSignIn } from '@/lib/auth.ts';
import { reportError } from '@/lib/error-popup-store.ts';
import { MESSAGES } from '@casedesk/contract/common/errors';
import { BareLayout } from '../shell/bare-layout.tsx';

/** SPEC §2 /logged-out: no guard; offers a fresh sign-in. */
export function LoggedOutPage() {
  const [starting, setStarting] = useState(false);

  const signInAgain = () => {
    setStarting(true);
    startSignIn(paths.dashboard.root.path).catch((error: unknown) => {
      console.error('Could not start sign-in', error);
      setStarting(false);
      reportError(MESSAGES.somethingWentWrong);
    });
  };

  return (
    <BareLayout>
      <Center mih="60vh" px="md">
        <Paper withBorder p="xl" maw={420} w="100%">
          <Stack align="center" gap="md">
            <ThemeIcon size={48} radius="xl" variant="light" color="teal">
              <CheckCircleIcon size={24} />
            </ThemeIcon>
            <Title order={1} size="h3">
              You have signed out
            </Title>
            <Text size="sm" c="dimmed" ta="center">
              Your session on this device has ended. Close the browser tab or sign in again.
            </Text>
            <Button onClick={signInAgain} loading={starting}>
              Sign in again
            </Button>
          </Stack>
        </Paper>
      </Center>
    </BareLayout>
  );
}
