import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { reverseDisbursementSchema, type TrustEntry } from '@casedesk/contract/accounting/trust';
import { FormTextarea } from '@/components/form-field/form-inputs.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { useReverseDisbursement } from '../api/reverse-disbursement.ts';

const reasonSchema = z.object({ reason: reverseDisbursementSchema.shape.reason });

function ReverseForm({ entry, onDone }: { entry: TrustEntry; onDone: () => void }) {
  const { control, handleSubmit, setError, formState } = useForm<{ reason: string }>({
    resolver: zodResolver(reasonSchema),
    defaultValues: { reason: '' },
    mode: 'onTouched',
  });
  const reverse = useReverseDisbursement();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = handleSubmit(async ({ reason }) => {
    setFailure(null);
    try {
      await reverse.mutateAsync({ id: entry.id, reason });
      onDone();
    } catch (error) {
      if (!isApiError(error)) throw error;
      const message = error.body?.fieldErrors?.reason;
      if (message) setError('reason', { type: 'server', message });
      else setFailure(error.body?.message ?? error.message);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Reverse disbursement">
      <Stack gap="sm">
        {failure && (
          <Alert color="red" title="The disbursement was not reversed">
            {failure}
          </Alert>
        )}
        <FormTextarea control={control} name="reason" label="Reason" required maxLength={500} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={formState.isSubmitting}>
            Reverse disbursement
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Reverse": a linked entry puts the disbursed money back on the matter; nothing is deleted. */
export function ReverseDisbursementButton({ entry }: { entry: TrustEntry }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button size="compact-xs" color="red" variant="light" onClick={open}>
        Reverse
      </Button>
      <Modal opened={opened} onClose={close} title="Reverse disbursement">
        {opened && <ReverseForm entry={entry} onDone={close} />}
      </Modal>
    </>
  );
}
