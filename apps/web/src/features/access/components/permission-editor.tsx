import { Anchor, Button, Checkbox, Group, Modal, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { LookupOption } from '@casedesk/contract/access/access-admin';
import type { AccessType, PermissionType } from '@casedesk/contract/access/permissions';
import type { Condition, Permission } from '@casedesk/contract/access/permission-schemas';
import { useConditionValues, useLookup } from '../api/access-lookups.ts';
import { ConditionEditor } from './condition-editor.tsx';
import { conditionsOf, hasLevel, setConditions, toggleLevel } from './permission-draft.ts';

interface Editing {
  type: PermissionType;
  access: AccessType;
  conditions: Condition[];
}

const labelOf = (options: LookupOption[] | undefined, value: string) =>
  options?.find((o) => o.value === value)?.label ?? value;

/** A level's conditions in words, with office names rather than ids. */
function useConditionWords() {
  const conditionTypes = useLookup('conditionTypes');
  const relationTypes = useLookup('relationTypes');
  const offices = useConditionValues('OFFICE');
  return (condition: Condition) => {
    const values = condition.values.map((v) => (condition.conditionType === 'OFFICE' ? labelOf(offices.data, v) : v));
    return `${labelOf(conditionTypes.data, condition.conditionType)} ${labelOf(relationTypes.data, condition.relationType)} ${values.join(', ')}`;
  };
}

export interface PermissionEditorProps {
  permissions: Permission[];
  onChange: (permissions: Permission[]) => void;
  readOnly?: boolean;
}

/**
 * SPEC §6 permission editor: every permission type (the server's list), each with the access levels READ,
 * CREATE and UPDATE, each level with its conditions. A checked level shows its conditions, which open in
 * a dialog to change.
 */
export function PermissionEditor({ permissions, onChange, readOnly = false }: PermissionEditorProps) {
  const types = useLookup('permissionTypes');
  const levels = useLookup('accessLevelTypes');
  const words = useConditionWords();
  const [editing, setEditing] = useState<Editing | null>(null);
  const accessTypes = (levels.data ?? []).map((l) => l.value as AccessType);

  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover verticalSpacing={4} aria-label="Permissions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={220}>Permission</Table.Th>
              {levels.data?.map((level) => (
                <Table.Th key={level.value}>{level.label}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {types.data?.map((type) => {
              const permissionType = type.value as PermissionType;
              return (
                <Table.Tr key={type.value} data-testid={`permission-${type.value}`}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {type.label}
                    </Text>
                  </Table.Td>
                  {accessTypes.map((access) => {
                    const held = hasLevel(permissions, permissionType, access);
                    const conditions = conditionsOf(permissions, permissionType, access);
                    return (
                      <Table.Td key={access} valign="top">
                        <Checkbox
                          size="xs"
                          label={held ? (conditions.length ? 'Conditional' : 'Everywhere') : 'No'}
                          aria-label={`${type.label} ${access}`}
                          checked={held}
                          disabled={readOnly}
                          onChange={(e) =>
                            onChange(toggleLevel(permissions, permissionType, access, e.currentTarget.checked))
                          }
                        />
                        {held && (
                          <Text size="xs" c="dimmed" mt={2}>
                            <Text span inherit>
                              {conditions.map(words).join('; ')}
                            </Text>
                            {!readOnly && (
                              <Anchor
                                component="button"
                                type="button"
                                size="xs"
                                ml={conditions.length ? 6 : 0}
                                aria-label={`Conditions of ${type.label} ${access}`}
                                onClick={() => setEditing({ type: permissionType, access, conditions })}
                              >
                                {conditions.length ? 'Edit' : 'Add conditions'}
                              </Anchor>
                            )}
                          </Text>
                        )}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? `Conditions of ${labelOf(types.data, editing.type)} ${editing.access}` : ''}
        size="xl"
      >
        {editing && (
          <>
            <ConditionEditor
              conditions={editing.conditions}
              onChange={(conditions) => setEditing({ ...editing, conditions })}
            />
            <Group justify="flex-end" mt="md">
              <Button variant="default" onClick={() => setEditing(null)}>
                Cancel
              </Button>
              <Button
                disabled={editing.conditions.some((c) => c.values.length === 0)}
                onClick={() => {
                  onChange(setConditions(permissions, editing.type, editing.access, editing.conditions));
                  setEditing(null);
                }}
              >
                Apply
              </Button>
            </Group>
          </>
        )}
      </Modal>
    </>
  );
}
