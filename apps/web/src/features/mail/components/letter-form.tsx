import { Alert, Badge, Button, CloseButton, Group, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  LETTER_BODY_MAX_LENGTH,
  LETTER_MESSAGES,
  saveLetterRequestSchema,
  type Letter,
} from '@casedesk/contract/mail/letter';
import { useOfficeOptions } from '@/api/dropdowns/office-options.ts';
import { fieldErrorText } from '@/components/form-field/form-field.tsx';
import { FormSelect, FormTextarea, FormTextInput } from '@/components/form-field/form-inputs.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { useSaveLetter } from '../api/save-letter.ts';
import { MailClientPicker } from './mail-client-picker.tsx';

const field = saveLetterRequestSchema.shape;

const letterFormSchema = z.object({
  officeId: z.string().pipe(field.officeId),
  subject: field.subject,
  body: field.body,
});
type LetterFormValues = z.infer<typeof letterFormSchema>;

export interface LetterRecipient {
  id: string;
  name: string;
  officeId: string | null;
}

interface LetterFormProps {
  /** Given on a client's screen; otherwise the form asks for one. */
  client?: LetterRecipient;
  /** The collection account the letter is about, on the account's screen (with its client given). */
  collectionAccountId?: string;
  onDone: (letter: Letter) => void;
  onCancel: () => void;
}

/**
 * SPEC §7 mail/saveLetter: the letter's text (already filled) printed on the office's letterhead to the client's
 * address; the PDF is saved on the client and opened to print.
 */
export function LetterForm({ client: given, collectionAccountId, onDone, onCancel }: LetterFormProps) {
  const offices = useOfficeOptions('MAIL');
  const save = useSaveLetter();
  const [client, setClient] = useState<LetterRecipient | null>(given ?? null);
  const [clientError, setClientError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const choices = (offices.data ?? []).map((o) => ({ value: o.id, label: o.name }));
  const ownOffice = choices.some((c) => c.value === client?.officeId) ? client!.officeId! : '';
  const { control, handleSubmit, setError, formState } = useForm<LetterFormValues>({
    resolver: zodResolver(letterFormSchema),
    values: { officeId: ownOffice, subject: '', body: '' },
    resetOptions: { keepDirtyValues: true },
    mode: 'onTouched',
  });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    if (!client) {
      setClientError(LETTER_MESSAGES.recipientRequired);
      return;
    }
    try {
      const letter = await save.mutateAsync({
        ...values,
        clientId: client.id,
        ...(collectionAccountId ? { collectionAccountId } : {}),
      });
      notifications.show({ color: 'teal', message: 'The letter has been saved on the client.' });
      onDone(letter);
    } catch (error) {
      if (!isApiError(error)) throw error;
      const fieldErrors = error.body?.fieldErrors ?? {};
      let shown = false;
      for (const name of ['officeId', 'subject', 'body'] as const) {
        if (fieldErrors[name]) {
          setError(name, { type: 'server', message: fieldErrors[name] });
          shown = true;
        }
      }
      if (fieldErrors.clientId) {
        setClientError(fieldErrors.clientId);
        shown = true;
      }
      if (!shown) setFailure(error.body?.message ?? error.message);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Write letter">
      <Stack gap="sm">
        {failure && (
          <Alert color="red" title="The letter was not saved">
            {failure}
          </Alert>
        )}
        {client ? (
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              To
            </Text>
            <Group gap="xs">
              <Badge variant="light" size="lg" tt="none">
                {client.name}
              </Badge>
              {!given && <CloseButton aria-label="Choose another client" onClick={() => setClient(null)} />}
            </Group>
            <Text size="xs" c="dimmed">
              The address block is the client&apos;s address as the client record has it.
            </Text>
          </Stack>
        ) : (
          <MailClientPicker
            label="To"
            error={fieldErrorText(clientError ?? undefined)}
            onPick={(picked) => {
              setClient({
                id: picked.id,
                name: `${picked.firstName} ${picked.lastName}`,
                officeId: picked.officeId,
              });
              setClientError(null);
            }}
          />
        )}
        <FormSelect
          control={control}
          name="officeId"
          label="Letterhead"
          required
          data={choices}
          placeholder={offices.isPending ? 'Loading…' : 'The office whose letterhead it is printed on'}
          searchable
          emptyValue=""
        />
        <FormTextInput control={control} name="subject" label="Subject" required />
        <FormTextarea
          control={control}
          name="body"
          label="Letter"
          required
          maxLength={LETTER_BODY_MAX_LENGTH}
          rows={12}
          description="Blank lines separate paragraphs."
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            Save letter
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
