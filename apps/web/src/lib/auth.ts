import type { User, UserManager } from 'oidc-client-ts';
import type { ClientConfig } from '@casedesk/contract/common/config';

/** Set after an explicit sign-out so the next sign-in asks for credentials again (see signOut). */
const SIGNED_OUT_FLAG = 'casedesk.signedOut';
const DEFAULT_RETURN_PATH = '/dashboard';

interface SignInState {
  returnTo: string;
}

let configPromise: Promise<ClientConfig> | null = null;
let managerPromise: Promise<UserManager> | null = null;
let refreshInFlight: Promise<string | null> | null = null;
const callbacks = new Map<string, Promise<string>>();

/** GET /api/config is public: it says which identity provider to use, so one build serves any. */
export function loadClientConfig(): Promise<ClientConfig> {
  configPromise ??= fetch('/api/config', { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`GET /api/config failed with status ${response.status}`);
      // Checked by the server against clientConfigSchema on the way out (see apiRequest).
      return (await response.json()) as ClientConfig;
    })
    .catch((error: unknown) => {
      configPromise = null; // let the next attempt try again
      throw error;
    });
  return configPromise;
}

function resourceParams(config: ClientConfig): Record<string, string> {
  return config.resource ? { resource: config.resource } : {};
}

/**
 * oidc-client-ts (17 KB gzip) loads only to sign in, to complete a sign-in, to refresh and to sign out: a signed-in
 * user's first screen reads the stored session itself (getStoredUser).
 */
async function createUserManager(config: ClientConfig): Promise<UserManager> {
  const { UserManager, WebStorageStateStore } = await import('oidc-client-ts');
  const origin = window.location.origin;
  return new UserManager({
    authority: config.authority,
    client_id: config.clientId,
    scope: config.scope,
    // SPEC §1: the sign-in redirect target is the site root.
    redirect_uri: `${origin}/`,
    post_logout_redirect_uri: `${origin}/logged-out`,
    response_type: 'code',
    // SPEC §1: the token is kept in browser local storage (read back by getStoredUser, see storedSessionKey).
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    stateStore: new WebStorageStateStore({ store: window.localStorage }),
    // SPEC §4/§8: we refresh on a 401 instead of on a timer.
    automaticSilentRenew: false,
    monitorSession: false,
    // The resource indicator makes the IdP issue an access token for our API (a JWT with its audience).
    extraQueryParams: resourceParams(config),
    extraTokenParams: resourceParams(config),
  });
}

export function getUserManager(): Promise<UserManager> {
  managerPromise ??= loadClientConfig()
    .then(createUserManager)
    .catch((error: unknown) => {
      managerPromise = null; // let the next attempt load it again
      throw error;
    });
  return managerPromise;
}

/** What the app reads of the stored session: the access token, whether it has expired, and the refresh token. */
export interface StoredSession {
  access_token: string;
  refresh_token?: string;
  expired: boolean;
}

/**
 * Where oidc-client-ts keeps the signed-in user: its WebStorageStateStore's `oidc.` prefix and its UserManager's
 * `user:<authority>:<client id>` key, holding User.toStorageString()'s JSON (stored-session.test.ts holds the
 * library to both).
 */
export function storedSessionKey(config: Pick<ClientConfig, 'authority' | 'clientId'>): string {
  return `oidc.user:${config.authority}:${config.clientId}`;
}

/** The stored session as oidc-client-ts wrote it, read without loading the library; null when there is none. */
export function readStoredSession(
  stored: string | null,
  nowSeconds = Math.floor(Date.now() / 1000),
): StoredSession | null {
  if (!stored) return null;
  let user: Partial<Record<'access_token' | 'refresh_token' | 'expires_at', unknown>>;
  try {
    user = JSON.parse(stored) as typeof user;
  } catch {
    return null;
  }
  if (typeof user.access_token !== 'string' || !user.access_token) return null;
  return {
    access_token: user.access_token,
    refresh_token: typeof user.refresh_token === 'string' && user.refresh_token ? user.refresh_token : undefined,
    // As User.expired: without an expiry the token is taken as valid, and the server's 401 says otherwise.
    expired: typeof user.expires_at === 'number' && user.expires_at <= nowSeconds,
  };
}

/** A session is usable while its access token is valid or it can be renewed with its refresh token. */
export function isUsableSession(user: StoredSession | null): user is StoredSession {
  if (!user) return false;
  return !user.expired || Boolean(user.refresh_token);
}

