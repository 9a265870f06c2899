import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { ExplainedRecordKind, UserAccessDetail } from '@casedesk/contract/access/access-admin';
import { EXPLAINED_RECORD_KINDS } from '@casedesk/contract/access/access-admin';
import { visibleMenu } from '@/config/menu-model.ts';
import { popupMessageOf } from '@/lib/api-error.ts';
import { useExplainAccess, useWhoCanSee } from '../api/explain-access.ts';

const KIND_LABELS: Record<ExplainedRecordKind, string> = {
  client: 'Client',
  inquiry: 'Inquiry',
  appointment: 'Appointment',
};

/** The menu this user will see, computed from the same table the shell uses. */
function MenuPreview({ user }: { user: UserAccessDetail }) {
  const groups = user.accountEnabled ? visibleMenu({ permissions: user.permissions, role: user.role }) : [];
  return (
    <Stack gap={4} data-testid="menu-preview">
      <Title order={4}>The menu they will see</Title>
      {!user.accountEnabled && <Text size="sm">Nothing: the account is disabled (Access Denied).</Text>}
      {user.accountEnabled && groups.length === 0 && <Text size="sm">Only the dashboard landing page.</Text>}
      {groups.map((group) => (
        <Text size="sm" key={group.id}>
          <Text span fw={500}>
            {group.label}:
          </Text>{' '}
          {group.items.map((item) => item.label).join(', ')}
        </Text>
      ))}
    </Stack>
  );
}

/** "What can this person do" with a record the admin names, and "who can see this" for the same record. */
export function ExplainPanel({ user }: { user: UserAccessDetail }) {
  const [kind, setKind] = useState<ExplainedRecordKind>('client');
  const [recordId, setRecordId] = useState('');
  const explain = useExplainAccess();
  const who = useWhoCanSee();
  const id = recordId.trim();
  const valid = /^[0-9a-f-]{36}$/i.test(id);

  return (
    <Stack gap="md">
      <MenuPreview user={user} />
      <Paper withBorder p="sm">
        <Stack gap="sm">
          <Title order={4}>Can they read or change a record?</Title>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <SegmentedControl
              value={kind}
              onChange={(value) => setKind(value as ExplainedRecordKind)}
              data={EXPLAINED_RECORD_KINDS.map((value) => ({ value, label: KIND_LABELS[value] }))}
            />
            <TextInput
              label={`${KIND_LABELS[kind]} id`}
              placeholder="The id from the record's address"
              value={recordId}
              onChange={(e) => setRecordId(e.currentTarget.value)}
              w={330}
              error={id && !valid ? 'Paste the id from the address bar (36 characters)' : undefined}
            />
            <Button
              disabled={!valid}
              loading={explain.isPending}
              onClick={() => explain.mutate({ userId: user.id, recordKind: kind, recordId: id })}
            >
              Check
            </Button>
            <Button
              variant="default"
              disabled={!valid}
              loading={who.isPending}
              onClick={() => who.mutate({ recordKind: kind, recordId: id })}
            >
              Who can see this
            </Button>
          </Group>
          {explain.error && <Alert color="red">{popupMessageOf(explain.error)}</Alert>}
          {explain.data && (
            <Stack gap={4} data-testid="explain-result">
              <Text size="sm" fw={500}>
                {explain.data.recordLabel}
                {explain.data.officeName ? ` · ${explain.data.officeName}` : ''}
              </Text>
              {explain.data.decisions.map((decision) => (
                <Group gap="xs" key={decision.accessType} wrap="nowrap" align="flex-start">
                  <Badge color={decision.allowed ? 'green' : 'red'} variant="light" miw={110}>
                    {decision.accessType === 'READ' ? 'Read' : 'Change'}: {decision.allowed ? 'yes' : 'no'}
                  </Badge>
                  <Text size="sm">{decision.because}</Text>
                </Group>
              ))}
            </Stack>
          )}
          {who.error && <Alert color="red">{popupMessageOf(who.error)}</Alert>}
          {who.data && (
            <Stack gap={4} data-testid="who-can-see">
              <Text size="sm" fw={500}>
                {who.data.users.length} {who.data.users.length === 1 ? 'user can' : 'users can'} read{' '}
                {who.data.recordLabel}
              </Text>
              <List size="sm" spacing={2}>
                {who.data.users.map((u) => (
                  <List.Item key={u.id}>
                    {u.displayName} ({u.role.toLowerCase()}
                    {u.officeName ? `, ${u.officeName}` : ''}) through {u.permissionType}
                  </List.Item>
                ))}
              </List>
            </Stack>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
