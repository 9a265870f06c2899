import { Badge, Button, Group, Paper, Stack, Text, TextInput, Timeline } from '@mantine/core';
import { useState } from 'react';
import type { AccessHistoryEntry } from '@casedesk/contract/access/access-admin';
import { formatValue } from '@/components/data-table/format-cell.ts';
import { LoadError } from '@/components/load-error.tsx';
import { useAccessAt, useAccessHistory } from '../api/access-history.ts';
import { PermissionEditor } from './permission-editor.tsx';

const FIELD_LABELS: Record<string, string> = {
  permissions: 'permissions',
  role: 'role',
  accountEnabled: 'status',
  defaultDashboard: 'dashboard',
  officeId: 'office',
};

/** "Role, permissions" — what one change touched, in words. */
function changedParts(entry: AccessHistoryEntry): string {
  const keys = Object.keys(entry.after ?? entry.before ?? {});
  return keys.map((key) => FIELD_LABELS[key] ?? key).join(', ') || entry.action;
}

function describeValue(key: string, value: unknown): string {
  if (key === 'permissions' && Array.isArray(value)) return `${value.length} permission types`;
  if (key === 'accountEnabled') return value ? 'enabled' : 'disabled';
  return value === null || value === undefined ? 'none' : String(value);
}

function ChangeLine({ entry }: { entry: AccessHistoryEntry }) {
  const keys = Object.keys(entry.after ?? {});
  return (
    <Stack gap={2}>
      {keys.map((key) => (
        <Text size="xs" key={key}>
          {FIELD_LABELS[key] ?? key}: {describeValue(key, entry.before?.[key])} →{' '}
          {describeValue(key, entry.after?.[key])}
        </Text>
      ))}
      {entry.reason && (
        <Text size="xs" c="dimmed" fs="italic">
          “{entry.reason}”
        </Text>
      )}
    </Stack>
  );
}

/** The user's audited changes, newest first, and the access they had on a date the admin picks. */
export function AccessHistoryPanel({ userId }: { userId: string }) {
  const history = useAccessHistory(userId);
  const [day, setDay] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const past = useAccessAt(userId, asked);

  return (
    <Stack gap="md">
      {history.isError && <LoadError title="History could not be loaded" onRetry={() => void history.refetch()} />}
      {history.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          No changes recorded yet.
        </Text>
      )}
      <Timeline bulletSize={14} lineWidth={2} data-testid="access-history">
        {history.data?.map((entry) => (
          <Timeline.Item
            key={entry.id}
            title={
              <Group gap="xs">
                <Text size="sm" fw={500}>
                  {changedParts(entry)}
                </Text>
                <Badge size="xs" variant="light">
                  {entry.actorName ?? 'system'}
                </Badge>
              </Group>
            }
          >
            <Text size="xs" c="dimmed">
              {formatValue(entry.occurredAt, 'dateTime')}
            </Text>
            <ChangeLine entry={entry} />
          </Timeline.Item>
        ))}
      </Timeline>
      <Paper withBorder p="sm">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (day) setAsked(new Date(`${day}T23:59:59`).toISOString());
          }}
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              type="date"
              label="Access on a past date (end of that day)"
              value={day}
              onChange={(e) => setDay(e.currentTarget.value)}
            />
            <Button type="submit" variant="light" disabled={!day}>
              Show
            </Button>
          </Group>
        </form>
        {past.data && (
          <Stack gap="xs" mt="sm" data-testid="access-at">
            <Text size="sm">
              Role {past.data.role.toLowerCase()}, account {past.data.accountEnabled ? 'enabled' : 'disabled'}.
            </Text>
            <PermissionEditor permissions={past.data.permissions} onChange={() => undefined} readOnly />
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
