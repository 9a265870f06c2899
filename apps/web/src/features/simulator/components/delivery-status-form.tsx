import { Button, Group, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import {
  SIMULATED_SMS_STATUSES,
  simulatedStatusSchema,
  type SimulatedStatus,
  type SimulatedStatusInput,
} from '@casedesk/contract/simulator/simulator';
import { FormSelect, FormTextInput } from '@/components/form-field/form-inputs.tsx';
import { useSimulateStatus } from '../api/simulate-status.ts';
import { showServerFieldErrors, SimulatorFeedback } from './simulator-feedback.tsx';

const FIELDS = ['messageSid', 'status', 'errorCode'] as const;
const FINAL_FAILURES: readonly string[] = ['failed', 'undelivered'];

/** A delivery callback for an outbound text (Twilio's status callback), e.g. to show a failure. */
export function DeliveryStatusForm() {
  const { control, handleSubmit, setError } = useForm<SimulatedStatusInput, unknown, SimulatedStatus>({
    resolver: zodResolver(simulatedStatusSchema),
    defaultValues: { messageSid: '', status: 'delivered', errorCode: '' },
    mode: 'onTouched',
  });
  const status = useWatch({ control, name: 'status' });
  const update = useSimulateStatus();

  const submit = handleSubmit(({ errorCode, ...values }) =>
    update.mutate(
      // An error code belongs to a failure only.
      { ...values, ...(errorCode && FINAL_FAILURES.includes(values.status) ? { errorCode } : {}) },
      { onError: (error) => showServerFieldErrors(error, FIELDS, setError) },
    ),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Delivery status">
      <Stack gap="sm">
        <Group grow align="flex-start">
          <FormTextInput
            control={control}
            name="messageSid"
            label="Message SID"
            required
            placeholder="SM…"
            spellCheck={false}
          />
          <FormSelect
            control={control}
            name="status"
            label="Status"
            required
            allowDeselect={false}
            data={[...SIMULATED_SMS_STATUSES]}
          />
          <FormTextInput
            control={control}
            name="errorCode"
            label="Error code"
            placeholder="30003"
            description="For failed or undelivered"
            disabled={!FINAL_FAILURES.includes(status)}
            inputMode="numeric"
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Send status
          </Button>
        </Group>
        <SimulatorFeedback
          error={update.error}
          success={update.data && `Status ${update.data.status} was posted for ${update.data.messageSid}.`}
        />
      </Stack>
    </form>
  );
}
