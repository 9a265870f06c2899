import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Chip, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { CLICK_TO_CALL_MESSAGES, clickToCallRequestSchema } from '@casedesk/contract/calls/click-to-call';
import { formatPhone } from '@casedesk/contract/common/text';
import { FormPhoneInput, FormSelect } from '@/components/form-field/form-inputs.tsx';
import { LockIcon } from '@/components/icons.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { useSession } from '@/lib/session-context.ts';
import { useClickToCall } from '../api/click-to-call.ts';
import { useOutgoingCallNumbers } from '../api/get-outgoing-call-numbers.ts';
import { useSmartDial } from '../api/get-smart-dial.ts';

/** What the call is about, and a number to start from (SPEC §2 click-to-call modal). */
export interface ClickToCallTarget {
  clientId?: string;
  inquiryId?: string;
  collectionAccountId?: string;
  /** Digits (or any punctuation of them) to prefill the phone number with. */
  phoneNumber?: string;
}

export interface ClickToCallModalProps extends ClickToCallTarget {
  opened: boolean;
  onClose: () => void;
}

/** The form checks exactly what the server checks, with the same SPEC §5 messages. */
const formSchema = clickToCallRequestSchema.pick({ participantNumber: true, outboundCallerId: true });
interface FormValues {
  participantNumber: string;
  outboundCallerId: string;
}

/**
 * SPEC §2/§5 click-to-call: phone number (offered from the client's numbers, or typed) and outgoing
 * number (outbound caller id), both required. Only 10-digit caller ids are offered (the server filters);
 * when only one is offered it is preselected and locked.
 */
export function ClickToCallModal({ opened, onClose, ...target }: ClickToCallModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Click to call" centered size="md" data-testid="click-to-call-modal">
      {/* The content unmounts when closed, so each opening starts afresh. */}
      <ClickToCallForm target={target} onDone={onClose} />
    </Modal>
  );
}

function ClickToCallForm({ target, onDone }: { target: ClickToCallTarget; onDone: () => void }) {
  const { user } = useSession();
  const smartDial = useSmartDial({ clientId: target.clientId, inquiryId: target.inquiryId });
  const outgoing = useOutgoingCallNumbers();
  const call = useClickToCall();
  const form = useForm<FormValues, unknown, { participantNumber: string; outboundCallerId: string }>({
    resolver: zodResolver(formSchema),
    defaultValues: { participantNumber: target.phoneNumber ?? '', outboundCallerId: '' },
  });
  const numbers = outgoing.data ?? [];
  const locked = numbers.length === 1;
  const { setValue, getValues } = form;

  // SPEC §5: a single outgoing number is preselected (and the select locked below).
  useEffect(() => {
    const offered = outgoing.data ?? [];
    if (offered.length === 1 && !getValues('outboundCallerId'))
      setValue('outboundCallerId', offered[0]!.outboundCallerId);
  }, [outgoing.data, getValues, setValue]);
  // With no number given, the client's first one is the likely choice.
  useEffect(() => {
    const first = smartDial.data?.[0];
    if (first && !getValues('participantNumber')) setValue('participantNumber', first.phoneNumber);
  }, [smartDial.data, getValues, setValue]);

  const submit = form.handleSubmit((values) =>
    call.mutate(
      {
        ...values,
        clientId: target.clientId ?? null,
        inquiryId: target.inquiryId ?? null,
        collectionAccountId: target.collectionAccountId ?? null,
      },
      {
        onSuccess: () => {
          // SPEC §9: toasts last 1500 ms (the Notifications default set in app-providers).
          notifications.show({ color: 'teal', message: CLICK_TO_CALL_MESSAGES.success });
          onDone();
        },
        // A 400 is the server's verdict on a field, shown under it (operatorNumber above the form); a refusal
        // by a rule (409, 422) is shown above the form as the server words it, e.g. when the next call is allowed.
        onError: (error) => {
          if (!isApiError(error)) return;
          if (error.status === 409 || error.status === 422) {
            form.setError('root', { message: error.message });
            return;
          }
          if (error.status !== 400) return;
          const fieldErrors = error.body?.fieldErrors ?? {};
          for (const name of ['participantNumber', 'outboundCallerId'] as const) {
            if (fieldErrors[name]) form.setError(name, { message: fieldErrors[name] });
          }
          if (!fieldErrors.participantNumber && !fieldErrors.outboundCallerId) {
            form.setError('root', { message: fieldErrors.operatorNumber ?? error.message });
          }
        },
      },
    ),
  );
  const participant = useWatch({ control: form.control, name: 'participantNumber' });

  return (
    <form
      onSubmit={(event) => {
        // React bubbles events through portals: the inquiry form this modal opens from must not submit too.
        event.stopPropagation();
        void submit(event);
      }}
      noValidate
      data-testid="click-to-call-form"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {user.clickToCall
            ? `Your phone ${formatPhone(user.clickToCall)} rings first; the call is then connected.`
            : 'Your click to call number is not set: set it under Change click to call in the user menu.'}
        </Text>
        {form.formState.errors.root?.message && (
          <Alert color="red" variant="light" data-testid="click-to-call-error">
            {form.formState.errors.root.message}
          </Alert>
        )}
        {smartDial.isLoading && <Loader size="xs" aria-label="Loading the client's numbers" />}
        {(smartDial.data?.length ?? 0) > 0 && (
          <Chip.Group
            value={participant}
            onChange={(value) => form.setValue('participantNumber', String(value), { shouldValidate: true })}
          >
            <Group gap="xs" aria-label="Client numbers" role="group" data-testid="smart-dial-options">
              {smartDial.data!.map((option) => (
                <Chip key={option.phoneNumber} value={option.phoneNumber} size="xs">
                  {`${option.label}: ${formatPhone(option.phoneNumber)}`}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        )}
        <FormPhoneInput control={form.control} name="participantNumber" label="Phone number" required data-autofocus />
        <FormSelect
          control={form.control}
          name="outboundCallerId"
          label="Outgoing number"
          required
          emptyValue=""
          data={numbers.map((n) => ({
            value: n.outboundCallerId,
            label: `${n.name} · ${formatPhone(n.outboundCallerId)}`,
          }))}
          placeholder={
            outgoing.isLoading ? 'Loading…' : numbers.length ? 'Choose the number to call from' : 'None available'
          }
          disabled={locked}
          rightSection={locked ? <LockIcon size={14} /> : undefined}
          description={locked ? 'The only number you may call from' : undefined}
          allowDeselect={false}
          data-testid="outgoing-number"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={call.isPending}>
            Call
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
