import { User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { afterEach, describe, expect, it } from 'vitest';
import { readStoredSession, storedSessionKey } from './auth.ts';

const config = { authority: 'http://idp.test/idp', clientId: 'casedesk-web' };
const nowSeconds = () => Math.floor(Date.now() / 1000);

afterEach(() => window.localStorage.clear());

describe('the stored session, read without oidc-client-ts', () => {
  it('is what the library stored for this provider and client, and is gone once it removes it', async () => {
    const manager = new UserManager({
      authority: config.authority,
      client_id: config.clientId,
      redirect_uri: 'http://localhost/',
      userStore: new WebStorageStateStore({ store: window.localStorage }),
    });
    const expiresAt = nowSeconds() + 600;
    await manager.storeUser(
      new User({
        access_token: 'access-1',
        refresh_token: 'refresh-1',
        token_type: 'Bearer',
        profile: { sub: 'user-1', iss: config.authority, aud: config.clientId, exp: expiresAt, iat: nowSeconds() },
        expires_at: expiresAt,
      }),
    );

    const stored = window.localStorage.getItem(storedSessionKey(config));
    expect(readStoredSession(stored)).toEqual({ access_token: 'access-1', refresh_token: 'refresh-1', expired: false });
    // Expired at the same second the library's User.expired says so.
    expect(readStoredSession(stored, expiresAt - 1)?.expired).toBe(false);
    expect(readStoredSession(stored, expiresAt)?.expired).toBe(true);

    await manager.removeUser();
    expect(window.localStorage.getItem(storedSessionKey(config))).toBeNull();
  });

  it('is none when nothing usable is stored', () => {
    expect(readStoredSession(null)).toBeNull();
    expect(readStoredSession('not json')).toBeNull();
    expect(readStoredSession(JSON.stringify({ refresh_token: 'refresh-1' }))).toBeNull();
    expect(readStoredSession(JSON.stringify({ access_token: 'access-1' }))).toEqual({
      access_token: 'access-1',
      refresh_token: undefined,
      expired: false,
    });
  });
});
