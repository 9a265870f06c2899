import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '@/components/page-loader.tsx';
import { completeSignIn, startSignIn } from '@/lib/auth.ts';
import { paths } from '@/config/paths.ts';
import { alertGuardFailure } from '../guards/guard-error.ts';

/** SPEC §2/§9: after login there is a 2 second wait before the landing redirect. */
const LANDING_DELAY_MS = 2000;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The identity provider returns to the site root with a code; exchange it, then land. */
export function SignInCallback() {
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    const url = window.location.href;
    Promise.all([completeSignIn(url), delay(LANDING_DELAY_MS)])
      .then(([returnTo]) => {
        if (active) void navigate(returnTo, { replace: true });
      })
      .catch((error: unknown) => {
        if (!active) return;
        setFailed(true);
        alertGuardFailure(error);
      });
    return () => {
      active = false;
    };
  }, [navigate]);

  if (!failed) return <PageLoader label="Signing you in…" />;
  return (
    <Center mih="60vh" px="md">
      <Paper withBorder p="xl" maw={420} w="100%">
        <Stack align="center" gap="md">
          <Title order={2} size="h3">
            Sign-in did not complete
          </Title>
          <Text size="sm" c="dimmed" ta="center">
            The answer from the sign-in service could not be used. Please sign in again.
          </Text>
          <Button onClick={() => void startSignIn(paths.dashboard.root.path).catch(alertGuardFailure)}>
            Sign in again
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
