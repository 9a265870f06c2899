import { Box, Group, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import type { Notification } from '@casedesk/contract/notifications/notification';
import type { NotificationType } from '@casedesk/contract/notifications/notification-types';
import { MessageIcon, PhoneIcon, UserIcon, WalletIcon } from '@/components/icons.tsx';
import classes from './notification-bell.module.css';
import { timeAgo } from './time-ago.ts';

const TYPE_LABELS: Record<NotificationType, string> = {
  SMS: 'Text message',
  DIRECT: 'Direct message',
  CALL: 'Call',
  ACCOUNT: 'Collection account',
  COLLECTION_SMS: 'Collection text',
};

function TypeIcon({ type }: { type: NotificationType }) {
  const icon =
    type === 'CALL' ? (
      <PhoneIcon size={14} />
    ) : type === 'DIRECT' ? (
      <UserIcon size={14} />
    ) : type === 'ACCOUNT' ? (
      <WalletIcon size={14} />
    ) : (
      <MessageIcon size={14} />
    );
  return (
    <ThemeIcon variant="light" size={28} radius="xl" color={type === 'CALL' ? 'teal' : 'blue'} aria-hidden>
      {icon}
    </ThemeIcon>
  );
}

export interface NotificationItemProps {
  notification: Notification;
  onOpen: (notification: Notification) => void;
}

/** One row of the bell's list: type icon, description, time ago and an unread dot. */
export function NotificationItem({ notification, onOpen }: NotificationItemProps) {
  const unread = !notification.read;
  const label = `${TYPE_LABELS[notification.notificationType]}${unread ? ', unread' : ''}: ${notification.description}`;
  return (
    <UnstyledButton
      className={classes.item}
      data-unread={unread || undefined}
      onClick={() => onOpen(notification)}
      aria-label={label}
      data-testid="notification-item"
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <TypeIcon type={notification.notificationType} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={unread ? 600 : 400} lineClamp={2}>
            {notification.description}
          </Text>
          <Text size="xs" c="dimmed">
            {TYPE_LABELS[notification.notificationType]} · {timeAgo(notification.createdDate)}
          </Text>
        </Stack>
        {unread && <Box className={classes.unreadDot} data-testid="unread-dot" />}
      </Group>
    </UnstyledButton>
  );
}
