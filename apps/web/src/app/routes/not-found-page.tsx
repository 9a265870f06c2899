import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';

export function NotFoundPage() {
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm">
        <Title order={1} size="h3">
          Page not found
        </Title>
        <Text size="sm" c="dimmed">
          This address does not match any screen.
        </Text>
        <Button component={Link} to={paths.dashboard.root.href()} variant="default">
          Go to the dashboard
        </Button>
      </Stack>
    </Center>
  );
}
