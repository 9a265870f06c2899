import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SMS_BODY_MAX_LENGTH } from '@casedesk/contract/sms/sms';
import { useSaveCannedText } from '../api/save-canned-text.ts';

interface SaveCannedButtonProps {
  message: string;
  userId: string;
}

/** Keeps the typed message as one of the user's own canned texts (SPEC §3 Canned text: userId set). */
export function SaveCannedButton({ message, userId }: SaveCannedButtonProps) {
  const save = useSaveCannedText();
  return (
    <Button
      variant="subtle"
      size="xs"
      loading={save.isPending}
      disabled={!message.trim() || message.length > SMS_BODY_MAX_LENGTH}
      onClick={() =>
        save.mutate(
          { message, userId },
          { onSuccess: () => notifications.show({ color: 'teal', message: 'Canned text has been saved' }) },
        )
      }
      data-testid="save-canned-text"
    >
      Save as canned text
    </Button>
  );
}
