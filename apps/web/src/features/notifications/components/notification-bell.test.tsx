import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification, NotificationList } from '@casedesk/contract/notifications/notification';
import { createQueryClient } from '@/lib/query-client.ts';
import { apiError, fakeApi } from '@/test/fake-api.ts';
import { NOTIFICATIONS_QUERY_KEY } from '../api/get-notifications.ts';
import { resetLiveNotifications } from '../live/live-notification-store.ts';
import { handleLiveMessage } from '../live/use-notification-socket.ts';
import { NotificationBell } from './notification-bell.tsx';
import { timeAgo } from './time-ago.ts';

function notification(overrides: Partial<Notification>): Notification {
  return {
    id: crypto.randomUUID(),
    notificationId: crypto.randomUUID(),
    notificationType: 'SMS',
    description: 'New text from (213) 555-0101',
    read: false,
    createdDate: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

interface Server {
  list: NotificationList | 'error' | 'pending';
}

/** The product API at the network boundary: the notification calls answer from `server`. */
function stubApi(server: Server) {
  return fakeApi({
    'GET /api/v1/notification/all': () => {
      if (server.list === 'pending') return new Promise<never>(() => undefined);
      return server.list === 'error' ? apiError(500, 'x') : server.list;
    },
    'PUT /api/v1/notification/markRead': ({ query }) => {
      const found = typeof server.list === 'object' ? server.list.items.find((n) => n.id === query.id) : undefined;
      return found ? { ...found, read: true } : apiError(404, 'Notification not found.');
    },
    'PUT /api/v1/notification/clearAll': { cleared: 1 },
  });
}

function Where() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

function renderBell(server: Server) {
  const api = stubApi(server);
  const onOpenText = vi.fn();
  const queryClient = createQueryClient();
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/dashboard']}>
          <NotificationBell onOpenText={onOpenText} />
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { onOpenText, queryClient, api };
}

const count = () => screen.getByTestId('notification-count').getAttribute('data-count');
const openBell = () => fireEvent.click(screen.getByTestId('notification-bell'));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetLiveNotifications();
});

