import { Button, Group, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { formatPhone } from '@casedesk/contract/common/text';
import {
  SIMULATED_SMS_MAX_LENGTH,
  simulatedSmsSchema,
  type SimulatedSms,
  type SimulatedSmsInput,
} from '@casedesk/contract/simulator/simulator';
import { FormPhoneInput, FormSelect, FormTextarea } from '@/components/form-field/form-inputs.tsx';
import { useSmsOffices } from '@/api/dropdowns/sms-offices.ts';
import { useSimulateSms } from '../api/simulate-sms.ts';
import { showServerFieldErrors, SimulatorFeedback } from './simulator-feedback.tsx';

const FIELDS = ['from', 'to', 'body'] as const;
const EMPTY: SimulatedSmsInput = { from: '', to: '', body: '' };

/** A text from a member of the public to one of our office numbers (Twilio's inbound SMS webhook). */
export function InboundSmsForm() {
  const { control, handleSubmit, setError, reset, getValues } = useForm<SimulatedSmsInput, unknown, SimulatedSms>({
    resolver: zodResolver(simulatedSmsSchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const send = useSimulateSms();
  // The office numbers once the SMS module serves them; until then (or without access) a typed number.
  const offices = useSmsOffices({ quiet: true });
  const officeOptions = (offices.data ?? []).map((o) => ({
    value: o.smsNumber,
    label: `${o.label} · ${formatPhone(o.smsNumber)}`,
  }));

  const submit = handleSubmit((values) =>
    send.mutate(values, {
      // Keep the numbers for the next message of the same conversation.
      onSuccess: () => reset({ ...getValues(), body: '' }),
      onError: (error) => showServerFieldErrors(error, FIELDS, setError),
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Inbound text">
      <Stack gap="sm">
        <Group grow align="flex-start">
          <FormPhoneInput control={control} name="from" label="From (sender)" required />
          {officeOptions.length > 0 ? (
            <FormSelect
              control={control}
              name="to"
              label="To (office SMS number)"
              required
              data={officeOptions}
              searchable
              emptyValue=""
            />
          ) : (
            <FormPhoneInput control={control} name="to" label="To (office SMS number)" required />
          )}
        </Group>
        <FormTextarea
          control={control}
          name="body"
          label="Message"
          required
          rows={3}
          maxLength={SIMULATED_SMS_MAX_LENGTH}
          enforceMaxLength={false}
          description="STOP, UNSUBSCRIBE, … opt the sender out; START opts them back in."
        />
        <Group justify="flex-end">
          <Button type="submit" loading={send.isPending}>
            Send inbound text
          </Button>
        </Group>
        <SimulatorFeedback
          error={send.error}
          success={
            send.data &&
            `Text ${send.data.messageSid} was posted to the SMS webhook; the office's users see it in a moment.`
          }
        />
      </Stack>
    </form>
  );
}
