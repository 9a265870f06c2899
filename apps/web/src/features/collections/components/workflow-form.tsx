import { Alert, Button, Group, Loader, Select, Stack, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { COLLECTION_STATUS_LABELS } from '@casedesk/contract/collections/account';
import {
  WORKFLOW_START_STATUSES,
  WORKFLOW_STEPS_MAX,
  WORKFLOW_TRIGGER_LABELS,
  WORKFLOW_TRIGGERS,
  workflowCreateSchema,
  type WorkflowDetail,
  type WorkflowTrigger,
} from '@casedesk/contract/collections/workflow';
import { LoadError } from '@/components/load-error.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { useCreateWorkflow } from '../api/create-workflow.ts';
import { useWorkflow } from '../api/get-workflow.ts';
import { useWorkflowTemplates } from '../api/get-workflow-templates.ts';
import { useUpdateWorkflow } from '../api/update-workflow.ts';
import {
  draftOf,
  emptyDraft,
  fieldErrorsOf,
  moveStep,
  newStep,
  toWorkflowInput,
  type StepDraft,
  type WorkflowDraft,
} from './workflow-draft.ts';
import { WorkflowStepCard } from './workflow-step-card.tsx';

const TRIGGER_OPTIONS = WORKFLOW_TRIGGERS.map((t) => ({ value: t, label: WORKFLOW_TRIGGER_LABELS[t] }));
const ANY_STATUS = 'any';
const TO_STATUS_OPTIONS = [
  { value: ANY_STATUS, label: 'Any status' },
  ...WORKFLOW_START_STATUSES.map((s) => ({ value: s, label: COLLECTION_STATUS_LABELS[s] })),
];

interface WorkflowFormProps {
  /** The workflow to change; null for a new one. */
  workflowId: string | null;
  onDone: () => void;
}

/** Create or change a workflow: what starts it and its steps, checked with the server's own rules. */
export function WorkflowForm({ workflowId, onDone }: WorkflowFormProps) {
  const existing = useWorkflow(workflowId);
  const templates = useWorkflowTemplates();
  if (workflowId && existing.isPending) return <Loader size="sm" aria-label="Loading the workflow" />;
  if (workflowId && existing.isError)
    return <LoadError title="The workflow could not be loaded" onRetry={() => void existing.refetch()} />;
  if (templates.isError)
    return <LoadError title="Templates could not be loaded" onRetry={() => void templates.refetch()} />;
  return (
    <DraftForm
      key={workflowId ?? 'new'}
      workflow={existing.data ?? null}
      templates={templates.data ?? []}
      onDone={onDone}
    />
  );
}

function DraftForm({
  workflow,
  templates,
  onDone,
}: {
  workflow: WorkflowDetail | null;
  templates: NonNullable<ReturnType<typeof useWorkflowTemplates>['data']>;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState<WorkflowDraft>(() => (workflow ? draftOf(workflow) : emptyDraft()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateWorkflow();
  const update = useUpdateWorkflow();
  const saving = create.isPending || update.isPending;
  const set = (changes: Partial<WorkflowDraft>) => setDraft((d) => ({ ...d, ...changes }));
  const setSteps = (steps: StepDraft[]) => set({ steps });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const input = toWorkflowInput(draft);
    const parsed = workflowCreateSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    try {
      const saved = workflow
        ? await update.mutateAsync({ ...input, id: workflow.id })
        : await create.mutateAsync(input);
      const newVersion = workflow && saved.version > workflow.version;
      notifications.show({
        color: 'teal',
        message: newVersion
          ? `Workflow saved as version ${saved.version}: runs already started keep their steps.`
          : 'Workflow saved.',
      });
      onDone();
    } catch (error) {
      if (!isApiError(error)) throw error;
      const fieldErrors = error.body?.fieldErrors ?? {};
      if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
      else setFailure(error.body?.message ?? error.message);
    }
  };

  const stepsError = errors.steps;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={workflow ? 'Edit workflow' : 'New workflow'}>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" title="The workflow was not saved">
            {failure}
          </Alert>
        )}
        <Group grow align="flex-start">
          <TextInput
            label="Name"
            withAsterisk
            value={draft.name}
            onChange={(event) => set({ name: event.currentTarget.value })}
            error={errors.name}
          />
          <Select
            label="Starts when"
            withAsterisk
            data={TRIGGER_OPTIONS}
            value={draft.trigger}
            allowDeselect={false}
            onChange={(value) => value && set({ trigger: value as WorkflowTrigger })}
            error={errors.trigger}
          />
          {draft.trigger === 'STATUS_CHANGED' && (
            <Select
              label="Changed to"
              data={TO_STATUS_OPTIONS}
              value={draft.toStatus ?? ANY_STATUS}
              allowDeselect={false}
              onChange={(value) => set({ toStatus: value === ANY_STATUS ? null : value })}
              error={errors.toStatus}
            />
          )}
        </Group>
        <Switch
          label="Active: starts runs on new events"
          checked={draft.active}
          onChange={(event) => set({ active: event.currentTarget.checked })}
        />
        {workflow && workflow.liveRuns > 0 && (
          <Alert color="blue" variant="light">
            {workflow.liveRuns === 1 ? 'One run is' : `${workflow.liveRuns} runs are`} under way. Changed steps become a
            new version for new runs; runs already started keep their steps.
          </Alert>
        )}
        {draft.steps.map((step, index) => (
          <WorkflowStepCard
            key={step.key}
            index={index}
            count={draft.steps.length}
            step={step}
            templates={templates}
            errors={errors}
            onChange={(changed) => setSteps(draft.steps.map((s, i) => (i === index ? changed : s)))}
            onMove={(by) => setSteps(moveStep(draft.steps, index, by))}
            onRemove={() => setSteps(draft.steps.filter((_, i) => i !== index))}
          />
        ))}
        {stepsError && (
          <Alert color="red" variant="light">
            {stepsError}
          </Alert>
        )}
        <Group justify="space-between">
          <Button
            variant="light"
            disabled={draft.steps.length >= WORKFLOW_STEPS_MAX}
            onClick={() => setSteps([...draft.steps, { ...newStep('NOTIFY_COLLECTOR'), delayDays: 1 }])}
          >
            Add step
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save workflow
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
