import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { disbursementWriteSchema, TRUST_TEXT_MAX } from '@casedesk/contract/accounting/trust';
import { formatMoney, parseCents } from '@casedesk/contract/common/money';
import { FormTextInput } from '@/components/form-field/form-inputs.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { useDisburse } from '../api/disburse.ts';
import { showServerFieldErrors } from './server-field-errors.ts';

const field = disbursementWriteSchema.shape;

/** The amount is typed in dollars and sent as integer cents; a blank date is the office's today. */
const disburseFormSchema = z.object({
  amount: z.string().transform(parseCents).pipe(field.amountCents),
  payee: field.payee,
  purpose: field.purpose,
  entryDate: z.string(),
});
type DisburseFormInput = z.input<typeof disburseFormSchema>;
type DisburseFormValues = z.output<typeof disburseFormSchema>;

const SERVER_FIELDS: Record<string, keyof DisburseFormInput> = {
  amountCents: 'amount',
  payee: 'payee',
  purpose: 'purpose',
  entryDate: 'entryDate',
};

export interface TrustMatterRef {
  officeId: string;
  office: string;
  inquiryId: string;
  client: string;
  balanceCents: number;
}

function DisburseForm({ matter, onDone }: { matter: TrustMatterRef; onDone: () => void }) {
  const { control, handleSubmit, setError, formState } = useForm<DisburseFormInput, unknown, DisburseFormValues>({
    resolver: zodResolver(disburseFormSchema),
    // Blank: the server enters the office's today, which the browser's day may not be (another zone).
    defaultValues: { amount: '', payee: '', purpose: '', entryDate: '' },
    mode: 'onTouched',
  });
  const disburse = useDisburse();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = handleSubmit(async ({ amount, entryDate, ...values }) => {
    setFailure(null);
    try {
      await disburse.mutateAsync({
        officeId: matter.officeId,
        inquiryId: matter.inquiryId,
        amountCents: amount,
        ...values,
        ...(entryDate ? { entryDate } : {}),
      });
      notifications.show({ color: 'teal', message: 'Disbursement recorded.' });
      onDone();
    } catch (error) {
      if (!isApiError(error)) throw error;
      // 409: the balance would go below zero; the message names it, under the amount.
      if (error.status === 409) setError('amount', { type: 'server', message: error.body?.message });
      else if (!showServerFieldErrors(error, SERVER_FIELDS, setError)) setFailure(error.body?.message ?? error.message);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Disburse">
      <Stack gap="sm">
        <Text size="sm">
          {matter.client}, {matter.office}: {formatMoney(matter.balanceCents)} in trust
        </Text>
        {failure && (
          <Alert color="red" title="Nothing was disbursed">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          <FormTextInput control={control} name="amount" label="Amount ($)" required inputMode="decimal" />
          <FormTextInput
            control={control}
            name="entryDate"
            label="Date"
            type="date"
            description="Blank: today at the office"
          />
          <FormTextInput control={control} name="payee" label="Payee" required maxLength={TRUST_TEXT_MAX} />
          <FormTextInput control={control} name="purpose" label="Purpose" required maxLength={TRUST_TEXT_MAX} />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            Disburse
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Disburse": pays money out of the matter's trust balance, in a modal. */
export function DisburseButton({ matter }: { matter: TrustMatterRef }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button size="xs" onClick={open}>
        Disburse
      </Button>
      <Modal opened={opened} onClose={close} title="Disburse from trust" size="lg">
        {opened && <DisburseForm matter={matter} onDone={close} />}
      </Modal>
    </>
  );
}
