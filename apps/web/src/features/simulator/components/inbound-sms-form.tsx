import { Button, Group, Select, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { formatPhone } from '@casedesk/contract/common/text';
import {
  SIMULATED_SMS_MAX_LENGTH,
  simulatedSmsSchema,
  type SimulatedSms,
  type SimulatedSmsInput,
} from '@casedesk/contract/simulator/simulator';
import { CountedTextarea } from '@/components/masked-inputs/counted-textarea.tsx';
import { PhoneInput } from '@/components/masked-inputs/phone-input.tsx';
import { useSmsOffices } from '@/api/dropdowns/sms-offices.ts';
import { useSimulateSms } from '../api/simulate-sms.ts';
import { showServerFieldErrors, shown, SimulatorFeedback } from './simulator-feedback.tsx';

const FIELDS = ['from', 'to', 'body'] as const;
const EMPTY: SimulatedSmsInput = { from: '', to: '', body: '' };

/** A text from a member of the public to one of our office numbers (Twilio's inbound SMS webhook). */
export function InboundSmsForm() {
  const { control, handleSubmit, setError, reset, getValues, formState } = useForm<
    SimulatedSmsInput,
    unknown,
    SimulatedSms
  >({ resolver: zodResolver(simulatedSmsSchema), defaultValues: EMPTY, mode: 'onTouched' });
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
          <Controller
            control={control}
            name="from"
            render={({ field }) => (
              <PhoneInput label="From (sender)" withAsterisk {...field} error={shown(formState.errors.from?.message)} />
            )}
          />
          <Controller
            control={control}
            name="to"
            render={({ field }) =>
              officeOptions.length > 0 ? (
                <Select
                  label="To (office SMS number)"
                  withAsterisk
                  data={officeOptions}
                  searchable
                  name={field.name}
                  ref={field.ref}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  error={shown(formState.errors.to?.message)}
                />
              ) : (
                <PhoneInput
                  label="To (office SMS number)"
                  withAsterisk
                  {...field}
                  error={shown(formState.errors.to?.message)}
                />
              )
            }
          />
        </Group>
        <Controller
          control={control}
          name="body"
          render={({ field }) => (
            <CountedTextarea
              label="Message"
              withAsterisk
              rows={3}
              maxLength={SIMULATED_SMS_MAX_LENGTH}
              enforceMaxLength={false}
              description="STOP, UNSUBSCRIBE, … opt the sender out; START opts them back in."
              {...field}
              error={shown(formState.errors.body?.message)}
            />
          )}
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
