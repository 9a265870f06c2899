import { Modal, Text } from '@mantine/core';

export interface CalendarModalProps {
  opened: boolean;
  onClose(): void;
  attorneyId: string;
  attorneyName?: string;
  readOnly?: boolean;
  appointmentLength?: 15 | 30 | 60;
  schedulePast?: boolean;
  onSlotSelect?(startIso: string): void;
}

/** SPEC §2 Calendar modal: an attorney's calendar (Week, Month, Year). Work in progress. */
export function CalendarModal({ opened, onClose, attorneyName }: CalendarModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={attorneyName ? `Calendar of ${attorneyName}` : 'Calendar'}
      size="90rem"
    >
      <Text c="dimmed">Loading calendar…</Text>
    </Modal>
  );
}
