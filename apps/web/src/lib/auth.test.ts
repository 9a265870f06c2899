import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api.ts';
import type * as Auth from './auth.ts';

interface StoredUser {
  access_token: string;
  refresh_token: string;
  expiresAt: number;
}

/** One browser's local storage and the provider's rotating refresh tokens, shared by every "tab". */
const provider = vi.hoisted(() => ({
  stored: null as StoredUser | null,
  current: 'refresh-0',
  grants: 0,
  revoked: false,
}));

// The provider answers a refresh_token grant after a round trip; a refresh token presented after it was
// rotated is taken for theft and revokes the session, as oidc-provider does.
vi.mock('oidc-client-ts', () => ({
  WebStorageStateStore: class {},
  UserManager: class {
    async getUser() {
      const user = provider.stored;
      return user ? { ...user, expired: user.expiresAt <= Date.now() } : null;
    }
    async signinSilent() {
      const presented = provider.stored!.refresh_token;
      provider.grants++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (presented !== provider.current) {
        provider.revoked = true;
        throw new Error('invalid_grant');
      }
      provider.current = `refresh-${provider.grants}`;
      provider.stored = {
        access_token: `access-${provider.grants}`,
        refresh_token: provider.current,
        expiresAt: Date.now() + 600_000,
      };
      return provider.stored;
    }
  },
}));

/** The Web Locks API of one browser: requests for a name run one after another. */
function browserLocks() {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request(_name: string, task: () => Promise<unknown>) {
      const run = tail.then(() => task());
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

/** A tab: its own copy of the module (its own in-flight refresh), the browser's storage and locks. */
async function openTab(): Promise<typeof Auth> {
  vi.resetModules();
  return import('./auth.ts');
}

beforeEach(() => {
  provider.stored = { access_token: 'access-0', refresh_token: 'refresh-0', expiresAt: Date.now() - 1_000 };
  provider.current = 'refresh-0';
  provider.grants = 0;
  provider.revoked = false;
  // Only GET /api/config (the sign-in config) is read; the identity provider is the mock above.
  fakeApi();
  Object.defineProperty(navigator, 'locks', { value: browserLocks(), configurable: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'locks');
});

describe('refreshAccessToken across tabs', () => {
  it('tabs whose token expired together refresh once and share the renewed token', async () => {
    const [first, second, third] = [await openTab(), await openTab(), await openTab()];
    const tokens = await Promise.all([
      first.refreshAccessToken(),
      second.refreshAccessToken(),
      third.refreshAccessToken(),
    ]);
    expect(tokens).toEqual(['access-1', 'access-1', 'access-1']);
    expect(provider.grants).toBe(1);
    expect(provider.revoked).toBe(false);
  });

  it('a tab that asks after another renewed refreshes again, with the newest refresh token', async () => {
    const [first, second] = [await openTab(), await openTab()];
    expect(await first.refreshAccessToken()).toBe('access-1');
    expect(await second.refreshAccessToken()).toBe('access-2');
    expect(provider.revoked).toBe(false);
  });
});
