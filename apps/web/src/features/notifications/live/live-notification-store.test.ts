import { afterEach, describe, expect, it, vi } from 'vitest';
import { handleLiveMessage } from './use-notification-socket.ts';
import {
  acknowledgeDirectNotification,
  getLiveNotifications,
  resetLiveNotifications,
} from './live-notification-store.ts';

afterEach(() => resetLiveNotifications());

describe('handleLiveMessage (SPEC §4)', () => {
  it('NEW_DIRECT sets the direct-notification flag and refreshes the list', () => {
    const refresh = vi.fn();
    handleLiveMessage('NEW_DIRECT', refresh);
    expect(getLiveNotifications()).toMatchObject({ directNotification: true, lastNotificationType: null });
    expect(refresh).toHaveBeenCalledTimes(1);
    acknowledgeDirectNotification();
    expect(getLiveNotifications().directNotification).toBe(false);
  });

  it('any other text is recorded as the last notification type and refreshes the list', () => {
    const refresh = vi.fn();
    handleLiveMessage('SMS', refresh);
    handleLiveMessage('CALL', refresh);
    expect(getLiveNotifications()).toMatchObject({
      directNotification: false,
      lastNotificationType: 'CALL',
      received: 2,
    });
    expect(refresh).toHaveBeenCalledTimes(2);
  });
});
