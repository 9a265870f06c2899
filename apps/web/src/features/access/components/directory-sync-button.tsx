import { Alert, Button, List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { DirectorySyncCounts, DirectorySyncResult } from '@casedesk/contract/directory/directory-sync';
import { ApiError } from '@/lib/api-error.ts';
import { useSyncWithDirectory } from '../api/sync-with-directory.ts';

const COUNT_LABELS: [keyof DirectorySyncCounts, string][] = [
  ['created', 'created (without permissions)'],
  ['updated', 'updated'],
  ['disabled', 'disabled'],
  ['deleted', 'removed from the directory (disabled here)'],
  ['unchanged', 'unchanged'],
  ['failed', 'could not be taken'],
];

function SyncResult({ result }: { result: DirectorySyncResult }) {
  return (
    <Stack gap="xs">
      <Text size="sm">
        {result.mode === 'full' ? 'Every user was read' : 'Changes since the last sync were read'} at{' '}
        {new Date(result.finishedAt).toLocaleString()}.
      </Text>
      <List size="sm" aria-label="Users synced">
        {COUNT_LABELS.map(([key, label]) => (
          <List.Item key={key}>
            {result.counts[key]} {label}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

function SyncRefusal({ error }: { error: Error }) {
  const notConfigured = error instanceof ApiError && error.status === 422;
  return (
    <Alert
      color={notConfigured ? 'yellow' : 'red'}
      title={notConfigured ? 'Directory sync is not set up' : 'Sync failed'}
    >
      {error.message}
    </Alert>
  );
}

/**
 * Admin Panel → User Access: pulls users from the firm's directory (Microsoft Graph) now and shows what it did,
 * or, when Graph is not configured, which settings to set. The list refreshes after it.
 */
export function DirectorySyncButton() {
  const sync = useSyncWithDirectory();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        loading={sync.isPending}
        onClick={() => {
          setOpened(true);
          sync.mutate();
        }}
      >
        Sync with directory
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Sync with directory">
        {sync.isPending && <Text size="sm">Reading users from the directory…</Text>}
        {sync.isSuccess && <SyncResult result={sync.data} />}
        {sync.isError && <SyncRefusal error={sync.error} />}
      </Modal>
    </>
  );
}
