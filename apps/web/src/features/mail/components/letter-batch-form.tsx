import { Alert, Button, Group, Pill, Progress, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { LETTER_BODY_MAX_LENGTH, LETTER_MESSAGES, letterBatchRequestSchema } from '@casedesk/contract/mail/letter';
import { useOfficeOptions } from '@/api/dropdowns/office-options.ts';
import { fieldErrorText } from '@/components/form-field/form-field.tsx';
import { FormSelect, FormTextarea, FormTextInput } from '@/components/form-field/form-inputs.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { useLetterBatch } from '../api/get-letter-batch.ts';
import { useStartLetterBatch } from '../api/start-letter-batch.ts';
import { MailClientPicker } from './mail-client-picker.tsx';

const field = letterBatchRequestSchema.shape;
const batchFormSchema = z.object({
  officeId: z.string().pipe(field.officeId),
  subject: field.subject,
  body: field.body,
});
type BatchFormValues = z.infer<typeof batchFormSchema>;

/** How far the batch has come, every second until it is done (the job prints the letters in the background). */
function BatchProgress({ batchId, onClose }: { batchId: string; onClose: () => void }) {
  const batch = useLetterBatch(batchId);
  const status = batch.data;
  if (!status) return <Text size="sm">Starting…</Text>;
  const percent = status.total === 0 ? 100 : Math.round((status.done / status.total) * 100);
  return (
    <Stack gap="sm" data-testid="letter-batch-progress">
      <Text size="sm">
        {status.state === 'DONE'
          ? `All ${status.total} letters are saved on their clients.`
          : status.state === 'FAILED'
            ? (status.error ?? LETTER_MESSAGES.batchFailed)
            : `${status.done} of ${status.total} letters printed…`}
      </Text>
      <Progress
        value={percent}
        color={status.state === 'FAILED' ? 'red' : undefined}
        animated={status.state === 'RUNNING'}
      />
      <Group justify="flex-end">
        <Button onClick={onClose}>{status.state === 'DONE' || status.state === 'FAILED' ? 'Close' : 'Hide'}</Button>
      </Group>
    </Stack>
  );
}

/**
 * Batch letters: one letter per chosen client from one text, @clientFirstName and @clientLastName filled for each,
 * printed by a background job with its progress shown here.
 */
export function LetterBatchForm({ onClose }: { onClose: () => void }) {
  const offices = useOfficeOptions('MAIL');
  const start = useStartLetterBatch();
  const [clients, setClients] = useState<{ id: string; name: string }[]>([]);
  const [clientsError, setClientsError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [batchId, setBatchId] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<BatchFormValues>({
    resolver: zodResolver(batchFormSchema),
    defaultValues: { officeId: '', subject: '', body: 'Dear @clientFirstName @clientLastName,\n\n' },
    mode: 'onTouched',
  });
  if (batchId) return <BatchProgress batchId={batchId} onClose={onClose} />;
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    if (clients.length === 0) {
      setClientsError(LETTER_MESSAGES.batchEmpty);
      return;
    }
    try {
      const status = await start.mutateAsync({ ...values, clientIds: clients.map((c) => c.id) });
      setBatchId(status.id);
    } catch (error) {
      if (!isApiError(error)) throw error;
      setFailure(error.body?.message ?? error.message);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Batch letters">
      <Stack gap="sm">
        {failure && (
          <Alert color="red" title="The letters were not started">
            {failure}
          </Alert>
        )}
        <MailClientPicker
          label="Clients"
          description="Add each client the letter goes to."
          error={fieldErrorText(clientsError ?? undefined)}
          onPick={(picked) => {
            setClientsError(null);
            setClients((list) =>
              list.some((c) => c.id === picked.id)
                ? list
                : [...list, { id: picked.id, name: `${picked.firstName} ${picked.lastName}` }],
            );
          }}
        />
        {clients.length > 0 && (
          <Pill.Group>
            {clients.map((c) => (
              <Pill
                key={c.id}
                withRemoveButton
                onRemove={() => setClients((list) => list.filter((x) => x.id !== c.id))}
              >
                {c.name}
              </Pill>
            ))}
          </Pill.Group>
        )}
        <FormSelect
          control={control}
          name="officeId"
          label="Letterhead"
          required
          data={(offices.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
          placeholder={offices.isPending ? 'Loading…' : 'The office whose letterhead they are printed on'}
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
          rows={10}
          description="@clientFirstName and @clientLastName are filled in for each client."
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            Make {clients.length || ''} letter{clients.length === 1 ? '' : 's'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
