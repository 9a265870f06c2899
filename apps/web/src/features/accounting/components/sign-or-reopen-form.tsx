import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { RECON_MESSAGES, RECON_NOTE_MAX } from '@casedesk/contract/accounting/reconciliation';
import { FormTextarea } from '@/components/form-field/form-inputs.tsx';
import { isApiError } from '@/lib/api-error.ts';

const noteSchema = z.object({ text: z.string().trim().max(RECON_NOTE_MAX, RECON_MESSAGES.noteLength) });
const reasonSchema = z.object({
  text: z.string().trim().min(1, RECON_MESSAGES.reason).max(RECON_NOTE_MAX, RECON_MESSAGES.reasonLength),
});

interface SignOrReopenFormProps {
  /** Reopening asks for a required reason; signing for an optional note. */
  reopening: boolean;
  /** What is signed or reopened, as the user reads it (an office day, a month). */
  subject: string;
  /** The button and the form's name: "Mark reconciled", "Reopen day"… */
  submitLabel: string;
  /** The alert's title when the server refuses. */
  refusedTitle: string;
  /** Sends the note or reason (blank note as null); a 400 or 409's message shows in the alert. */
  onSubmit: (text: string | null) => Promise<unknown>;
  onDone: () => void;
}

/** Signing a reconciliation (an optional note) or reopening it (a required reason): the server's refusal shows. */
export function SignOrReopenForm({
  reopening,
  subject,
  submitLabel,
  refusedTitle,
  onSubmit,
  onDone,
}: SignOrReopenFormProps) {
  const { control, handleSubmit, formState } = useForm<{ text: string }>({
    resolver: zodResolver(reopening ? reasonSchema : noteSchema),
    defaultValues: { text: '' },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const submit = handleSubmit(async ({ text }) => {
    setFailure(null);
    try {
      await onSubmit(text || null);
      onDone();
    } catch (error) {
      if (!isApiError(error)) throw error;
      setFailure(error.body?.message ?? error.message);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <Stack gap="sm">
        <Text size="sm">{subject}</Text>
        {failure && (
          <Alert color="red" title={refusedTitle}>
            {failure}
          </Alert>
        )}
        <FormTextarea
          control={control}
          name="text"
          label={reopening ? 'Reason' : 'Note'}
          required={reopening}
          maxLength={RECON_NOTE_MAX}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
