import { Alert, Button, Checkbox, Group, Modal, MultiSelect, Stack, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { ACCESS_TYPES, type AccessType, type PermissionType } from '@casedesk/contract/access/permissions';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import { useAllOffices } from '@/api/dropdowns/all-offices.ts';
import { isApiError } from '@/lib/api-error.ts';
import {
  ACCESS_TYPE_LABELS,
  isPlainOfficeAccess,
  officeChoicesOf,
  officePermissionsOf,
  type OfficeAccessChoice,
  type OfficeAccessChoices,
} from './office-access-model.ts';

/** The user a row of an office-access table is about. */
export interface OfficeAccessUser {
  userId: string;
  displayName: string;
  mail: string;
  officeName: string | null;
  permissions: Permission[];
}

/** The mutation that saves a user's part: the feature's own hook for its endpoint. */
export type UseOfficeAccessUpdate<C> = () => {
  mutateAsync: (update: { userId: string; change: C }) => Promise<unknown>;
  isPending: boolean;
};

export interface OfficeAccessEditorProps<T extends PermissionType, C> {
  user: OfficeAccessUser;
  types: readonly T[];
  labels: Record<T, string>;
  /** "cash-flow", "collections": the form's and the warning's word. */
  noun: string;
  /** The contract's schema of the change (permissions and reason), with its messages. */
  changeSchema: z.ZodType<C>;
  useUpdate: UseOfficeAccessUpdate<C>;
}

interface ChoiceFieldsProps {
  label: string;
  choice: OfficeAccessChoice;
  offices: { value: string; label: string }[];
  onChange: (choice: OfficeAccessChoice) => void;
}

/** One permission type: its levels, and the offices they reach. */
function ChoiceFields({ label, choice, offices, onChange }: ChoiceFieldsProps) {
  return (
    <Stack gap={6}>
      <Checkbox.Group
        label={label}
        value={choice.levels}
        onChange={(levels) => onChange({ ...choice, levels: ACCESS_TYPES.filter((a) => levels.includes(a)) })}
      >
        <Group gap="md" mt={4}>
          {ACCESS_TYPES.map((accessType: AccessType) => (
            <Checkbox key={accessType} value={accessType} label={ACCESS_TYPE_LABELS[accessType]} />
          ))}
        </Group>
      </Checkbox.Group>
      {choice.levels.length > 0 && (
        <MultiSelect
          label={`${label} offices`}
          description="None chosen: every office."
          placeholder={choice.officeIds.length ? undefined : 'All offices'}
          data={offices}
          value={choice.officeIds}
          onChange={(officeIds) => onChange({ ...choice, officeIds })}
          searchable
          clearable
        />
      )}
    </Stack>
  );
}

/** The server's refusal in plain words: a field message, else its message. */
function refusalOf(error: unknown): string {
  if (!isApiError(error)) return 'The access could not be saved.';
  const fields = Object.values(error.body?.fieldErrors ?? {});
  return fields.length ? fields.map(String).join(' ') : (error.body?.message ?? 'The access could not be saved.');
}

function EditAccessForm<T extends PermissionType, C>({
  user,
  types,
  labels,
  noun,
  changeSchema,
  useUpdate,
  onDone,
}: OfficeAccessEditorProps<T, C> & { onDone: () => void }) {
  const [choices, setChoices] = useState<OfficeAccessChoices<T>>(() => officeChoicesOf(types, user.permissions));
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const offices = useAllOffices();
  const update = useUpdate();
  const officeOptions = (offices.data ?? []).map((o) => ({ value: o.id, label: o.name }));
  const replacesConditions = user.permissions.some((p) => !isPlainOfficeAccess(p));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const change = changeSchema.safeParse({ permissions: officePermissionsOf(types, choices), reason });
    if (!change.success) {
      const issue = change.error.issues[0];
      if (issue?.path[0] === 'reason') return setReasonError(issue.message);
      return setFailure(issue?.message ?? 'The access could not be saved.');
    }
    setReasonError(null);
    try {
      await update.mutateAsync({ userId: user.userId, change: change.data });
      onDone();
    } catch (error) {
      setFailure(refusalOf(error));
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`Edit ${noun} access`}>
      <Stack gap="md">
        {failure && (
          <Alert color="red" title="The access was not changed">
            {failure}
          </Alert>
        )}
        {replacesConditions && (
          <Alert color="yellow">
            Some of this user’s {noun} access has conditions this screen does not show; saving replaces them.
          </Alert>
        )}
        {types.map((type) => (
          <ChoiceFields
            key={type}
            label={labels[type]}
            choice={choices[type]}
            offices={officeOptions}
            onChange={(choice) => setChoices((current) => ({ ...current, [type]: choice }))}
          />
        ))}
        <Textarea
          label="Reason"
          description="Kept in the audit log with the change."
          required
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={reasonError}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save access
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Edit": a user's levels and offices of these permission types, with a reason, in a modal. */
export function EditOfficeAccessButton<T extends PermissionType, C>(props: OfficeAccessEditorProps<T, C>) {
  const [opened, { open, close }] = useDisclosure(false);
  const { user, noun } = props;
  const title = `${noun.charAt(0).toUpperCase()}${noun.slice(1)} access of ${user.displayName}`;
  return (
    <>
      <Button size="compact-xs" variant="light" onClick={open} aria-label={`Edit ${user.displayName}`}>
        Edit
      </Button>
      <Modal opened={opened} onClose={close} title={title} size="lg">
        {opened && (
          <>
            <Text size="sm" c="dimmed" mb="sm">
              {user.mail}
              {user.officeName ? ` · ${user.officeName}` : ''}
            </Text>
            <EditAccessForm {...props} onDone={close} />
          </>
        )}
      </Modal>
    </>
  );
}
