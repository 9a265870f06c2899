import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { collectionAccountAdjustmentSchema } from '@casedesk/contract/collections/account';
import { formatMoney } from '@casedesk/contract/common/money';
import { FormTextarea, FormTextInput } from '@/components/form-field/form-inputs.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { useAddAccountAdjustment } from '../api/add-account-adjustment.ts';
import { dollarsField } from './money-fields.ts';

/** The contract's rules: a signed amount in cents, never 0, and a reason. */
const adjustmentFormSchema = z.object({
  amount: dollarsField(collectionAccountAdjustmentSchema.shape.amountCents),
  reason: collectionAccountAdjustmentSchema.shape.reason,
});
type AdjustmentValues = z.input<typeof adjustmentFormSchema>;
type AdjustmentOutput = z.output<typeof adjustmentFormSchema>;

interface AdjustmentProps {
  accountId: string;
  balanceCents: number;
}

function AdjustmentForm({ accountId, balanceCents, onDone }: AdjustmentProps & { onDone: () => void }) {
  const { control, handleSubmit, setError, formState } = useForm<AdjustmentValues, unknown, AdjustmentOutput>({
    resolver: zodResolver(adjustmentFormSchema),
    defaultValues: { amount: '', reason: '' },
  });
  const adjust = useAddAccountAdjustment();
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await adjust.mutateAsync({ accountId, amountCents: values.amount, reason: values.reason });
      onDone();
    } catch (error) {
      if (!isApiError(error)) throw error;
      const fields = error.body?.fieldErrors ?? {};
      if (fields.amountCents) setError('amount', { type: 'server', message: fields.amountCents });
      if (fields.reason) setError('reason', { type: 'server', message: fields.reason });
      if (!fields.amountCents && !fields.reason) setRefusal(error.message);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Adjustment">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {`Balance now ${formatMoney(balanceCents)}. A negative amount writes money off; a positive one adds to what is owed. Adjustments are never changed: correct one with an opposite adjustment.`}
        </Text>
        {refusal && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        <FormTextInput
          control={control}
          name="amount"
          label="Amount ($)"
          required
          inputMode="decimal"
          placeholder="-0.00"
          w={200}
          data-autofocus
        />
        <FormTextarea control={control} name="reason" label="Reason" required rows={2} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            Save adjustment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Adjustment": a write-off or correction of what the client owes. */
export function AccountAdjustmentButton(props: AdjustmentProps) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="default" onClick={open}>
        Adjustment
      </Button>
      <Modal opened={opened} onClose={close} title="Adjustment">
        {opened && <AdjustmentForm {...props} onDone={close} />}
      </Modal>
    </>
  );
}
