import { Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Timeline, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import type { TimelineItem, TimelineKind } from '@casedesk/contract/collections/account';
import { formatMoney } from '@casedesk/contract/common/money';
import {
  BanIcon,
  BriefcaseIcon,
  CalendarClockIcon,
  CalendarIcon,
  FlagIcon,
  HourglassIcon,
  InboxIcon,
  MailIcon,
  MessageIcon,
  PencilIcon,
  PhoneIcon,
  ReceiptIcon,
  UserIcon,
  WalletIcon,
  type IconProps,
} from '@/components/icons.tsx';
import { formatValue } from '@/components/data-table/format-cell.ts';
import { LoadError } from '@/components/load-error.tsx';
import { useAccountTimeline } from '../api/get-account-timeline.ts';

interface KindLook {
  label: string;
  Icon: ComponentType<IconProps>;
  color: string;
}

/** Each kind's icon, colour and name (the name is read out with the icon). */
export const TIMELINE_KIND_LOOKS: Record<TimelineKind, KindLook> = {
  CALL: { label: 'Call', Icon: PhoneIcon, color: 'blue' },
  TEXT: { label: 'Text', Icon: MessageIcon, color: 'teal' },
  LETTER: { label: 'Letter', Icon: MailIcon, color: 'indigo' },
  EMAIL: { label: 'E-mail', Icon: InboxIcon, color: 'indigo' },
  PAYMENT: { label: 'Payment', Icon: WalletIcon, color: 'green' },
  PLAN: { label: 'Payment plan', Icon: CalendarClockIcon, color: 'cyan' },
  STATUS: { label: 'Status', Icon: FlagIcon, color: 'grape' },
  NOTE: { label: 'Note', Icon: PencilIcon, color: 'gray' },
  ASSIGNMENT: { label: 'Assignment', Icon: UserIcon, color: 'blue' },
  FOLLOW_UP: { label: 'Follow-up', Icon: CalendarIcon, color: 'orange' },
  TERM: { label: 'Term', Icon: BriefcaseIcon, color: 'violet' },
  ADJUSTMENT: { label: 'Adjustment', Icon: ReceiptIcon, color: 'yellow' },
  WORKFLOW: { label: 'Workflow', Icon: HourglassIcon, color: 'gray' },
  CONTACT_REFUSED: { label: 'Contact refused', Icon: BanIcon, color: 'red' },
  DRAFT: { label: 'Draft approved', Icon: PencilIcon, color: 'indigo' },
};

function Bullet({ kind }: { kind: TimelineKind }) {
  const { Icon, color, label } = TIMELINE_KIND_LOOKS[kind];
  return (
    <ThemeIcon size={24} radius="xl" color={color} variant="light" title={label}>
      <Icon size={14} />
    </ThemeIcon>
  );
}

function Entry({ item }: { item: TimelineItem }) {
  const meta = [formatValue(item.at, 'dateTime'), item.by].filter(Boolean).join(' · ');
  return (
    <Stack gap={2} data-testid="timeline-item" data-kind={item.kind}>
      <Group gap="xs" wrap="wrap" justify="space-between">
        <Text size="sm" fw={600}>
          <Text span size="xs" c="dimmed" fw={400}>
            {`${TIMELINE_KIND_LOOKS[item.kind].label}: `}
          </Text>
          {item.title}
        </Text>
        {item.amountCents !== null && (
          <Text size="sm" fw={600} c={item.amountCents < 0 ? 'red.8' : undefined}>
            {formatMoney(item.amountCents)}
          </Text>
        )}
      </Group>
      {item.detail && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {item.detail}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {meta}
      </Text>
    </Stack>
  );
}

/** The account's activity from every module, newest first, with "Load more" for older items. */
export function AccountTimeline({ accountId }: { accountId: string }) {
  const timeline = useAccountTimeline(accountId);
  const items = timeline.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Activity
        </Title>
        {timeline.isPending ? (
          <Stack gap="xs" aria-label="Loading the activity">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={40} />
            ))}
          </Stack>
        ) : timeline.isError && items.length === 0 ? (
          <LoadError title="The activity could not be loaded" onRetry={() => void timeline.refetch()} />
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing has happened on this account yet.
          </Text>
        ) : (
          <Timeline bulletSize={24} lineWidth={2} data-testid="account-timeline">
            {items.map((item) => (
              <Timeline.Item key={item.id} bullet={<Bullet kind={item.kind} />}>
                <Entry item={item} />
              </Timeline.Item>
            ))}
          </Timeline>
        )}
        {timeline.hasNextPage && (
          <Group justify="center">
            <Button
              variant="subtle"
              onClick={() => void timeline.fetchNextPage()}
              loading={timeline.isFetchingNextPage}
            >
              Load more
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
