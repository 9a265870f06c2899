import {
  Alert,
  Badge,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ALL_TEMPLATE_PLACEHOLDERS } from '@casedesk/contract/sms/template-fill';
import {
  TEMPLATE_CONTENT_MAX,
  TEMPLATE_TYPES,
  templateCreateSchema,
  type ManagedTemplate,
  type TemplateCreateInput,
  type TemplateType,
} from '@casedesk/contract/templates/template';
import { isApiError } from '@/lib/api-error.ts';
import { useCreateTemplate } from '../../api/create-template.ts';
import { useUpdateTemplate } from '../../api/update-template.ts';
import { fieldErrorsOf } from '../workflow-draft.ts';
import { TemplatePreview } from './template-preview.tsx';

export const TEMPLATE_TYPE_LABELS: Record<TemplateType, string> = { TEXT: 'Text', EMAIL: 'E-mail', LETTER: 'Letter' };
const TYPE_OPTIONS = TEMPLATE_TYPES.map((t) => ({ value: t, label: TEMPLATE_TYPE_LABELS[t] }));

interface Draft {
  name: string;
  templateType: TemplateType;
  content: string;
  collections: boolean;
}

const draftOf = (template: ManagedTemplate | null): Draft =>
  template
    ? {
        name: template.name,
        templateType: template.templateType,
        content: template.content,
        collections: template.collections,
      }
    : { name: '', templateType: 'TEXT', content: '', collections: true };

interface TemplateFormProps {
  /** The template to change; null for a new one. */
  template: ManagedTemplate | null;
  onDone: () => void;
}

/**
 * Create or change a template, checked with the server's own schema (unknown placeholders, the collection opt-out
 * line), with a live preview filled for a chosen account or client (docs/correspondence-templates.md).
 */
export function TemplateForm({ template, onDone }: TemplateFormProps) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(template));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const set = (changes: Partial<Draft>) => setDraft((d) => ({ ...d, ...changes }));
  const insert = (placeholder: string) =>
    set({
      content:
        draft.content && !/\s$/.test(draft.content) ? `${draft.content} ${placeholder}` : draft.content + placeholder,
    });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const input: TemplateCreateInput = draft;
    const parsed = templateCreateSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    try {
      if (template) await update.mutateAsync({ ...input, id: template.id });
      else await create.mutateAsync(input);
      notifications.show({ color: 'teal', message: 'Template saved.' });
      onDone();
    } catch (error) {
      if (!isApiError(error)) throw error;
      const fieldErrors = error.body?.fieldErrors ?? {};
      if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
      else setFailure(error.body?.message ?? error.message);
    }
  };

  const optOutApplies = draft.collections && draft.templateType !== 'LETTER';
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={template ? 'Edit template' : 'New template'}>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" title="The template was not saved">
            {failure}
          </Alert>
        )}
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label="Name"
            withAsterisk
            value={draft.name}
            onChange={(event) => set({ name: event.currentTarget.value })}
            error={errors.name}
            miw={200}
          />
          <Select
            label="Type"
            withAsterisk
            data={TYPE_OPTIONS}
            value={draft.templateType}
            allowDeselect={false}
            disabled={Boolean(template?.purpose)}
            onChange={(value) => value && set({ templateType: value as TemplateType })}
            error={errors.templateType}
            miw={140}
          />
        </Group>
        <Switch
          label="Collection template"
          description={
            optOutApplies
              ? draft.templateType === 'TEXT'
                ? 'A collector’s text: it must tell the reader to reply STOP to opt out.'
                : 'A collector’s e-mail: it must say how to unsubscribe.'
              : 'Letters need no opt-out line.'
          }
          checked={draft.collections}
          onChange={(event) => set({ collections: event.currentTarget.checked })}
        />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <Stack gap={6}>
            <Textarea
              label="Content"
              withAsterisk
              // Fixed rows, resizable: Mantine's autosize needs document.fonts, which happy-dom lacks.
              rows={8}
              resize="vertical"
              value={draft.content}
              onChange={(event) => set({ content: event.currentTarget.value })}
              error={errors.content}
              description={`${draft.content.length} / ${TEMPLATE_CONTENT_MAX[draft.templateType]} characters`}
            />
            <Text size="xs" c="dimmed">
              Placeholders (click to add):
            </Text>
            <Group gap={4}>
              {ALL_TEMPLATE_PLACEHOLDERS.map((p) => (
                <Badge
                  key={p}
                  component="button"
                  type="button"
                  variant="light"
                  tt="none"
                  style={{ cursor: 'pointer' }}
                  onClick={() => insert(p)}
                >
                  {p}
                </Badge>
              ))}
            </Group>
          </Stack>
          <TemplatePreview templateType={draft.templateType} content={draft.content} collections={draft.collections} />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            Save template
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
