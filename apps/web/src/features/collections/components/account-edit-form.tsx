import { Alert, Button, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  ACCOUNT_NOTE_MAX,
  COLLECTION_STATUSES,
  COLLECTION_STATUS_LABELS,
  collectionAccountPatchSchema,
  type CollectionAccountDetail,
  type CollectionStatus,
} from '@casedesk/contract/collections/account';
import { FormSelect, FormTextarea, FormTextInput } from '@/components/form-field/form-inputs.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { useCollectors } from '../api/list-collectors.ts';
import { useTerms } from '../api/list-terms.ts';
import { useUpdateCollectionAccount, type CollectionAccountPatchInput } from '../api/update-collection-account.ts';

export interface AccountEditValues {
  status: CollectionStatus;
  /** The reason: required when the status changes. */
  note: string;
  termId: string | null;
  collectorId: string | null;
  /** yyyy-MM-dd, '' for none. */
  followUpDate: string;
}

type EditField = keyof AccountEditValues;
const FIELDS: readonly EditField[] = ['status', 'note', 'termId', 'collectorId', 'followUpDate'];
const isField = (name: unknown): name is EditField => FIELDS.includes(name as EditField);

export function editValuesOf(account: CollectionAccountDetail): AccountEditValues {
  return {
    status: account.status,
    note: '',
    termId: account.termId,
    collectorId: account.collectorId,
    followUpDate: account.followUpDate ?? '',
  };
}

/** The PATCH body: only what changed, and the reason with it. */
export function patchOf(account: CollectionAccountDetail, values: AccountEditValues): CollectionAccountPatchInput {
  const patch: CollectionAccountPatchInput = { id: account.id };
  if (values.status !== account.status) patch.status = values.status;
  if (values.termId !== account.termId) patch.termId = values.termId;
  if (values.collectorId !== account.collectorId) patch.collectorId = values.collectorId;
  const followUpDate = values.followUpDate || null;
  if (followUpDate !== account.followUpDate) patch.followUpDate = followUpDate;
  if (values.note.trim()) patch.note = values.note;
  return patch;
}

const STATUS_OPTIONS = COLLECTION_STATUSES.map((value) => ({ value, label: COLLECTION_STATUS_LABELS[value] }));

function EditForm({ account, onDone }: { account: CollectionAccountDetail; onDone: () => void }) {
  const form = useForm<AccountEditValues>({ defaultValues: editValuesOf(account) });
  const { control, handleSubmit, setError, formState } = form;
  const terms = useTerms();
  // Who may work accounts in this account's office.
  const collectors = useCollectors(account.officeId);
  const update = useUpdateCollectionAccount();
  const [refusal, setRefusal] = useState<string | null>(null);
  const status = useWatch({ control, name: 'status' });
  const statusChanges = status !== account.status;

  // The contract's own rules and messages: a status change needs its reason; something must change.
  const submit = handleSubmit(async (values) => {
    setRefusal(null);
    const patch = patchOf(account, values);
    const checked = collectionAccountPatchSchema.safeParse(patch);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        // "Change at least one of …" is about the whole form, not the status field it is filed under.
        const aboutForm = field === 'status' && patch.status === undefined;
        if (isField(field) && !aboutForm) setError(field, { message: issue.message });
        else setRefusal(issue.message);
      }
      return;
    }
    try {
      await update.mutateAsync(patch);
      onDone();
    } catch (error) {
      if (!isApiError(error)) throw error;
      let shown = false;
      for (const [field, message] of Object.entries(error.body?.fieldErrors ?? {})) {
        if (!isField(field)) continue;
        setError(field, { type: 'server', message });
        shown = true;
      }
      if (!shown) setRefusal(error.message);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Edit account">
      <Stack gap="sm">
        {refusal && (
          <Alert color="red" variant="light" role="alert" data-testid="edit-refusal">
            {refusal}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
          <FormSelect control={control} name="status" label="Status" data={STATUS_OPTIONS} allowDeselect={false} />
          <FormSelect
            control={control}
            name="termId"
            label="Term"
            placeholder="No term"
            data={(terms.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
            clearable
          />
          <FormSelect
            control={control}
            name="collectorId"
            label="Collector"
            placeholder="Unassigned"
            data={(collectors.data ?? []).map((c) => ({ value: c.id, label: c.displayName }))}
            searchable
            clearable
          />
          <FormTextInput control={control} name="followUpDate" label="Follow-up Date" type="date" />
        </SimpleGrid>
        <FormTextarea
          control={control}
          name="note"
          label={statusChanges ? 'Reason for the status change' : 'Note'}
          required={statusChanges}
          maxLength={ACCOUNT_NOTE_MAX}
          rows={2}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Edit": status (with a reason when it changes), term, collector and follow-up date (PATCH). */
export function EditAccountButton({ account }: { account: CollectionAccountDetail }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="default" onClick={open}>
        Edit
      </Button>
      <Modal opened={opened} onClose={close} title="Edit account" size="lg">
        {opened && <EditForm account={account} onDone={close} />}
      </Modal>
    </>
  );
}
