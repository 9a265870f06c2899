import { Alert, Button, Checkbox, Group, Modal, MultiSelect, Stack, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import {
  CASH_FLOW_PERMISSION_TYPES,
  cashFlowAccessChangeSchema,
  type CashFlowAccessUser,
  type CashFlowPermissionType,
} from '@casedesk/contract/accounting/cash-flow-access';
import { ACCESS_TYPES, type AccessType } from '@casedesk/contract/access/permissions';
import { useAllOffices } from '@/api/dropdowns/all-offices.ts';
import { isApiError } from '@/lib/api-error.ts';
import { useUpdateCashFlowAccess } from '../api/update-cash-flow-access.ts';
import {
  ACCESS_TYPE_LABELS,
  CASH_FLOW_PERMISSION_LABELS,
  choicesOf,
  isPlainOfficeAccess,
  permissionsOf,
  type CashFlowAccessChoice,
  type CashFlowAccessChoices,
} from './cash-flow-access-model.ts';

interface ChoiceFieldsProps {
  type: CashFlowPermissionType;
  choice: CashFlowAccessChoice;
  offices: { value: string; label: string }[];
  onChange: (choice: CashFlowAccessChoice) => void;
}

/** One permission type: its levels, and the offices they reach. */
function ChoiceFields({ type, choice, offices, onChange }: ChoiceFieldsProps) {
  return (
    <Stack gap={6}>
      <Checkbox.Group
        label={CASH_FLOW_PERMISSION_LABELS[type]}
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
          label={`${CASH_FLOW_PERMISSION_LABELS[type]} offices`}
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

function EditAccessForm({ user, onDone }: { user: CashFlowAccessUser; onDone: () => void }) {
  const [choices, setChoices] = useState<CashFlowAccessChoices>(() => choicesOf(user.permissions));
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const offices = useAllOffices();
  const update = useUpdateCashFlowAccess();
  const officeOptions = (offices.data ?? []).map((o) => ({ value: o.id, label: o.name }));
  const replacesConditions = user.permissions.some((p) => !isPlainOfficeAccess(p));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const change = cashFlowAccessChangeSchema.safeParse({ permissions: permissionsOf(choices), reason });
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
    <form onSubmit={submit} noValidate aria-label="Edit cash-flow access">
      <Stack gap="md">
        {failure && (
          <Alert color="red" title="The access was not changed">
            {failure}
          </Alert>
        )}
        {replacesConditions && (
          <Alert color="yellow">
            Some of this user’s cash-flow access has conditions this screen does not show; saving replaces them.
          </Alert>
        )}
        {CASH_FLOW_PERMISSION_TYPES.map((type) => (
          <ChoiceFields
            key={type}
            type={type}
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

/** "Edit": a user's CASH_FLOW, CASH_FLOW_RECON and CASH_FLOW_MANAGEMENT levels and offices, with a reason. */
export function EditCashFlowAccessButton({ user }: { user: CashFlowAccessUser }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button size="compact-xs" variant="light" onClick={open} aria-label={`Edit ${user.displayName}`}>
        Edit
      </Button>
      <Modal opened={opened} onClose={close} title={`Cash-flow access of ${user.displayName}`} size="lg">
        {opened && (
          <>
            <Text size="sm" c="dimmed" mb="sm">
              {user.mail}
              {user.officeName ? ` · ${user.officeName}` : ''}
            </Text>
            <EditAccessForm user={user} onDone={close} />
          </>
        )}
      </Modal>
    </>
  );
}
