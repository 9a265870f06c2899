import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { DropdownOption } from '@casedesk/contract/dropdowns/dropdown';
import { labelFromFieldName } from '@casedesk/contract/common/text';
import { ROLES, type Role } from '@casedesk/contract/users/user';
import { useUsersByRole } from '../api/get-users-by-role.ts';

/** Who usually takes a text of each category type; the user may pick another role. */
function defaultRole(groupType: string | null): Role {
  if (groupType === 'COLLECTIONS') return 'COLLECTOR';
  if (groupType === 'OFFICE') return 'MANAGER';
  return 'OPERATOR';
}

const roleLabel = (role: Role) => labelFromFieldName(role.toLowerCase());

interface ChooseAssigneeModalProps {
  /** The new category; the modal is open while it is set. */
  category: DropdownOption | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (assigneeId: string) => void;
}

/** SPEC §2/§4: moving a text to a category other than Call Center asks who takes it. */
export function ChooseAssigneeModal({ category, pending, onCancel, onConfirm }: ChooseAssigneeModalProps) {
  return (
    <Modal opened={category !== null} onClose={onCancel} title="Choose assignee" centered size="sm">
      {/* Keyed by category so every opening starts from that category's usual role. */}
      {category && (
        <AssigneeForm
          key={category.id}
          category={category}
          pending={pending}
          onCancel={onCancel}
          onConfirm={onConfirm}
        />
      )}
    </Modal>
  );
}

function AssigneeForm({
  category,
  pending,
  onCancel,
  onConfirm,
}: ChooseAssigneeModalProps & { category: DropdownOption }) {
  const [role, setRole] = useState<Role>(defaultRole(category.groupType));
  const [assigneeId, setAssigneeId] = useState<string | null>(null);
  const users = useUsersByRole(role);
  return (
    <Stack gap="sm" data-testid="choose-assignee-modal">
      <Text size="sm">
        The text moves to <b>{category.value}</b>. Who should take it?
      </Text>
      <Select
        label="Role"
        data={ROLES.map((r) => ({ value: r, label: roleLabel(r) }))}
        value={role}
        allowDeselect={false}
        onChange={(next) => {
          if (!next) return;
          setRole(next as Role);
          setAssigneeId(null);
        }}
      />
      <Select
        label="Assignee"
        placeholder={users.isPending ? 'Loading…' : 'Choose a person'}
        data={(users.data ?? []).map((u) => ({ value: u.id, label: u.displayName }))}
        value={assigneeId}
        onChange={setAssigneeId}
        searchable
        nothingFoundMessage="No one with this role"
        withAsterisk
      />
      {users.isError && (
        <Alert color="red" variant="light">
          The people of this role could not be loaded.
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button disabled={!assigneeId} loading={pending} onClick={() => assigneeId && onConfirm(assigneeId)}>
          Assign
        </Button>
      </Group>
    </Stack>
  );
}
