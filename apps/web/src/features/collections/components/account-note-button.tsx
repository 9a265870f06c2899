import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ACCOUNT_NOTE_MAX, collectionAccountNoteSchema } from '@casedesk/contract/collections/account';
import { FormTextarea } from '@/components/form-field/form-inputs.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { useAddAccountNote } from '../api/add-account-note.ts';

const noteFormSchema = collectionAccountNoteSchema.pick({ note: true });
interface NoteValues {
  note: string;
}

function NoteForm({ accountId, onDone }: { accountId: string; onDone: () => void }) {
  const { control, handleSubmit, setError, formState } = useForm<NoteValues>({
    resolver: zodResolver(noteFormSchema),
    defaultValues: { note: '' },
  });
  const add = useAddAccountNote();
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = handleSubmit(async ({ note }) => {
    setRefusal(null);
    try {
      await add.mutateAsync({ accountId, note });
      onDone();
    } catch (error) {
      if (!isApiError(error)) throw error;
      const message = error.body?.fieldErrors?.note;
      if (message) setError('note', { type: 'server', message });
      else setRefusal(error.message);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Add note">
      <Stack gap="sm">
        {refusal && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        <FormTextarea
          control={control}
          name="note"
          label="Note"
          required
          maxLength={ACCOUNT_NOTE_MAX}
          rows={3}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            Add note
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Add note": a note on the account's timeline. */
export function AccountNoteButton({ accountId }: { accountId: string }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="default" onClick={open}>
        Add note
      </Button>
      <Modal opened={opened} onClose={close} title="Add note">
        {opened && <NoteForm accountId={accountId} onDone={close} />}
      </Modal>
    </>
  );
}