describe('NotificationBell', () => {
  it('shows the unread count from the server and lists the notifications', async () => {
    const items = [notification({ description: 'Text from Ana' }), notification({ read: true, description: 'Call' })];
    renderBell({ list: { items, unreadCount: 1 } });
    await waitFor(() => expect(count()).toBe('1'));
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
    openBell();
    const rows = await screen.findAllByTestId('notification-item');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Text from Ana');
    expect(rows[0]!.textContent).toContain('5 min ago');
    expect(within(rows[0]!).queryByTestId('unread-dot')).toBeTruthy();
    expect(within(rows[1]!).queryByTestId('unread-dot')).toBeNull();
  });

  it('has an empty state, with Clear all disabled', async () => {
    renderBell({ list: { items: [], unreadCount: 0 } });
    openBell();
    expect(await screen.findByText('No notifications')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Clear all', hidden: true })).toHaveProperty('disabled', true);
    expect(count()).toBe('0');
  });

  it('Escape closes the list', async () => {
    renderBell({ list: { items: [], unreadCount: 0 } });
    openBell();
    expect(screen.getByTestId('notification-bell').getAttribute('aria-expanded')).toBe('true');
    const dialog = await screen.findByRole('dialog', { name: 'Notifications', hidden: true });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.getByTestId('notification-bell').getAttribute('aria-expanded')).toBe('false'));
  });

  it('Escape closes the list wherever focus is, e.g. still on the bell right after opening it', async () => {
    renderBell({ list: { items: [], unreadCount: 0 } });
    openBell();
    await screen.findByRole('dialog', { name: 'Notifications', hidden: true });
    const bell = screen.getByTestId('notification-bell');
    bell.focus();
    fireEvent.keyDown(bell, { key: 'Escape' });
    await waitFor(() => expect(bell.getAttribute('aria-expanded')).toBe('false'));
  });

  it('has a loading state', async () => {
    renderBell({ list: 'pending' });
    openBell();
    expect(await screen.findByLabelText('Loading notifications')).toBeTruthy();
  });

  it('has an error state with a retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderBell({ list: 'error' });
    openBell();
    expect(await screen.findByText('Notifications could not be loaded')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Retry', hidden: true })).toBeTruthy();
  });

  it('an unread SMS is marked read and opens the text drawer on its message', async () => {
    const sms = notification({ notificationType: 'SMS' });
    const server: Server = { list: { items: [sms], unreadCount: 1 } };
    const { onOpenText, api } = renderBell(server);
    openBell();
    fireEvent.click(await screen.findByTestId('notification-item'));
    expect(onOpenText).toHaveBeenCalledWith(sms.notificationId);
    await waitFor(() =>
      expect(api.calls('PUT /api/v1/notification/markRead').map((r) => r.url)).toContain(
        `/api/v1/notification/markRead?id=${sms.id}`,
      ),
    );
  });

  it('a read DIRECT one opens the drawer without marking it again', async () => {
    const direct = notification({ notificationType: 'DIRECT', read: true });
    const server: Server = { list: { items: [direct], unreadCount: 0 } };
    const { onOpenText, api } = renderBell(server);
    openBell();
    fireEvent.click(await screen.findByTestId('notification-item'));
    expect(onOpenText).toHaveBeenCalledWith(direct.notificationId);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.requests.some((r) => r.url.includes('markRead'))).toBe(false);
  });

  it.each([
    ['ACCOUNT', (id: string) => `/collections/account-detail/${id}`],
    ['COLLECTION_SMS', (id: string) => `/collections/account-detail/${id}`],
    ['CALL', () => '/communication/calls'],
  ] as const)('%s opens its screen', async (notificationType, path) => {
    const item = notification({ notificationType });
    const { onOpenText } = renderBell({ list: { items: [item], unreadCount: 1 } });
    openBell();
    fireEvent.click(await screen.findByTestId('notification-item'));
    expect(screen.getByTestId('location').textContent).toBe(path(item.notificationId));
    expect(onOpenText).not.toHaveBeenCalled();
  });

  it('Clear all clears them and refreshes the list', async () => {
    const server: Server = { list: { items: [notification({})], unreadCount: 1 } };
    const { api } = renderBell(server);
    openBell();
    await screen.findByTestId('notification-item');
    server.list = { items: [], unreadCount: 0 };
    fireEvent.click(await screen.findByRole('button', { name: 'Clear all', hidden: true }));
    expect(await screen.findByText('No notifications')).toBeTruthy();
    expect(api.calls('PUT /api/v1/notification/clearAll').map((r) => r.url)).toContain('/api/v1/notification/clearAll');
    expect(count()).toBe('0');
  });

  it('a live NEW_DIRECT refreshes the count without a reload and flags the bell until it is opened', async () => {
    const server: Server = { list: { items: [], unreadCount: 0 } };
    const { queryClient, api } = renderBell(server);
    await waitFor(() => expect(api.requests).toHaveLength(1));
    server.list = { items: [notification({ notificationType: 'DIRECT' })], unreadCount: 1 };
    handleLiveMessage('NEW_DIRECT', () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }));
    await waitFor(() => expect(count()).toBe('1'));
    expect(screen.getByTestId('notification-count').hasAttribute('data-direct')).toBe(true);
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread, new direct message' })).toBeTruthy();
    openBell();
    await waitFor(() => expect(screen.getByTestId('notification-count').hasAttribute('data-direct')).toBe(false));
  });
});

describe('timeAgo', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  it.each([
    ['2026-03-01T11:59:40Z', 'just now'],
    ['2026-03-01T11:15:00Z', '45 min ago'],
    ['2026-03-01T07:00:00Z', '5 h ago'],
    ['2026-02-27T12:00:00Z', '2 d ago'],
    ['2026-01-05T12:00:00Z', '01/05/2026'],
    ['garbage', ''],
  ])('%s → %s', (iso, expected) => {
    expect(timeAgo(iso, now)).toBe(expected);
  });
});
