import { Button, Card, Checkbox, Group, NumberInput, Select, SimpleGrid, Text } from '@mantine/core';
import { COLLECTION_STATUS_LABELS } from '@casedesk/contract/collections/account';
import {
  describeStepTiming,
  WORKFLOW_MESSAGE_MAX,
  WORKFLOW_SETTABLE_STATUSES,
  WORKFLOW_STEP_KIND_LABELS,
  WORKFLOW_STEP_KINDS,
  type WorkflowStepKind,
  type WorkflowTemplateOption,
} from '@casedesk/contract/collections/workflow';
import { CountedTextarea } from '@/components/masked-inputs/counted-textarea.tsx';
import { templateTypeOf, type StepDraft } from './workflow-draft.ts';

const KIND_OPTIONS = WORKFLOW_STEP_KINDS.map((kind) => ({ value: kind, label: WORKFLOW_STEP_KIND_LABELS[kind] }));
const STATUS_OPTIONS = WORKFLOW_SETTABLE_STATUSES.map((s) => ({ value: s, label: COLLECTION_STATUS_LABELS[s] }));
const SAME_TIME = 'same';
const HOUR_OPTIONS = [
  { value: SAME_TIME, label: 'Same time as the step before' },
  ...Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: `${String(hour).padStart(2, '0')}:00` })),
];

interface WorkflowStepCardProps {
  index: number;
  count: number;
  step: StepDraft;
  templates: readonly WorkflowTemplateOption[];
  /** Field errors of the whole form, by path ("steps.1.templateId"). */
  errors: Readonly<Record<string, string>>;
  onChange: (step: StepDraft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

const numberOrText = (value: number | string) => (typeof value === 'number' ? value : value === '' ? '' : value);

/** One step of the editor: its action and that action's setting, then when it runs. */
export function WorkflowStepCard({
  index,
  count,
  step,
  templates,
  errors,
  onChange,
  onMove,
  onRemove,
}: WorkflowStepCardProps) {
  const error = (field: string) => errors[`steps.${index}.${field}`];
  const set = (changes: Partial<StepDraft>) => onChange({ ...step, ...changes });
  const templateType = templateTypeOf(step.kind);
  const label = `Step ${index + 1}`;
  const timing =
    typeof step.delayDays === 'number'
      ? describeStepTiming({ delayDays: step.delayDays, atHour: step.atHour, businessDaysOnly: step.businessDaysOnly })
      : null;
  return (
    <Card withBorder padding="sm" role="group" aria-label={label}>
      <Group justify="space-between" mb="xs">
        <Text fw={600} size="sm">
          {label}
          {index === 0 ? ', counted from the event' : ', counted from the step before'}
        </Text>
        <Group gap={4}>
          <Button
            size="compact-xs"
            variant="subtle"
            disabled={index === 0}
            onClick={() => onMove(-1)}
            aria-label={`Move ${label} up`}
          >
            Up
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            disabled={index === count - 1}
            onClick={() => onMove(1)}
            aria-label={`Move ${label} down`}
          >
            Down
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            disabled={count === 1}
            onClick={onRemove}
            aria-label={`Remove ${label}`}
          >
            Remove
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
        <Select
          label="Action"
          withAsterisk
          data={KIND_OPTIONS}
          value={step.kind}
          allowDeselect={false}
          onChange={(value) => value && set({ kind: value as WorkflowStepKind })}
          error={error('kind')}
        />
        {templateType && (
          <Select
            label="Template"
            withAsterisk
            placeholder="Choose a template"
            searchable
            data={templates.filter((t) => t.templateType === templateType).map((t) => ({ value: t.id, label: t.name }))}
            value={step.templateId}
            onChange={(value) => set({ templateId: value })}
            error={error('templateId')}
            nothingFoundMessage="No template of this kind"
          />
        )}
        {step.kind === 'SET_STATUS' && (
          <Select
            label="Status"
            withAsterisk
            placeholder="Choose a status"
            data={STATUS_OPTIONS}
            value={step.status}
            onChange={(value) => set({ status: value })}
            error={error('status')}
          />
        )}
        {step.kind === 'SET_FOLLOW_UP' && (
          <NumberInput
            label="Follow-up in days"
            withAsterisk
            min={0}
            max={365}
            allowDecimal={false}
            value={numberOrText(step.daysFromNow)}
            onChange={(value) => set({ daysFromNow: value })}
            error={error('daysFromNow')}
          />
        )}
        {step.kind === 'NOTIFY_COLLECTOR' && (
          <CountedTextarea
            label="Message"
            withAsterisk
            description="@clientFirstName, @clientLastName, @balance … are filled in"
            rows={2}
            maxLength={WORKFLOW_MESSAGE_MAX}
            value={step.message}
            onChange={(event) => set({ message: event.currentTarget.value })}
            error={error('message')}
          />
        )}
        <NumberInput
          label="Delay (days)"
          min={0}
          max={365}
          allowDecimal={false}
          value={numberOrText(step.delayDays)}
          onChange={(value) => set({ delayDays: value })}
          error={error('delayDays')}
        />
        <Select
          label="Hour (office time)"
          data={HOUR_OPTIONS}
          value={step.atHour === null ? SAME_TIME : String(step.atHour)}
          allowDeselect={false}
          onChange={(value) => set({ atHour: value === null || value === SAME_TIME ? null : Number(value) })}
          error={error('atHour')}
        />
      </SimpleGrid>
      <Group justify="space-between" mt="xs">
        <Checkbox
          label="Business days only (skip weekends and holidays)"
          checked={step.businessDaysOnly}
          onChange={(event) => set({ businessDaysOnly: event.currentTarget.checked })}
        />
        {timing && (
          <Text size="xs" c="dimmed">
            {timing}
          </Text>
        )}
      </Group>
    </Card>
  );
}
