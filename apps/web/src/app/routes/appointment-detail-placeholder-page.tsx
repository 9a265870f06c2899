import { Center, Text } from '@mantine/core';
import { BareLayout } from '../shell/bare-layout.tsx';

/** SPEC §2 /pnc and /appt-detail run without the guard; their screen comes with the appointments issue. */
export function AppointmentDetailPlaceholderPage() {
  return (
    <BareLayout>
      <Center mih="40vh">
        <Text c="dimmed" size="sm">
          This section is not available yet
        </Text>
      </Center>
    </BareLayout>
  );
}
