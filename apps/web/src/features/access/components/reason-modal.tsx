import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ACCESS_ADMIN_MESSAGES } from '@casedesk/contract/access/access-admin';
import { fieldErrorText } from '@/components/form-field/form-field.tsx';

export interface ReasonModalProps {
  opened: boolean;
  title: string;
  /** What is about to happen, above the reason. */
  children?: ReactNode;
  confirmLabel: string;
  pending: boolean;
  /** The server's refusal, shown in the dialog so the reason typed is not lost. */
  error: string | null;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}

/** Every change of access is audited with the reason the administrator types here. */
export function ReasonModal({
  opened,
  title,
  children,
  confirmLabel,
  pending,
  error,
  onClose,
  onConfirm,
}: ReasonModalProps) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = reason.trim() === '';
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!missing) onConfirm(reason.trim());
        }}
      >
        <Stack gap="sm">
          {children}
          <Textarea
            label="Reason"
            description="Kept in the user's access history."
            withAsterisk
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={fieldErrorText(touched && missing ? ACCESS_ADMIN_MESSAGES.reason : undefined)}
            data-autofocus
          />
          {error && (
            <Alert color="red" title="Not saved">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
