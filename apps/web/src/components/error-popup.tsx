import { Button, Group, Modal, Text } from '@mantine/core';
import { MESSAGES } from '@casedesk/contract/common/errors';
import { dismissError, usePendingErrors } from '@/lib/error-popup-store.ts';

/** SPEC §8: the general, dismissible error popup; shows one pending message at a time. */
export function ErrorPopup() {
  const pending = usePendingErrors();
  const message = pending[0];
  return (
    <Modal
      opened={message !== undefined}
      onClose={dismissError}
      title={MESSAGES.popupTitle}
      centered
      size="sm"
      // One way to dismiss is enough (plus Esc and the overlay); a second "Close" would be ambiguous.
      withCloseButton={false}
      // Above any drawer or modal the failed call came from (Mantine puts those at 200, popovers at 300).
      zIndex={500}
      styles={{ title: { fontWeight: 600 } }}
    >
      <Text size="sm" data-testid="error-popup-message">
        {message}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={dismissError}>
          Close
        </Button>
      </Group>
    </Modal>
  );
}
