import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { HourglassIcon } from '@/components/icons.tsx';

interface NotAvailablePageProps {
  title: string;
}

/**
 * The one placeholder for a route whose module is not built yet: its title and nothing that
 * pretends to work. The module's issue replaces the route's `lazy` import with its page.
 */
export function NotAvailablePage({ title }: NotAvailablePageProps) {
  useDocumentTitle(`${title} · Casedesk`);
  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Title order={1}>{title}</Title>
      <Paper withBorder p="xl">
        <Stack align="center" gap="xs">
          <ThemeIcon size={40} radius="xl" variant="light" color="gray" aria-hidden="true">
            <HourglassIcon size={20} />
          </ThemeIcon>
          <Text c="dimmed" ta="center" size="sm" data-testid="not-available">
            This section is not available yet
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
