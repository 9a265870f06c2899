import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { RECON_MESSAGES, RECON_NOTE_MAX } from '@casedesk/contract/accounting/reconciliation';
import { formatMoney } from '@casedesk/contract/common/money';
import { FormTextarea } from '@/components/form-field/form-inputs.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { useReopenThreeWay } from '../api/reopen-three-way.ts';
import { useSignThreeWay } from '../api/sign-three-way.ts';

export type ThreeWayAction =
  | { kind: 'sign'; officeId: string; month: string; statementBalanceCents: number }
  | { kind: 'reopen'; officeId: string; month: string };

const noteSchema = z.object({ text: z.string().trim().max(RECON_NOTE_MAX, RECON_MESSAGES.noteLength) });
const reasonSchema = z.object({
  text: z.string().trim().min(1, RECON_MESSAGES.reason).max(RECON_NOTE_MAX, RECON_MESSAGES.reasonLength),
});

function ThreeWayForm({ action, onDone }: { action: ThreeWayAction; onDone: () => void }) {
  const reopening = action.kind === 'reopen';
  const { control, handleSubmit, formState } = useForm<{ text: string }>({
    resolver: zodResolver(reopening ? reasonSchema : noteSchema),
    defaultValues: { text: '' },
  });
  const sign = useSignThreeWay();
  const reopen = useReopenThreeWay();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = handleSubmit(async ({ text }) => {
    setFailure(null);
    try {
      if (action.kind === 'reopen') {
        const { kind: _, ...month } = action;
        await reopen.mutateAsync({ ...month, reason: text });
      } else {
        const { kind: _, ...month } = action;
        await sign.mutateAsync({ ...month, note: text || null });
      }
      onDone();
    } catch (error) {
      if (!isApiError(error)) throw error;
      setFailure(error.body?.message ?? error.message);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={reopening ? 'Reopen month' : 'Sign month'}>
      <Stack gap="sm">
        <Text size="sm">
          {action.month}
          {action.kind === 'sign' ? `: bank statement ${formatMoney(action.statementBalanceCents)}` : ''}
        </Text>
        {failure && (
          <Alert color="red" title={reopening ? 'The month was not reopened' : 'The month was not signed'}>
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
            {reopening ? 'Reopen month' : 'Sign month'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Signs a month whose three balances agree (an optional note) or reopens a signed one (a required reason). */
export function ThreeWayModal({ action, onClose }: { action: ThreeWayAction | null; onClose: () => void }) {
  return (
    <Modal opened={action !== null} onClose={onClose} title={action?.kind === 'reopen' ? 'Reopen month' : 'Sign month'}>
      {action && <ThreeWayForm action={action} onDone={onClose} />}
    </Modal>
  );
}
