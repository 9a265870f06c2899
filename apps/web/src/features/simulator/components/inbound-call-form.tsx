import { Button, Group, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  SIMULATED_CALL_MAX_SECONDS,
  simulatedCallSchema,
  type SimulatedCall,
  type SimulatedCallInput,
} from '@casedesk/contract/simulator/simulator';
import { FormNumberInput, FormPhoneInput } from '@/components/form-field/form-inputs.tsx';
import { useSimulateCall } from '../api/simulate-call.ts';
import { showServerFieldErrors, SimulatorFeedback } from './simulator-feedback.tsx';

const FIELDS = ['from', 'to', 'durationSeconds'] as const;

/** A call to a tracking line: rings (Twilio's voice webhook), and with a duration also ends. */
export function InboundCallForm() {
  const { control, handleSubmit, setError } = useForm<SimulatedCallInput, unknown, SimulatedCall>({
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
          <FormPhoneInput control={control} name="from" label="From (caller)" required />
          <FormPhoneInput control={control} name="to" label="To (dialed number, DNIS)" required />
          <FormNumberInput
            control={control}
            name="durationSeconds"
            label="Talk seconds"
            description="Empty: the call keeps ringing (ongoing)"
            min={0}
            max={SIMULATED_CALL_MAX_SECONDS}
            allowDecimal={false}
            allowNegative={false}
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
