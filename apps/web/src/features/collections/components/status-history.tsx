import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { COLLECTION_STATUS_LABELS, type CollectionAccountDetail } from '@casedesk/contract/collections/account';
import { formatValue } from '@/components/data-table/format-cell.ts';
import { StatusLabel } from './collection-status.tsx';

/** Every status the account has had, newest first, with why, who and when. */
export function StatusHistory({ history }: { history: CollectionAccountDetail['statusHistory'] }) {
  const changes = [...history].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h4" id="status-history-title">
          Status history
        </Title>
        {changes.length === 0 ? (
          <Text size="sm" c="dimmed">
            No status changes yet.
          </Text>
        ) : (
          <Stack
            gap="xs"
            component="ol"
            aria-labelledby="status-history-title"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
          >
            {changes.map((change, index) => (
              <Stack
                key={`${change.at}-${change.toStatus}`}
                gap={2}
                component="li"
                data-testid="status-change"
                pt={index > 0 ? 'xs' : 0}
                style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
              >
                <Group gap={6} wrap="wrap">
                  {change.fromStatus && (
                    <Text size="sm" c="dimmed">
                      {`${COLLECTION_STATUS_LABELS[change.fromStatus]} →`}
                    </Text>
                  )}
                  <StatusLabel status={change.toStatus} />
                </Group>
                {change.note && (
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {change.note}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {[formatValue(change.at, 'dateTime'), change.by].filter(Boolean).join(' · ')}
                </Text>
              </Stack>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
