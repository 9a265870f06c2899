import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import {
  CONTACT_RULE_STATES,
  contactRuleWriteSchema,
  DEFAULT_RULE_STATE,
  type ContactRule,
} from '@casedesk/contract/collections/contact-rules';
import { US_STATES, type UsStateCode } from '@casedesk/contract/collections/us-states';
import { isApiError } from '@/lib/api-error.ts';
import { useSaveContactRule } from '../../api/save-contact-rule.ts';

/** "Massachusetts (MA)", or "Default (every other state)". */
export function ruleStateName(state: string): string {
  if (state === DEFAULT_RULE_STATE) return 'Default (every other state)';
  return `${US_STATES[state as UsStateCode] ?? state} (${state})`;
}

const NUMBER_FIELDS = [
  { name: 'earliestHour', label: 'Earliest hour', description: 'Client’s time, 0–23' },
  { name: 'latestHour', label: 'Latest hour', description: 'Not at or after this hour, 1–24' },
  { name: 'maxCallAttempts', label: 'Max call attempts', description: 'In the window' },
  { name: 'windowDays', label: 'Window days', description: 'Calendar days' },
  { name: 'quietDaysAfterConversation', label: 'Quiet days after a conversation', description: 'Counting its day' },
] as const;
type NumberField = (typeof NUMBER_FIELDS)[number]['name'];

interface ContactRuleFormProps {
  /** The rule being changed; a new state's form starts from the default rule and asks for the state. */
  rule: ContactRule;
  isNew: boolean;
  /** States that already have a row (not offered for a new one). */
  taken: readonly string[];
  onDone: () => void;
}

/** Adds or changes one state's contact rule; the contract's messages, then the server's on 400 or 403. */
export function ContactRuleForm({ rule, isNew, taken, onDone }: ContactRuleFormProps) {
  const [values, setValues] = useState<ContactRule>(rule);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveContactRule();
  const stateOptions = CONTACT_RULE_STATES.filter((s) => !taken.includes(s)).map((s) => ({
    value: s,
    label: ruleStateName(s),
  }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = contactRuleWriteSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      onDone();
    } catch (error) {
      if (!isApiError(error)) return setFailure('The rule could not be saved.');
      const fields = error.body?.fieldErrors ?? {};
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])));
      setFailure(error.body?.message ?? 'The rule could not be saved.');
    }
  };

  const setNumber = (name: NumberField, value: string | number) =>
    setValues((current) => ({ ...current, [name]: typeof value === 'number' ? value : Number.NaN }));

  return (
    <form onSubmit={submit} noValidate aria-label={isNew ? 'Add a state’s rule' : `Edit ${ruleStateName(rule.state)}`}>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" title="The rule was not saved">
            {failure}
          </Alert>
        )}
        {isNew && (
          <Select
            label="State"
            data={stateOptions}
            value={values.state}
            onChange={(state) =>
              state && setValues((current) => ({ ...current, state: state as ContactRule['state'] }))
            }
            searchable
            error={errors.state}
          />
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {NUMBER_FIELDS.map((field) => (
            <NumberInput
              key={field.name}
              label={field.label}
              description={field.description}
              value={Number.isNaN(values[field.name]) ? '' : values[field.name]}
              onChange={(value) => setNumber(field.name, value)}
              allowDecimal={false}
              allowNegative={false}
              error={errors[field.name]}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save rule
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
