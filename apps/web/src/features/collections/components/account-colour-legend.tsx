import { Group, Text } from '@mantine/core';
import type { CollectionRowColour } from '@casedesk/contract/collections/account';
import { ROW_COLOUR_STYLES } from './account-columns.tsx';

const ENTRIES: { colour: NonNullable<CollectionRowColour>; label: string }[] = [
  { colour: 'red', label: 'Follow-up date passed' },
  { colour: 'yellow', label: 'Escalation (ESC)' },
  { colour: 'purple', label: 'Review (REV)' },
];

/** What the row colours mean (SPEC §4); an overdue follow-up wins over the status colour. */
export function AccountColourLegend() {
  return (
    <Group gap="lg" wrap="wrap" component="ul" aria-label="Row colours" data-testid="account-colour-legend" m={0} p={0}>
      {ENTRIES.map((e) => (
        <Group key={e.colour} gap={6} wrap="nowrap" component="li" style={{ listStyle: 'none' }}>
          <span
            style={{ ...ROW_COLOUR_STYLES[e.colour], display: 'inline-block', width: 18, height: 12, borderRadius: 2 }}
            aria-hidden
          />
          <Text size="xs" c="light-dark(var(--mantine-color-gray-8), var(--mantine-color-dark-0))">
            {e.label}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
