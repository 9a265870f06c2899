import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';
import { MESSAGES } from '@casedesk/contract/common/errors';

/** Render errors and failed code-split loads end here instead of a blank page. */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error('Route error', error);
  return (
    <Center mih="60vh" px="md">
      <Stack align="center" gap="sm">
        <Title order={1} size="h3">
          {MESSAGES.somethingWentWrong}
        </Title>
        <Text size="sm" c="dimmed" ta="center">
          The page could not be shown. Reloading usually helps.
        </Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
