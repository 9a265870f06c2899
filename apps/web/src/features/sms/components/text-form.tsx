import { Alert, Button, Divider, Group, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { ClientSummary } from '@casedesk/contract/clients/client';
import {
  SMS_MESSAGES,
  SMS_SUCCESS_DISPLAY_MS,
  type SmsMessage,
  type SmsOfficeOption,
} from '@casedesk/contract/sms/sms';
import { isApiError } from '@/lib/api-error.ts';
import { useSmsHistory } from '../api/get-sms-history.ts';
import { useActiveDropdowns } from '@/lib/active-dropdowns.ts';
import { SEND_SMS_INLINE_STATUSES, useSendSms } from '../api/send-sms.ts';
import { MessageFields } from './message-fields.tsx';
import { OpenedText } from './opened-text.tsx';
import { RecipientFields } from './recipient-fields.tsx';
import { SaveCannedButton } from './save-canned-button.tsx';
import { TextHistory } from './text-history.tsx';
import {
  clientFields,
  sendRequestOf,
  templateValuesOf,
  textFormSchema,
  type TextFormOutput,
  type TextFormValues,
} from './text-form-values.ts';
import { useSmsAccess } from './use-sms-access.ts';

/** Fields a server refusal can name (DESIGN §3 fieldErrors) that the form shows under themselves. */
const FORM_FIELDS = ['fromNumber', 'toNumber', 'body', 'categoryId', 'reasonId'] as const;
type FormField = (typeof FORM_FIELDS)[number];
const isFormField = (name: string): name is FormField => (FORM_FIELDS as readonly string[]).includes(name);

type NamedClient = Pick<ClientSummary, 'firstName' | 'lastName'>;

export interface TextFormProps {
  defaultValues: TextFormValues;
  offices: { data: readonly SmsOfficeOption[]; loading: boolean; failed: boolean };
  /** The client the drawer was opened for, whose names fill a template. */
  initialClient: NamedClient | null;
  /** Edit mode: the text the drawer was opened on. */
  openedMessage?: SmsMessage;
  /** Only categories of these types are offered (a collection account's text: the COLLECTIONS ones). */
  categoryGroupTypes?: readonly string[];
  /** After the success message has shown (SPEC §4). */
  onDone: () => void;
}

/** SPEC §2/§4 Text Message form and the history of the number it is addressed to. */
export function TextForm({
  defaultValues,
  offices,
  initialClient,
  openedMessage,
  categoryGroupTypes,
  onDone,
}: TextFormProps) {
  const access = useSmsAccess();
  const form = useForm<TextFormValues, unknown, TextFormOutput>({
    resolver: zodResolver(textFormSchema),
    defaultValues,
    mode: 'onTouched',
  });
  const { control, handleSubmit, setValue, setError, reset, getValues } = form;
  const [pickedClient, setPickedClient] = useState<NamedClient | null>(initialClient);
  const categories = useActiveDropdowns('SMS_CATEGORY');
  const reasons = useActiveDropdowns('SMS_REASON');
  const send = useSendSms();
  const [sent, setSent] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // SPEC §4: the success message for 1 second (SPEC §9), then the form is reset and the drawer closed.
  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => {
      reset(defaultValues);
      setSent(false);
      onDone();
    }, SMS_SUCCESS_DISPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [sent, reset, defaultValues, onDone]);

  const phoneNumber = useWatch({ control, name: 'toNumber' });
  const [body, useTemplate] = useWatch({ control, name: ['body', 'useTemplate'] });
  const [historyPage, setHistoryPage] = useState({ phoneNumber, pageNumber: 1 });
  // Another number starts its history at page 1 (adjusted while rendering, not in an effect).
  if (historyPage.phoneNumber !== phoneNumber) setHistoryPage({ phoneNumber, pageNumber: 1 });
  const history = useSmsHistory(phoneNumber, historyPage.pageNumber);
  // Opt-out (required by law): the history says so before a send is even tried.
  const optedOut = history.data?.optedOut === true && /^\d{10}$/.test(phoneNumber);

  const pickClient = (client: ClientSummary) => {
    setPickedClient(client);
    for (const [name, value] of Object.entries(clientFields(client))) {
      setValue(name as keyof TextFormValues, value as never, {
        shouldDirty: true,
        shouldValidate: name === 'toNumber',
      });
    }
  };

  const showRefusal = (error: unknown) => {
    if (!isApiError(error) || !(SEND_SMS_INLINE_STATUSES as readonly number[]).includes(error.status)) return;
    let shown = false;
    for (const [field, message] of Object.entries(error.body?.fieldErrors ?? {})) {
      if (!isFormField(field)) continue;
      setError(field, { type: 'server', message });
      shown = true;
    }
    if (!shown) setRefusal(error.message);
  };

  const submit = handleSubmit((values) => {
    setRefusal(null);
    send.mutate(sendRequestOf(values), {
      onError: showRefusal,
      onSuccess: () => setSent(true),
    });
  });

  return (
    <Stack gap="md">
      {openedMessage && <OpenedText message={openedMessage} />}
      <form onSubmit={submit} noValidate aria-label="Text message">
        <Stack gap="sm">
          <RecipientFields
            control={control}
            offices={offices}
            categories={{
              data: access
                .categoriesFor('CREATE', categories.data ?? [])
                .filter((c) => !categoryGroupTypes || categoryGroupTypes.includes(c.groupType ?? '')),
              loading: categories.isPending,
            }}
            reasons={{ data: reasons.data ?? [], loading: reasons.isPending }}
            onPickClient={pickClient}
          />
          {optedOut && (
            <Alert color="red" variant="light" title="Opted out" data-testid="opt-out-alert" role="alert">
              {SMS_MESSAGES.optedOut}
            </Alert>
          )}
          <MessageFields form={form} templateValues={() => templateValuesOf(pickedClient, getValues('name'))} />
          {refusal && (
            <Alert color="red" variant="light" data-testid="send-error" role="alert">
              {refusal}
            </Alert>
          )}
          {sent && (
            <Alert color="green" variant="light" data-testid="sms-sent" role="status">
              {SMS_MESSAGES.sent}
            </Alert>
          )}
          {!access.create && (
            <Alert color="gray" variant="light">
              You may read these texts but not send one.
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            {access.create && !useTemplate && <SaveCannedButton message={body} userId={access.userId} />}
            <Button
              type="submit"
              loading={send.isPending}
              disabled={sent || optedOut || !access.create}
              data-testid="text-submit"
            >
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
      <Divider />
      <TextHistory
        phoneNumber={phoneNumber}
        history={history}
        highlightId={openedMessage?.id}
        pageNumber={historyPage.pageNumber}
        onPageChange={(pageNumber) => setHistoryPage({ phoneNumber, pageNumber })}
      />
    </Stack>
  );
}
