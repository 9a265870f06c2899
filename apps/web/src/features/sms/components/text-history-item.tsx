import { Avatar, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import type { DropdownOption } from '@casedesk/contract/dropdowns/dropdown';
import { formatPhone } from '@casedesk/contract/common/text';
import type { SmsMessage } from '@casedesk/contract/sms/sms';
import { isRetryable } from '@casedesk/contract/sms/sms-status';
import { formatValue } from '@/components/data-table/format-cell.ts';
import { DirectionBadge, StatusBadge } from './sms-badges.tsx';
import { initialsOf } from './text-form-values.ts';

interface OptionRef {
  id: string;
  value: string;
}

/** The options offered, plus the text's current one when it is not among them (retired, or out of scope). */
function selectData(options: readonly DropdownOption[], current: OptionRef | null) {
  const data = options.map((o) => ({ value: o.id, label: o.value }));
  if (current && !options.some((o) => o.id === current.id)) {
    data.unshift({ value: current.id, label: current.value, disabled: true } as (typeof data)[number]);
  }
  return data;
}

export interface TextHistoryItemProps {
  message: SmsMessage;
  highlighted?: boolean;
  categories: readonly DropdownOption[];
  reasons: readonly DropdownOption[];
  editable: boolean;
  retrying: boolean;
  onCategoryChange: (message: SmsMessage, categoryId: string) => void;
  onReasonChange: (message: SmsMessage, reasonId: string) => void;
  onRetry: (message: SmsMessage) => void;
}

/** SPEC §2 history item: avatar, time, body, direction badge, editable category and reason; delivery status. */
export const TextHistoryItem = memo(function TextHistoryItem(props: TextHistoryItemProps) {
  const { message, editable } = props;
  const outbound = message.direction === 'OUTBOUND';
  // The author of the text: the operator who sent it, or the client who wrote in.
  const author = outbound
    ? (message.operatorName ?? 'Automatic')
    : (message.clientName ?? formatPhone(message.participantNumber));
  return (
    <Paper
      withBorder
      p="xs"
      data-testid="text-history-item"
      data-direction={message.direction}
      data-status={message.status}
      data-highlighted={props.highlighted || undefined}
      style={props.highlighted ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
      bg={outbound ? undefined : 'var(--mantine-color-default-hover)'}
    >
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <Avatar radius="xl" size={34} color={outbound ? 'cyan' : 'violet'} aria-hidden="true">
          {initialsOf(outbound ? message.operatorName : message.clientName)}
        </Avatar>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Group gap={6} wrap="wrap">
              <Text size="sm" fw={600}>
                {author}
              </Text>
              <Text size="xs" c="dimmed">
                {formatValue(message.createdDate, 'dateTime')}
              </Text>
            </Group>
            <Group gap={6} wrap="nowrap">
              <DirectionBadge direction={message.direction} />
              {outbound && <StatusBadge status={message.status} errorCode={message.errorCode} />}
              {isRetryable(message.direction, message.status) && (
                <Button
                  size="compact-xs"
                  variant="light"
                  color="red"
                  loading={props.retrying}
                  onClick={() => props.onRetry(message)}
                >
                  Retry
                </Button>
              )}
            </Group>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.body}
          </Text>
          <Group gap="xs" grow wrap="nowrap">
            <Select
              size="xs"
              aria-label="Category"
              placeholder="Category"
              data={selectData(props.categories, message.category)}
              value={message.category?.id ?? null}
              onChange={(id) => id && id !== message.category?.id && props.onCategoryChange(message, id)}
              allowDeselect={false}
              disabled={!editable}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              size="xs"
              aria-label="Reason"
              placeholder="Reason"
              data={selectData(props.reasons, message.reason)}
              value={message.reason?.id ?? null}
              onChange={(id) => id && id !== message.reason?.id && props.onReasonChange(message, id)}
              allowDeselect={false}
              disabled={!editable}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
});
