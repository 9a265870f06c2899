import { Alert, Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { PaymentDetail } from '@casedesk/contract/accounting/payment';
import { officeToday } from '@casedesk/contract/common/dates';
import { formatDateInput } from '@casedesk/contract/common/text';
import { useClientInquiries } from '@/api/clients/client-details.ts';
import { useAllOffices } from '@/api/dropdowns/all-offices.ts';
import { fieldErrorText } from '@/components/form-field/form-field.tsx';
import { FormSelect, FormTextInput } from '@/components/form-field/form-inputs.tsx';
import { FormCheckbox } from '@/components/form-field/form-toggles.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { useSession } from '@/lib/session-context.ts';
import { useEnterPayment } from '../api/enter-payment.ts';
import { cashFlowEntryOffices } from './accounting-access.ts';
import { ClientSearchSelect } from './client-search-select.tsx';
import {
  emptyPaymentForm,
  paymentFormSchema,
  SERVER_FIELDS,
  toPaymentWrite,
  type PaymentFormInput,
  type PaymentFormValues,
} from './payment-form-values.ts';
import { PAYMENT_ACCOUNT_OPTIONS, PAYMENT_TYPE_OPTIONS, today } from './payment-labels.ts';
import { showServerFieldErrors } from './server-field-errors.ts';

interface PaymentFormProps {
  onSaved: (payment: PaymentDetail) => void;
  onCancel: () => void;
}

/**
 * A new cash-flow entry. Fees and cost are typed in dollars and sent as integer cents; a 400 puts each server
 * message under its field, a 409 (receipt number used in the office) under the receipt number.
 */
export function PaymentForm({ onSaved, onCancel }: PaymentFormProps) {
  const { control, handleSubmit, setError, setValue, getFieldState, formState } = useForm<
    PaymentFormInput,
    unknown,
    PaymentFormValues
  >({ resolver: zodResolver(paymentFormSchema), defaultValues: emptyPaymentForm(today()), mode: 'onTouched' });
  // Active offices (an inactive one takes no payments) where the user has CASH_FLOW CREATE.
  const offices = cashFlowEntryOffices(useSession(), useAllOffices().data ?? []);
  const clientId = useWatch({ control, name: 'clientId' });
  const officeId = useWatch({ control, name: 'officeId' });
  const officeZone = offices.find((o) => o.id === officeId)?.timeZone;
  useEffect(() => {
    // Money counts for the office's day, which is not the browser's across midnight in another zone (the server
    // refuses a future date): until the date is typed, it follows the chosen office's today.
    if (officeZone && !getFieldState('paymentDate').isDirty) setValue('paymentDate', officeToday(officeZone));
  }, [officeZone, getFieldState, setValue]);
  const inquiries = useClientInquiries(clientId || null);
  const enter = useEnterPayment();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      onSaved(await enter.mutateAsync(toPaymentWrite(values)));
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.status === 409) {
        setError('receiptNumber', { type: 'server', message: error.body?.message });
        return;
      }
      if (!showServerFieldErrors(error, SERVER_FIELDS, setError))
        setFailure(error.body?.message ?? 'The payment was not saved.');
    }
  });

  const matters = (inquiries.data ?? []).map((inquiry) => ({
    value: inquiry.id,
    label: [inquiry.lawType ?? 'Matter', formatDateInput(inquiry.createdAt.slice(0, 10))].join(' · '),
  }));
  return (
    <form onSubmit={submit} noValidate aria-label="New payment">
      <Stack gap="sm">
        {failure && (
          <Alert color="red" title="The payment was not saved">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          <FormSelect
            control={control}
            name="officeId"
            label="Office"
            required
            data={offices.map((o) => ({ value: o.id, label: o.name }))}
            placeholder="Choose an office"
            searchable
            emptyValue=""
          />
          <Controller
            control={control}
            name="clientId"
            render={({ fieldState }) => (
              <ClientSearchSelect
                error={fieldErrorText(fieldState.error?.message)}
                onPick={(client) => {
                  setValue('clientId', client?.id ?? '', { shouldValidate: Boolean(client) });
                  setValue('inquiryId', null);
                }}
              />
            )}
          />
          <FormSelect
            control={control}
            name="inquiryId"
            label="Matter"
            data={matters}
            disabled={!clientId}
            placeholder={clientId && matters.length === 0 ? 'No matters' : 'Optional'}
            clearable
          />
          <FormSelect
            control={control}
            name="paymentType"
            label="Payment Type"
            required
            data={PAYMENT_TYPE_OPTIONS}
            placeholder="Choose a type"
            emptyValue=""
          />
          <FormTextInput control={control} name="fees" label="Fees ($)" inputMode="decimal" placeholder="0.00" />
          <FormTextInput control={control} name="cost" label="Cost ($)" inputMode="decimal" placeholder="0.00" />
          <FormTextInput
            control={control}
            name="receiptNumber"
            label="Receipt Num"
            inputMode="numeric"
            placeholder="Next number"
          />
          <FormTextInput control={control} name="paymentDate" label="Payment Date" type="date" required />
          <FormSelect
            control={control}
            name="account"
            label="Account"
            required
            data={PAYMENT_ACCOUNT_OPTIONS}
            description="Trust: the client's money, held for the matter"
            allowDeselect={false}
            emptyValue=""
          />
        </SimpleGrid>
        <FormCheckbox control={control} name="officeEntered" label="Office entered" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            Save payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
