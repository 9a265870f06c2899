import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { HolidaysEditor } from '@/components/calendar/holidays-editor.tsx';
import type { CollectionManagementTab } from '@/config/paths.ts';
import { COLLECTION_MANAGEMENT_TABS } from '@/config/paths.ts';
import { can, subjectOf } from '@/lib/access.ts';
import { useSession } from '@/lib/session-context.ts';
import { AccessTab } from '../components/management/access-tab.tsx';
import { AssignmentRulesTab } from '../components/management/assignment-rules-tab.tsx';
import { ContactRulesTab } from '../components/management/contact-rules-tab.tsx';
import { StatusesTab } from '../components/management/statuses-tab.tsx';
import { TemplatesTab } from '../components/management/templates-tab.tsx';
import { WorkflowEditor } from '../components/workflow-editor.tsx';

const TAB_LABELS: Record<CollectionManagementTab, string> = {
  holidays: 'Holidays',
  statuses: 'Statuses',
  'contact-rules': 'Contact rules',
  'assignment-rules': 'Assignment rules',
  workflows: 'Workflows',
  templates: 'Templates',
  access: 'Access control',
};

/** SPEC §2 `collection` query: the tab shown; none or an unknown one opens Holidays. */
export function tabOfQuery(value: string | null): CollectionManagementTab {
  return COLLECTION_MANAGEMENT_TABS.find((tab) => tab === value) ?? 'holidays';
}

/**
 * SPEC §2 /collections/collection-management (query `collection`, e.g. `holidays`): the firm's holidays, the
 * statuses, the contact rules, the assignment rules, the workflows, the templates and collection access control. The route needs
 * COLLECTION_MANAGEMENT (SPEC §6: granted with the ADMIN role condition); the edit buttons show with UPDATE, and
 * the server judges every change.
 */
export function CollectionManagementPage() {
  useDocumentTitle('Collection management · Casedesk');
  const subject = subjectOf(useSession());
  const canEdit = can(subject, 'COLLECTION_MANAGEMENT', 'UPDATE');
  const [params, setParams] = useSearchParams();
  const tab = tabOfQuery(params.get('collection'));

  return (
    <Stack gap="md" maw={1200} mx="auto" w="100%">
      <Stack gap={2}>
        <Title order={1}>Collection management</Title>
        <Text size="sm" c="dimmed">
          The rules every collection account is worked by.
        </Text>
      </Stack>
      <Tabs
        value={tab}
        onChange={(value) => setParams({ collection: tabOfQuery(value) }, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {COLLECTION_MANAGEMENT_TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {TAB_LABELS[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="holidays">
          <HolidaysEditor
            officeId={null}
            editable={can(subject, 'OFFICE', 'UPDATE')}
            description="Firm-wide, next 12 months: no appointments are booked, and workflow steps on business days wait, on these days. An office’s own holidays are kept on its office page."
          />
        </Tabs.Panel>
        <Tabs.Panel value="statuses">
          <StatusesTab />
        </Tabs.Panel>
        <Tabs.Panel value="contact-rules">
          <ContactRulesTab canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="assignment-rules">
          <AssignmentRulesTab canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="workflows">
          <WorkflowEditor />
        </Tabs.Panel>
        <Tabs.Panel value="templates">
          <TemplatesTab canCreate={can(subject, 'COLLECTION_MANAGEMENT', 'CREATE')} canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="access">
          <AccessTab canEdit={canEdit} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
