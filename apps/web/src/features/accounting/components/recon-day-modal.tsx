import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { RECON_MESSAGES, RECON_NOTE_MAX, type ReconRow } from '@casedesk/contract/accounting/reconciliation';
import { formatDateInput } from '@casedesk/contract/common/text';
import { FormTextarea } from '@/components/form-field/form-inputs.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { useReconcileDay } from '../api/reconcile-day.ts';
import { useReopenDay } from '../api/reopen-day.ts';

export type ReconAction = { kind: 'reconcile' | 'reopen'; row: ReconRow };

const noteSchema = z.object({ text: z.string().trim().max(RECON_NOTE_MAX, RECON_MESSAGES.noteLength) });
const reasonSchema = z.object({
  text: z.string().trim().min(1, RECON_MESSAGES.reason).max(RECON_NOTE_MAX, RECON_MESSAGES.reasonLength),
});

function ReconDayForm({ action, onDone }: { action: ReconAction; onDone: () => void }) {
  const reopening = action.kind === 'reopen';
  const { control, handleSubmit, formState } = useForm<{ text: string }>({
    resolver: zodResolver(reopening ? reasonSchema : noteSchema),
    defaultValues: { text: '' },
  });
  const reconcile = useReconcileDay();
  const reopen = useReopenDay();
  const [failure, setFailure] = useState<string | null>(null);
  const day = { officeId: action.row.officeId, day: action.row.day };
  const submit = handleSubmit(async ({ text }) => {
    setFailure(null);
    try {
      if (reopening) await reopen.mutateAsync({ ...day, reason: text });
      else await reconcile.mutateAsync({ ...day, note: text || null });
      onDone();
    } catch (error) {
      if (!isApiError(error)) throw error;
      setFailure(error.body?.message ?? error.message);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={reopening ? 'Reopen day' : 'Mark reconciled'}>
      <Stack gap="sm">
        <Text size="sm">
          {action.row.office}, {formatDateInput(action.row.day)}
        </Text>
        {failure && (
          <Alert color="red" title={reopening ? 'The day was not reopened' : 'The day was not reconciled'}>
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
            {reopening ? 'Reopen day' : 'Mark reconciled'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Signs a balanced office day (an optional note) or reopens a signed one (a required reason). */
export function ReconDayModal({ action, onClose }: { action: ReconAction | null; onClose: () => void }) {
  return (
    <Modal
      opened={action !== null}
      onClose={onClose}
      title={action?.kind === 'reopen' ? 'Reopen day' : 'Mark reconciled'}
    >
      {action && <ReconDayForm action={action} onDone={onClose} />}
    </Modal>
  );
}
