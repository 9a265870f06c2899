import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  SIMULATED_SMS_STATUSES,
  simulatedStatusSchema,
  type SimulatedStatus,
  type SimulatedStatusInput,
} from '@casedesk/contract/simulator/simulator';
import { useSimulateStatus } from '../api/simulate-status.ts';
import { showServerFieldErrors, shown, SimulatorFeedback } from './simulator-feedback.tsx';

const FIELDS = ['messageSid', 'status', 'errorCode'] as const;
const FINAL_FAILURES: readonly string[] = ['failed', 'undelivered'];

/** A delivery callback for an outbound text (Twilio's status callback), e.g. to show a failure. */
export function DeliveryStatusForm() {
  const { control, handleSubmit, setError, formState } = useForm<SimulatedStatusInput, unknown, SimulatedStatus>({
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
          <Controller
            control={control}
            name="messageSid"
            render={({ field }) => (
              <TextInput
                label="Message SID"
                withAsterisk
                placeholder="SM…"
                spellCheck={false}
                {...field}
                error={shown(formState.errors.messageSid?.message)}
              />
            )}
          />
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <Select
                label="Status"
                withAsterisk
                allowDeselect={false}
                data={[...SIMULATED_SMS_STATUSES]}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={(value) => value && field.onChange(value)}
                onBlur={field.onBlur}
                error={shown(formState.errors.status?.message)}
              />
            )}
          />
          <Controller
            control={control}
            name="errorCode"
            render={({ field }) => (
              <TextInput
                label="Error code"
                placeholder="30003"
                description="For failed or undelivered"
                disabled={!FINAL_FAILURES.includes(status)}
                inputMode="numeric"
                {...field}
                value={field.value ?? ''}
                error={shown(formState.errors.errorCode?.message)}
              />
            )}
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
