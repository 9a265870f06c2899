import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FIELD_MESSAGES } from '@casedesk/contract/common/field-rules';
import { countOf } from '@casedesk/contract/common/text';
import { fieldErrorText } from '@/components/form-field/form-field.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { useAssignCollectionAccounts } from '../api/assign-collection-accounts.ts';
import { useCollectors } from '../api/list-collectors.ts';

/** The collector select's value for taking the accounts off everyone's list. */
const NOBODY = 'nobody';

interface AssignFormProps {
  accountIds: readonly string[];
  onDone: (assigned: boolean) => void;
}

function AssignForm({ accountIds, onDone }: AssignFormProps) {
  const collectors = useCollectors();
  const assign = useAssignCollectionAccounts();
  const [collector, setCollector] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const options = [
    ...(collectors.data ?? []).map((c) => ({ value: c.id, label: c.displayName })),
    { value: NOBODY, label: 'Nobody (unassign)' },
  ];
  const submit = () => {
    setRefusal(null);
    if (!collector) {
      setMissing(true);
      return;
    }
    assign.mutate(
      { accountIds: [...accountIds], collectorId: collector === NOBODY ? null : collector },
      {
        onSuccess: (result) => {
          notifications.show({ color: 'teal', message: `${countOf(result.assigned, 'account')} assigned.` });
          onDone(true);
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          const fields = error.body?.fieldErrors ?? {};
          setRefusal(fields.collectorId ?? fields.accountIds ?? error.message);
        },
      },
    );
  };
  return (
    <form
      aria-label="Assign accounts"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{`${countOf(accountIds.length, 'account')} selected.`}</Text>
        {refusal && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        <Select
          label="Collector"
          withAsterisk
          placeholder={collectors.isLoading ? 'Loading…' : 'Choose a collector'}
          data={options}
          value={collector}
          onChange={(next) => {
            setCollector(next);
            setMissing(false);
          }}
          error={missing ? fieldErrorText(FIELD_MESSAGES.required('Collector')) : undefined}
          searchable
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => onDone(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={assign.isPending}>
            Assign
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface AssignAccountsButtonProps {
  accountIds: readonly string[];
  /** After a successful assignment: the selection is done with. */
  onAssigned: () => void;
}

/** The bulk action of the accounts list: "Assign to…" a collector chosen from the assignable ones. */
export function AssignAccountsButton({ accountIds, onAssigned }: AssignAccountsButtonProps) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="light" disabled={accountIds.length === 0} onClick={open} data-testid="assign-accounts">
        {accountIds.length > 0 ? `Assign to… (${accountIds.length})` : 'Assign to…'}
      </Button>
      <Modal opened={opened} onClose={close} title="Assign accounts">
        {opened && (
          <AssignForm
            accountIds={accountIds}
            onDone={(assigned) => {
              close();
              if (assigned) onAssigned();
            }}
          />
        )}
      </Modal>
    </>
  );
}