export async function getStoredUser(): Promise<StoredSession | null> {
  const config = await loadClientConfig();
  return readStoredSession(window.localStorage.getItem(storedSessionKey(config)));
}

export async function getAccessToken(): Promise<string | null> {
  const user = await getStoredUser();
  return user?.access_token ?? null;
}

/** Only same-site paths are honoured as a return target, never another origin. */
function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return DEFAULT_RETURN_PATH;
  if (value === '/' || value.startsWith('/?')) return DEFAULT_RETURN_PATH;
  return value;
}

function readReturnPath(user: User | undefined): string {
  const state = user?.state as Partial<SignInState> | undefined;
  return safeReturnPath(state?.returnTo);
}

/** Sends the browser to the identity provider; `returnTo` is where the user lands afterwards. */
export async function startSignIn(returnTo: string): Promise<void> {
  const manager = await getUserManager();
  const state: SignInState = { returnTo: safeReturnPath(returnTo) };
  const afterSignOut = window.localStorage.getItem(SIGNED_OUT_FLAG) === '1';
  await manager.signinRedirect({ state, prompt: afterSignOut ? 'login' : undefined });
}

/** The IdP comes back to the site root with `code` and `state` (or `error` and `state`). */
export function isSignInCallback(pathname: string, search: string): boolean {
  if (pathname !== '/') return false;
  const params = new URLSearchParams(search);
  return params.has('state') && (params.has('code') || params.has('error'));
}

/**
 * Completes the code exchange and returns the path saved before sign-in. Memoised per URL because
 * the authorization code can be redeemed once only and React may run effects twice.
 */
export function completeSignIn(url: string): Promise<string> {
  let pending = callbacks.get(url);
  if (!pending) {
    pending = getUserManager()
      .then((manager) => manager.signinCallback(url))
      .then((user) => {
        window.localStorage.removeItem(SIGNED_OUT_FLAG);
        return readReturnPath(user);
      });
    callbacks.set(url, pending);
  }
  return pending;
}

/** One refresh at a time across this browser's tabs (Web Locks; without them, within this tab only). */
const REFRESH_LOCK = 'casedesk.token-refresh';

async function oneTabAtATime(task: () => Promise<string | null>): Promise<string | null> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // The lock is held until the task's promise settles; request resolves with its result.
  return locks ? await locks.request(REFRESH_LOCK, task) : task();
}

/**
 * Tabs share the stored session, and refresh tokens rotate: two tabs presenting the same one would
 * look like theft and revoke the session. Token expiry is the same instant in every tab (each live
 * socket is closed at it), so the tabs take turns, and a tab that waited uses the token renewed by
 * the tab before it instead of refreshing again.
 */
async function refreshOnce(): Promise<string | null> {
  const [manager, config] = await Promise.all([getUserManager(), loadClientConfig()]);
  const stale = (await manager.getUser())?.access_token;
  return oneTabAtATime(async () => {
    const user = await manager.getUser();
    if (user && !user.expired && user.access_token !== stale) return user.access_token;
    return user?.refresh_token ? renew(manager, config) : null;
  });
}

async function renew(manager: UserManager, config: ClientConfig): Promise<string | null> {
  try {
    // With a refresh token signinSilent makes a refresh_token grant; it does not reuse the
    // settings' extraTokenParams, so the resource is passed again here.
    const renewed = await manager.signinSilent({ extraTokenParams: resourceParams(config) });
    return renewed?.access_token ?? null;
  } catch (error) {
    console.warn('Silent token refresh failed', error);
    return null;
  }
}

/**
 * SPEC §4: on a 401 the token is refreshed silently. Calls failing at the same time share one
 * refresh, because refresh tokens rotate and presenting a used one again revokes the session.
 */
export function refreshAccessToken(): Promise<string | null> {
  refreshInFlight ??= refreshOnce().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/**
 * SPEC §1: sign-out removes the token locally. The refresh token is revoked too (DESIGN §7), and
 * the next sign-in asks for credentials instead of silently reusing the IdP session.
 */
export async function signOut(): Promise<void> {
  const manager = await getUserManager();
  try {
    await manager.revokeTokens(['refresh_token']);
  } catch (error) {
    console.warn('Refresh token revocation failed', error);
  }
  window.localStorage.setItem(SIGNED_OUT_FLAG, '1');
  await manager.removeUser();
}
