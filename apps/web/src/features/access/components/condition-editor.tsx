import { ActionIcon, Button, Group, MultiSelect, Select, Stack, Text } from '@mantine/core';
import type { LookupOption } from '@casedesk/contract/access/access-admin';
import type { ConditionType, RelationType } from '@casedesk/contract/access/permissions';
import type { Condition } from '@casedesk/contract/access/permission-schemas';
import { fieldErrorText } from '@/components/form-field/form-field.tsx';
import { useConditionValues, useLookup } from '../api/access-lookups.ts';

interface ConditionRowProps {
  condition: Condition;
  conditionTypes: LookupOption[];
  relationTypes: LookupOption[];
  onChange: (condition: Condition) => void;
  onRemove: () => void;
}

/** One condition: what it is about, equals or not, and the values chosen from that type's own list. */
function ConditionRow({ condition, conditionTypes, relationTypes, onChange, onRemove }: ConditionRowProps) {
  const values = useConditionValues(condition.conditionType);
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" data-testid="condition-row">
      <Select
        label="About"
        data={conditionTypes}
        value={condition.conditionType}
        allowDeselect={false}
        onChange={(type) => type && onChange({ ...condition, conditionType: type as ConditionType, values: [] })}
        w={170}
      />
      <Select
        label="Relation"
        data={relationTypes}
        value={condition.relationType}
        allowDeselect={false}
        onChange={(relation) => relation && onChange({ ...condition, relationType: relation as RelationType })}
        w={140}
      />
      <MultiSelect
        label="Values"
        data={values.data ?? []}
        value={condition.values}
        onChange={(chosen) => onChange({ ...condition, values: chosen })}
        placeholder={condition.values.length ? undefined : 'Choose…'}
        searchable
        miw={220}
        style={{ flex: 1 }}
        error={fieldErrorText(condition.values.length === 0 ? 'Choose at least one value.' : undefined)}
      />
      <ActionIcon variant="subtle" color="red" aria-label="Remove condition" onClick={onRemove} mb={4}>
        ×
      </ActionIcon>
    </Group>
  );
}

export interface ConditionEditorProps {
  conditions: Condition[];
  onChange: (conditions: Condition[]) => void;
}

/** SPEC §6: an access level's conditions, all of which must hold (several narrow one another). */
export function ConditionEditor({ conditions, onChange }: ConditionEditorProps) {
  const conditionTypes = useLookup('conditionTypes');
  const relationTypes = useLookup('relationTypes');
  const replace = (index: number, next: Condition | null) =>
    onChange(next ? conditions.map((c, i) => (i === index ? next : c)) : conditions.filter((_, i) => i !== index));
  return (
    <Stack gap="sm">
      {conditions.length === 0 && (
        <Text size="sm" c="dimmed">
          No conditions: the level reaches every record.
        </Text>
      )}
      {conditions.map((condition, index) => (
        <ConditionRow
          key={index}
          condition={condition}
          conditionTypes={conditionTypes.data ?? []}
          relationTypes={relationTypes.data ?? []}
          onChange={(next) => replace(index, next)}
          onRemove={() => replace(index, null)}
        />
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          onClick={() => onChange([...conditions, { conditionType: 'OFFICE', relationType: 'EQUALS', values: [] }])}
        >
          Add condition
        </Button>
      </Group>
    </Stack>
  );
}
