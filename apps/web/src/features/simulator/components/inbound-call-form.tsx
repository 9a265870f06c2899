import { Button, Group, NumberInput, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import {
  SIMULATED_CALL_MAX_SECONDS,
  simulatedCallSchema,
  type SimulatedCall,
  type SimulatedCallInput,
} from '@casedesk/contract/simulator/simulator';
import { PhoneInput } from '@/components/masked-inputs/phone-input.tsx';
import { useSimulateCall } from '../api/simulate-call.ts';
import { showServerFieldErrors, shown, SimulatorFeedback } from './simulator-feedback.tsx';

const FIELDS = ['from', 'to', 'durationSeconds'] as const;

/** A call to a tracking line: rings (Twilio's voice webhook), and with a duration also ends. */
export function InboundCallForm() {
  const { control, handleSubmit, setError, formState } = useForm<SimulatedCallInput, unknown, SimulatedCall>({
    resolver: zodResolver(simulatedCallSchema),
    defaultValues: { from: '', to: '' },
    mode: 'onTouched',
  });
  const call = useSimulateCall();

  const submit = handleSubmit((values) =>
    call.mutate(values, { onError: (error) => showServerFieldErrors(error, FIELDS, setError) }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Inbound call">
      <Stack gap="sm">
        <Group grow align="flex-start">
          <Controller
            control={control}
            name="from"
            render={({ field }) => (
              <PhoneInput label="From (caller)" withAsterisk {...field} error={shown(formState.errors.from?.message)} />
            )}
          />
          <Controller
            control={control}
            name="to"
            render={({ field }) => (
              <PhoneInput
                label="To (dialed number, DNIS)"
                withAsterisk
                {...field}
                error={shown(formState.errors.to?.message)}
              />
            )}
          />
          <Controller
            control={control}
            name="durationSeconds"
            render={({ field }) => (
              <NumberInput
                label="Talk seconds"
                description="Empty: the call keeps ringing (ongoing)"
                min={0}
                max={SIMULATED_CALL_MAX_SECONDS}
                allowDecimal={false}
                allowNegative={false}
                name={field.name}
                ref={field.ref}
                value={field.value ?? ''}
                onChange={(value) => field.onChange(typeof value === 'number' ? value : undefined)}
                onBlur={field.onBlur}
                error={shown(formState.errors.durationSeconds?.message)}
              />
            )}
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={call.isPending}>
            Place inbound call
          </Button>
        </Group>
        <SimulatorFeedback
          error={call.error}
          success={call.data && `Call ${call.data.callSid} was posted to the voice webhook.`}
        />
      </Stack>
    </form>
  );
}
