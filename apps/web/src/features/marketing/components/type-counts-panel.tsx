import { Card, Group, Loader, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router';
import { TRACKING_LINE_TYPE_LABELS } from '@casedesk/contract/marketing/tracking-line';
import { LoadError } from '@/components/load-error.tsx';
import { paths } from '@/config/paths.ts';
import { useTypeCounts } from '../api/get-type-counts.ts';

/** Active lines per type, each a way into that type's list. */
export function TypeCountsPanel() {
  const counts = useTypeCounts();
  if (counts.isError)
    return <LoadError title="Line counts could not be loaded" onRetry={() => void counts.refetch()} />;
  if (!counts.data) return <Loader size="sm" aria-label="Loading line counts" />;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm">
      {counts.data.map(({ type, count }) => (
        <Card
          key={type}
          component={Link}
          to={paths.marketing.trackingLineType.href(type.toLowerCase())}
          withBorder
          padding="sm"
        >
          <Text size="sm" c="dimmed">
            {TRACKING_LINE_TYPE_LABELS[type]}
          </Text>
          <Group justify="space-between" align="baseline">
            <Text fw={600} size="xl">
              {count}
            </Text>
            <Text size="xs" c="dimmed">
              {count === 1 ? 'line' : 'lines'}
            </Text>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
