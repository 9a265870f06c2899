import { expect, type Page } from '@playwright/test';

/** Every seeded demo account uses this password (local mode). */
export const DEMO_PASSWORD = 'casedesk';

export const USERS = {
  admin: 'admin@casedesk.local',
  manager: 'manager@casedesk.local',
  operator: 'operator@casedesk.local',
  attorney: 'attorney@casedesk.local',
  collector: 'collector@casedesk.local',
  disabled: 'disabled@casedesk.local',
} as const;

/**
 * The IdP's login page: /interaction/{uid} with Email and Password fields (after a failed
 * attempt the form is shown again at /interaction/{uid}/login).
 */
export async function expectLoginPage(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/interaction\/[^/]+(\/login)?$/);
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByLabel('Password')).toBeVisible();
}

export async function submitCredentials(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens a guarded page, goes through the real login page and waits for the app to take over. */
export async function signInThroughLoginPage(page: Page, email: string, startPath = '/dashboard'): Promise<void> {
  await page.goto(startPath);
  await expectLoginPage(page);
  await submitCredentials(page, email);
  // SPEC §2: a 2 second wait after login, then the landing redirect.
  await expect(page).not.toHaveURL(/\/interaction\//, { timeout: 15_000 });
}

interface StoredSession {
  key: string;
  value: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

/** Sessions signed in earlier in this worker, by email. */
const sessions = new Map<string, StoredSession>();
/** A session is reused only while its access token has this long left: no test outlasts it. */
const REUSE_MARGIN_MS = 5 * 60_000;

/**
 * Signs in as `email` and opens `startPath`. The first time in a worker it goes through the real login
 * page; later tests get that session's stored user put into their own (fresh) browser storage instead,
 * which saves each test the login round trips and SPEC §2's 2 s landing wait. Sign-in itself is what
 * sign-in.spec.ts and sign-out.spec.ts check, through signInThroughLoginPage. A session is reused only
 * while its access token is valid for minutes more, so no test ever refreshes it: refresh tokens rotate,
 * and two pages refreshing one would revoke it.
 */
export async function signIn(page: Page, email: string, startPath = '/dashboard'): Promise<void> {
  const stored = sessions.get(email);
  if (stored && stored.expiresAt * 1000 - Date.now() > REUSE_MARGIN_MS) {
    await page.addInitScript(({ key, value }) => {
      if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
    }, stored);
    await page.goto(startPath);
    return;
  }
  await signInThroughLoginPage(page, email, startPath);
  await expect.poll(() => storedUserKeys(page), { timeout: 15_000 }).toHaveLength(1);
  const [key] = await storedUserKeys(page);
  const value = await page.evaluate((k) => window.localStorage.getItem(k) ?? '', key!);
  sessions.set(email, { key: key!, value, expiresAt: await storedTokenExpiry(page) });
}

/** The keys oidc-client-ts stores the signed-in user under. */
export function storedUserKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(window.localStorage).filter((key) => key.startsWith('oidc.user:')));
}

/** Seconds since the epoch at which the stored access token expires. */
export async function storedTokenExpiry(page: Page): Promise<number> {
  const expiresAt = await page.evaluate(() => {
    const key = Object.keys(window.localStorage).find((k) => k.startsWith('oidc.user:'));
    if (!key) return null;
    const user = JSON.parse(window.localStorage.getItem(key) ?? '{}') as { expires_at?: number };
    return user.expires_at ?? null;
  });
  if (expiresAt === null) throw new Error('No signed-in user in local storage');
  return expiresAt;
}

/** The app's current access token (waits for one that is valid for a few more seconds). */
export async function accessToken(page: Page): Promise<string> {
  const read = () =>
    page.evaluate(() => {
      const key = Object.keys(window.localStorage).find((k) => k.startsWith('oidc.user:'));
      const user = JSON.parse(window.localStorage.getItem(key ?? '') ?? '{}') as {
        access_token?: string;
        expires_at?: number;
      };
      return user.access_token && (user.expires_at ?? 0) > Date.now() / 1000 + 3 ? user.access_token : '';
    });
  await expect.poll(read, { timeout: 15_000 }).not.toBe('');
  return read();
}
