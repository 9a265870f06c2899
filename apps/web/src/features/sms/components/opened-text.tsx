import { Group, Paper, Text } from '@mantine/core';
import { formatPhone } from '@casedesk/contract/common/text';
import type { SmsMessage } from '@casedesk/contract/sms/sms';
import { formatValue } from '@/components/data-table/format-cell.ts';
import { DirectionBadge } from './sms-badges.tsx';

/** Edit mode (SPEC §4): the text the drawer was opened on, so the prefilled form reads as its answer. */
export function OpenedText({ message }: { message: SmsMessage }) {
  const who = message.clientName ?? formatPhone(message.participantNumber);
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="opened-text" bg="var(--mantine-color-default-hover)">
      <Group gap={6} wrap="wrap" mb={4}>
        <DirectionBadge direction={message.direction} />
        <Text size="xs" c="dimmed">
          {message.direction === 'INBOUND' ? `From ${who}` : `To ${who}`} ·{' '}
          {formatValue(message.createdDate, 'dateTime')}
        </Text>
      </Group>
      <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.body}
      </Text>
    </Paper>
  );
}
