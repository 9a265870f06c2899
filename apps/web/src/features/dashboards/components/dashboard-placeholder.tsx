import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useSession } from '@/lib/session-context.ts';

interface DashboardPlaceholderProps {
  title: string;
}

/** Until the dashboards issue fills them: the title and who is signed in, and no invented data. */
export function DashboardPlaceholder({ title }: DashboardPlaceholderProps) {
  const { user } = useSession();
  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Title order={1}>{title}</Title>
      <Paper withBorder p="lg">
        <Stack gap="xs">
          <Group gap="sm">
            <Text fw={600} data-testid="dashboard-user-name">
              {user.displayName}
            </Text>
            <Badge variant="light" size="sm" data-testid="dashboard-user-role">
              {user.role}
            </Badge>
          </Group>
          {user.jobTitle && (
            <Text size="sm" c="dimmed">
              {user.jobTitle}
            </Text>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="xl">
        <Text c="dimmed" ta="center" size="sm">
          This section is not available yet
        </Text>
      </Paper>
    </Stack>
  );
}
