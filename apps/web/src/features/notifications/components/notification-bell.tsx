import { ActionIcon, Button, Divider, EmptyState, Group, Indicator, Popover, Text } from '@mantine/core';
import { BellIcon, InboxIcon } from '@/components/icons.tsx';

/**
 * SPEC §2 notification bell: unread count, list and Clear all. This is the frame; the list, the
 * live socket and Clear all (SPEC §4, §7 Notifications) come with the communication issue, so
 * the count is honestly 0 and Clear all is disabled until then.
 */
export function NotificationBell() {
  const unreadCount = 0;
  const label = unreadCount === 0 ? 'Notifications' : `Notifications, ${unreadCount} unread`;
  return (
    <Popover position="bottom-end" width={340} shadow="md" withArrow arrowPosition="center" trapFocus>
      <Indicator
        label={unreadCount > 99 ? '99+' : unreadCount}
        size={16}
        offset={6}
        color="red"
        disabled={unreadCount === 0}
        data-testid="notification-count"
        data-count={unreadCount}
      >
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} data-testid="notification-bell">
            <BellIcon size={20} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} aria-label="Notifications">
        <Group justify="space-between" px="sm" py={8} wrap="nowrap">
          <Text fw={600} size="sm">
            Notifications
          </Text>
          <Button variant="subtle" size="compact-xs" disabled>
            Clear all
          </Button>
        </Group>
        <Divider />
        <EmptyState
          size="sm"
          py="lg"
          icon={<InboxIcon size={22} />}
          title="No notifications"
          description="New texts, calls and account updates will appear here."
        />
      </Popover.Dropdown>
    </Popover>
  );
}
