import {
  Badge,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@casedesk/contract/common/search';
import { TEMPLATE_TYPES, type ManagedTemplate, type TemplateType } from '@casedesk/contract/templates/template';
import { LoadError } from '@/components/load-error.tsx';
import { useManagedTemplates } from '../../api/list-managed-templates.ts';
import { useSetTemplateActive } from '../../api/set-template-active.ts';
import { TEMPLATE_TYPE_LABELS, TemplateForm } from './template-form.tsx';

const ALL = 'ALL';
const TYPE_FILTER = [
  { value: ALL, label: 'All' },
  ...TEMPLATE_TYPES.map((t) => ({ value: t, label: TEMPLATE_TYPE_LABELS[t] })),
];
const excerpt = (text: string) => (text.length > 90 ? `${text.slice(0, 90)}…` : text);

interface TemplatesTabProps {
  canCreate: boolean;
  canEdit: boolean;
}

/**
 * Collection management's Templates tab: the firm's texts, e-mails and letters by type with a search, active ones
 * first; a new one, changing one (with a live preview) and deactivating or reactivating one. Templates are never
 * deleted; a deactivated one is no longer offered to senders (docs/correspondence-templates.md).
 */
export function TemplatesTab({ canCreate, canEdit }: TemplatesTabProps) {
  const [type, setType] = useState<string>(ALL);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const templates = useManagedTemplates({
    ...(type !== ALL ? { templateType: type as TemplateType } : {}),
    ...(debounced ? { search: debounced } : {}),
  });
  const [editing, setEditing] = useState<{ template: ManagedTemplate | null } | null>(null);
  const setActive = useSetTemplateActive();

  const toggle = async (template: ManagedTemplate) => {
    await setActive.mutateAsync({ id: template.id, active: !template.active });
    notifications.show({
      color: 'teal',
      message: `${template.name} ${template.active ? 'deactivated: senders no longer see it' : 'reactivated'}.`,
    });
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3}>Templates</Title>
        {canCreate && <Button onClick={() => setEditing({ template: null })}>New template</Button>}
      </Group>
      <Text size="sm" c="dimmed">
        The texts, e-mails and letters senders pick from. A collection text must tell the reader to reply STOP, a
        collection e-mail how to unsubscribe. A placeholder with no value stops the send and is named.
      </Text>
      <Group gap="sm" wrap="wrap">
        <SegmentedControl value={type} onChange={setType} data={TYPE_FILTER} aria-label="Template type" />
        <TextInput
          placeholder="Search name or content"
          aria-label="Search templates"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={260}
        />
      </Group>
      {templates.isPending && (
        <Stack gap={6} aria-label="Loading templates">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={28} />
          ))}
        </Stack>
      )}
      {templates.isError && (
        <LoadError title="Templates could not be loaded" onRetry={() => void templates.refetch()} />
      )}
      {templates.data?.length === 0 && <Text size="sm">No templates match.</Text>}
      {templates.data && templates.data.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover aria-label="Templates">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>name</Table.Th>
                <Table.Th>type</Table.Th>
                <Table.Th>content</Table.Th>
                <Table.Th>status</Table.Th>
                {canEdit && <Table.Th aria-label="actions" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {templates.data.map((template) => (
                <Table.Tr key={template.id}>
                  <Table.Td>
                    <Stack gap={2}>
                      <Text size="sm">{template.name}</Text>
                      <Group gap={4}>
                        {template.collections && (
                          <Badge size="xs" variant="filled" color="grape.9">
                            Collection
                          </Badge>
                        )}
                        {template.purpose && (
                          <Badge
                            size="xs"
                            variant="filled"
                            color="blue.9"
                            title="Sent by the product itself (a chat option or the payment reminders): it stays active"
                          >
                            Built-in
                          </Badge>
                        )}
                      </Group>
                    </Stack>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{TEMPLATE_TYPE_LABELS[template.templateType]}</Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {excerpt(template.content)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={template.active ? 'teal.9' : 'gray.7'} variant="filled" miw={84}>
                      {template.active ? 'Active' : 'Inactive'}
                    </Badge>
                  </Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          onClick={() => setEditing({ template })}
                          aria-label={`Edit ${template.name}`}
                        >
                          Edit
                        </Button>
                        {!template.purpose && (
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color={template.active ? 'red' : 'teal'}
                            loading={setActive.isPending && setActive.variables?.id === template.id}
                            onClick={() => void toggle(template).catch(() => undefined)}
                            aria-label={`${template.active ? 'Deactivate' : 'Reactivate'} ${template.name}`}
                          >
                            {template.active ? 'Deactivate' : 'Reactivate'}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.template ? 'Edit template' : 'New template'}
        size="xl"
      >
        {editing && <TemplateForm template={editing.template} onDone={() => setEditing(null)} />}
      </Modal>
    </Stack>
  );
}
