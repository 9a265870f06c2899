import {
  ActionIcon,
  Box,
  Button,
  Divider,
  EmptyState,
  Group,
  Indicator,
  Popover,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Notification } from '@casedesk/contract/notifications/notification';
import { BellIcon, InboxIcon } from '@/components/icons.tsx';
import { paths } from '@/config/paths.ts';
import { LoadError } from '@/components/load-error.tsx';
import { useClearNotifications } from '../api/clear-notifications.ts';
import { useNotifications } from '../api/get-notifications.ts';
import { useMarkNotificationRead } from '../api/mark-notification-read.ts';
import { acknowledgeDirectNotification, useLiveNotifications } from '../live/live-notification-store.ts';
import classes from './notification-bell.module.css';
import { NotificationItem } from './notification-item.tsx';

export interface NotificationBellProps {
  /** SPEC §4: SMS and DIRECT notifications open the text drawer on that message (the shell owns the drawer). */
  onOpenText: (smsId: string) => void;
}

function NotificationList({ onOpen }: { onOpen: (notification: Notification) => void }) {
  const query = useNotifications();
  if (query.isPending) {
    return (
      <Stack gap="xs" p="sm" aria-label="Loading notifications">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={36} />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Box m="sm">
        <LoadError title="Notifications could not be loaded" onRetry={() => void query.refetch()} />
      </Box>
    );
  }
  if (query.data.items.length === 0) {
    return (
      <EmptyState
        size="sm"
        py="lg"
        icon={<InboxIcon size={22} />}
        title="No notifications"
        description="New texts, calls and account updates will appear here."
      />
    );
  }
  return (
    <div className={classes.list} role="list">
      {query.data.items.map((notification) => (
        <div role="listitem" key={notification.id}>
          <NotificationItem notification={notification} onOpen={onOpen} />
        </div>
      ))}
    </div>
  );
}

/**
 * SPEC §2 notification bell: unread count, list and Clear all. The count and list refresh when the
 * live socket announces a notification (SPEC §4); opening the bell refreshes them too, since ACCOUNT
 * and COLLECTION_SMS notifications are not announced live (SPEC §6 subscribes DIRECT, CALL and SMS).
 */
export function NotificationBell({ onOpenText }: NotificationBellProps) {
  const [opened, setOpened] = useState(false);
  const query = useNotifications();
  const markRead = useMarkNotificationRead();
  const clearAll = useClearNotifications();
  const { directNotification } = useLiveNotifications();
  const navigate = useNavigate();

  const unreadCount = query.data?.unreadCount ?? 0;
  const hasItems = (query.data?.items.length ?? 0) > 0;
  const label =
    unreadCount === 0
      ? 'Notifications'
      : `Notifications, ${unreadCount} unread${directNotification ? ', new direct message' : ''}`;

  // Controlled: the bell toggles it; Escape and a click outside close it through onChange.
  // Mantine hears Escape only inside the list, and focus reaches the list a moment after it opens (or stays
  // on the bell): Escape closes it wherever focus is.
  useWindowEvent('keydown', (event) => {
    if (opened && event.key === 'Escape') setOpened(false);
  });
  const toggle = () => {
    if (!opened) {
      void query.refetch();
      acknowledgeDirectNotification();
    }
    setOpened(!opened);
  };

  // SPEC §4: clicking an unread one marks it read; then it opens what it is about.
  const open = (notification: Notification) => {
    if (!notification.read) markRead.mutate(notification.id);
    setOpened(false);
    switch (notification.notificationType) {
      case 'SMS':
      case 'DIRECT':
        onOpenText(notification.notificationId);
        break;
      case 'ACCOUNT':
      case 'COLLECTION_SMS':
        void navigate(paths.collections.accountDetail.href(notification.notificationId));
        break;
      case 'CALL':
        void navigate(paths.communication.calls.href());
        break;
    }
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={360}
      shadow="md"
      withArrow
      arrowPosition="center"
      trapFocus
    >
      <Indicator
        label={unreadCount > 99 ? '99+' : unreadCount}
        size={16}
        offset={6}
        color={directNotification ? 'orange' : 'red'}
        disabled={unreadCount === 0}
        data-testid="notification-count"
        data-count={unreadCount}
        data-direct={directNotification || undefined}
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={label}
            aria-expanded={opened}
            onClick={toggle}
            data-testid="notification-bell"
          >
            <BellIcon size={20} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} aria-label="Notifications">
        <Group justify="space-between" px="sm" py={8} wrap="nowrap">
          <Text fw={600} size="sm">
            Notifications
          </Text>
          <Button
            variant="subtle"
            size="compact-xs"
            disabled={!hasItems}
            loading={clearAll.isPending}
            onClick={() => clearAll.mutate()}
          >
            Clear all
          </Button>
        </Group>
        <Divider />
        <NotificationList onOpen={open} />
      </Popover.Dropdown>
    </Popover>
  );
}
