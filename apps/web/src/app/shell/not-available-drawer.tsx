import { Drawer, Stack, Text, ThemeIcon } from '@mantine/core';
import { HourglassIcon } from '@/components/icons.tsx';

interface NotAvailableDrawerProps {
  title: string;
  opened: boolean;
  onClose: () => void;
}

/** A quick-action drawer whose content comes with its module's issue: the frame, and nothing pretending to work. */
export function NotAvailableDrawer({ title, opened, onClose }: NotAvailableDrawerProps) {
  return (
    <Drawer opened={opened} onClose={onClose} title={title} position="right" size="lg">
      <Stack align="center" gap="xs" py="xl">
        <ThemeIcon size={40} radius="xl" variant="light" color="gray" aria-hidden="true">
          <HourglassIcon size={20} />
        </ThemeIcon>
        <Text c="dimmed" size="sm" ta="center">
          This section is not available yet
        </Text>
      </Stack>
    </Drawer>
  );
}
