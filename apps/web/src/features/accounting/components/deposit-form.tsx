import { Alert, Button, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { depositWriteSchema } from '@casedesk/contract/accounting/reconciliation';
import { parseCents } from '@casedesk/contract/common/money';
import { useOfficeOptions } from '@/api/dropdowns/office-options.ts';
import { FormSelect, FormTextInput } from '@/components/form-field/form-inputs.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { useEnterDeposit } from '../api/enter-deposit.ts';
import { today } from './payment-labels.ts';
import { showServerFieldErrors } from './server-field-errors.ts';

const field = depositWriteSchema.shape;

/** The amount is typed in dollars (negative to correct an earlier deposit) and sent as integer cents. */
const depositFormSchema = z.object({
  officeId: z.string().pipe(field.officeId),
  depositDate: field.depositDate,
  amount: z.string().transform(parseCents).pipe(field.amountCents),
  reference: field.reference,
});
type DepositFormInput = z.input<typeof depositFormSchema>;
type DepositFormValues = z.output<typeof depositFormSchema>;

const SERVER_FIELDS: Record<string, keyof DepositFormInput> = {
  officeId: 'officeId',
  depositDate: 'depositDate',
  amountCents: 'amount',
  reference: 'reference',
};

function DepositForm({ onDone }: { onDone: () => void }) {
  const { control, handleSubmit, setError, formState } = useForm<DepositFormInput, unknown, DepositFormValues>({
    resolver: zodResolver(depositFormSchema),
    defaultValues: { officeId: '', depositDate: today(), amount: '', reference: '' },
    mode: 'onTouched',
  });
  const offices = useOfficeOptions('CASH_FLOW');
  const enter = useEnterDeposit();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = handleSubmit(async ({ amount, ...values }) => {
    setFailure(null);
    try {
      await enter.mutateAsync({ ...values, amountCents: amount });
      notifications.show({ color: 'teal', message: 'Deposit recorded.' });
      onDone();
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (!showServerFieldErrors(error, SERVER_FIELDS, setError)) setFailure(error.body?.message ?? error.message);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="New deposit">
      <Stack gap="sm">
        {failure && (
          <Alert color="red" title="The deposit was not recorded">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          <FormSelect
            control={control}
            name="officeId"
            label="Office"
            required
            data={(offices.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
            placeholder="Choose an office"
            searchable
            emptyValue=""
          />
          <FormTextInput control={control} name="depositDate" label="Deposit Date" type="date" required />
          <FormTextInput
            control={control}
            name="amount"
            label="Amount ($)"
            required
            inputMode="decimal"
            placeholder="0.00"
          />
          <FormTextInput control={control} name="reference" label="Reference" required />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            Save deposit
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Add deposit": a bank deposit of an office day, in a modal. */
export function AddDepositButton() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button onClick={open}>Add deposit</Button>
      <Modal opened={opened} onClose={close} title="Add deposit" size="lg">
        {opened && <DepositForm onDone={close} />}
      </Modal>
    </>
  );
}
