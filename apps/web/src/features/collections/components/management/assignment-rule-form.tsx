import { Alert, Button, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { assignmentRuleWriteSchema, type AssignmentRule } from '@casedesk/contract/collections/assignment-rules';
import { isApiError } from '@/lib/api-error.ts';
import { useCollectors } from '../../api/list-collectors.ts';
import { useSaveAssignmentRule } from '../../api/save-assignment-rule.ts';

/**
 * An office's rotation: the collectors who may work its accounts, in the order chosen (the first gets the next
 * account, then the second …). Empty removes the rule: new accounts stay unassigned until someone assigns them.
 */
export function AssignmentRuleForm({ rule, onDone }: { rule: AssignmentRule; onDone: () => void }) {
  const [collectorIds, setCollectorIds] = useState(rule.collectors.map((c) => c.id));
  const [failure, setFailure] = useState<string | null>(null);
  const collectors = useCollectors(rule.officeId);
  const save = useSaveAssignmentRule();
  // Whoever is in the rotation stays listed, even if they can no longer work the office (the server skips them).
  const known = new Map(rule.collectors.map((c) => [c.id, c.displayName]));
  for (const c of collectors.data ?? []) known.set(c.id, c.displayName);
  const options = [...known].map(([value, label]) => ({ value, label }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = assignmentRuleWriteSchema.safeParse({ officeId: rule.officeId, collectorIds });
    if (!parsed.success) return setFailure(parsed.error.issues[0]?.message ?? 'The rule could not be saved.');
    try {
      await save.mutateAsync(parsed.data);
      onDone();
    } catch (error) {
      if (!isApiError(error)) return setFailure('The rule could not be saved.');
      const fields = Object.values(error.body?.fieldErrors ?? {});
      setFailure(
        fields.length ? fields.map(String).join(' ') : (error.body?.message ?? 'The rule could not be saved.'),
      );
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`Rotation of ${rule.officeName}`}>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" title="The rule was not saved">
            {failure}
          </Alert>
        )}
        <MultiSelect
          label="Collectors, in turn order"
          description="Only collectors who may work this office’s accounts are offered. None: no rule."
          data={options}
          value={collectorIds}
          onChange={setCollectorIds}
          searchable
          clearable
          disabled={collectors.isPending}
          nothingFoundMessage="No collector works this office"
        />
        {collectorIds.length > 0 && (
          <Text size="sm" c="dimmed">
            Turn order: {collectorIds.map((id, i) => `${i + 1}. ${known.get(id) ?? 'Unknown'}`).join(' · ')}. Saving
            starts the turn again at the first.
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save rotation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
