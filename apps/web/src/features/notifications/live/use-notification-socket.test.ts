import { beforeEach, describe, expect, it, vi } from 'vitest';

const auth = vi.hoisted(() => ({
  stored: null as { access_token: string; expired: boolean } | null,
  renewed: 'renewed' as string | null,
}));

vi.mock('@/lib/auth.ts', () => ({
  getStoredUser: vi.fn(async () => auth.stored),
  refreshAccessToken: vi.fn(async () => auth.renewed),
}));

const { socketToken } = await import('./use-notification-socket.ts');
const { refreshAccessToken } = await import('@/lib/auth.ts');

beforeEach(() => {
  vi.mocked(refreshAccessToken).mockClear();
  auth.renewed = 'renewed';
});

describe('socketToken', () => {
  it('the stored token while this clock calls it valid', async () => {
    auth.stored = { access_token: 'stored', expired: false };
    expect(await socketToken()).toBe('stored');
    expect(refreshAccessToken).not.toHaveBeenCalled();
  });

  it('a renewed one after the server closed the socket for that very token, valid or not here', async () => {
    auth.stored = { access_token: 'stored', expired: false };
    expect(await socketToken('stored')).toBe('renewed');
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
  });

  it('the stored token when another tab has already renewed the expired one', async () => {
    auth.stored = { access_token: 'newer', expired: false };
    expect(await socketToken('stored')).toBe('newer');
    expect(refreshAccessToken).not.toHaveBeenCalled();
  });

  it('null once signed out; throws (to retry later) when renewal fails', async () => {
    auth.stored = null;
    expect(await socketToken('stored')).toBeNull();
    auth.stored = { access_token: 'stored', expired: true };
    auth.renewed = null;
    await expect(socketToken()).rejects.toThrow('could not be renewed');
  });
});
