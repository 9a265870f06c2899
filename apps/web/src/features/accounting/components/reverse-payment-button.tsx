import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { REVERSAL_REASON_MAX, reversePaymentSchema, type PaymentDetail } from '@casedesk/contract/accounting/payment';
import { FormTextarea, FormTextInput } from '@/components/form-field/form-inputs.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { useReversePayment } from '../api/reverse-payment.ts';

/** The reason is required; a blank reversal date means the office's today (the server decides it). */
const reverseFormSchema = z.object({
  reason: reversePaymentSchema.shape.reason,
  reversalDate: z.string(),
});
type ReverseFormValues = z.output<typeof reverseFormSchema>;

interface ReverseProps {
  payment: Pick<PaymentDetail, 'id'>;
  /** Prefilled reversal date; blank (the office's today) unless the caller works on a given day. */
  reversalDate?: string;
}

function ReverseForm({ payment, reversalDate: initialDate = '', onDone }: ReverseProps & { onDone: () => void }) {
  const { control, handleSubmit, setError, formState } = useForm<ReverseFormValues>({
    resolver: zodResolver(reverseFormSchema),
    defaultValues: { reason: '', reversalDate: initialDate },
    mode: 'onTouched',
  });
  const reverse = useReversePayment();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = handleSubmit(async ({ reason, reversalDate }) => {
    setFailure(null);
    try {
      await reverse.mutateAsync({ id: payment.id, reason, ...(reversalDate ? { reversalDate } : {}) });
      onDone();
    } catch (error) {
      if (!isApiError(error)) throw error;
      const fields = error.body?.fieldErrors ?? {};
      if (fields.reason) setError('reason', { type: 'server', message: fields.reason });
      if (fields.reversalDate) setError('reversalDate', { type: 'server', message: fields.reversalDate });
      if (!fields.reason && !fields.reversalDate) setFailure(error.body?.message ?? 'The payment was not reversed.');
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Reverse payment">
      <Stack gap="sm">
        {failure && (
          <Alert color="red" title="The payment was not reversed">
            {failure}
          </Alert>
        )}
        <FormTextarea control={control} name="reason" label="Reason" required maxLength={REVERSAL_REASON_MAX} />
        <FormTextInput
          control={control}
          name="reversalDate"
          label="Reversal Date"
          type="date"
          description="Leave blank for the office's today; it must be an open day."
          w={200}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={formState.isSubmitting}>
            Reverse payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Reverse": enters the linked reversal with the reason; nothing is deleted (docs/accounting.md). */
export function ReversePaymentButton({ size, ...props }: ReverseProps & { size?: 'compact-xs' }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button color="red" variant="light" size={size} onClick={open}>
        Reverse
      </Button>
      <Modal opened={opened} onClose={close} title="Reverse payment">
        {opened && <ReverseForm {...props} onDone={close} />}
      </Modal>
    </>
  );
}
