import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithCodeFlow } from '../test/support/code-flow.ts';
import { injectClient } from '../test/support/http-client.ts';
import { openOwnPostgresDatabase } from '../test/support/postgres.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { createTestApp, SEEDED, TEST_PUBLIC_URL } from '../test/support/test-app.ts';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { loadConfig } from './config.ts';
import { clients } from './modules/clients/clients.tables.ts';
import { dropdownOptions } from './modules/dropdowns/dropdowns.tables.ts';
import { addLocalUser } from './modules/users/user-add.ts';
import { users } from './modules/users/users.tables.ts';
import type { Database } from './platform/db/database.ts';
import { openDatabase } from './platform/db/database.ts';
import type { AppInstance } from './platform/http/app-instance.ts';
import { prepareDatabase } from './seed/prepare-database.ts';
import { DEMO_PASSWORD } from './seed/seed.ts';

/*
 * The two ways the server starts (DESIGN §7): demo mode (the fresh clone's embedded database) with its
 * seed, accounts and phone simulator; and a firm's server (DATABASE_URL without DEMO=true), which has none
 * of them: its people are added with `npm run user:add`. Each app below is started the way server.ts does.
 */
const TWILIO = { TWILIO_ACCOUNT_SID: `AC${'7'.repeat(32)}`, TWILIO_AUTH_TOKEN: randomBytes(16).toString('hex') };
const ADMIN = { email: 'head.of.it@firm.example', password: 'a long local password' };

/** An empty database: a new one on the PostgreSQL server when the suite runs there, else in memory. */
async function emptyDatabase(): Promise<{ database: Database; databaseUrl?: string; dispose(): Promise<void> }> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const database = await openDatabase({});
    return { database, dispose: () => database.close() };
  }
  return openOwnPostgresDatabase(baseUrl, { prefix: 'casedesk_modes', poolSize: 5 });
}

function signIn(app: AppInstance, config: Config, email: string, password: string) {
  return signInWithCodeFlow(injectClient(app), {
    issuer: config.issuer,
    clientId: config.OIDC_CLIENT_ID,
    redirectUri: `${TEST_PUBLIC_URL}/`,
    resource: config.OIDC_AUDIENCE,
    email,
    password,
  });
}

/** The embedded provider's sign-in page, as the browser reaches it from the authorization request. */
async function loginPage(app: AppInstance, config: Config): Promise<string> {
  const params = new URLSearchParams({
    client_id: config.OIDC_CLIENT_ID,
    redirect_uri: `${TEST_PUBLIC_URL}/`,
    response_type: 'code',
    scope: 'openid',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  });
  const authorize = await app.inject({ method: 'GET', url: `/idp/auth?${params}` });
  const cookies = ([] as string[])
    .concat(authorize.headers['set-cookie'] ?? [])
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  const page = await app.inject({
    method: 'GET',
    url: new URL(String(authorize.headers.location), TEST_PUBLIC_URL).pathname,
    headers: { cookie: cookies },
  });
  expect(page.statusCode).toBe(200);
  return page.body;
}

describe('a firm’s server: DATABASE_URL without DEMO=true', () => {
  let app: AppInstance;
  let config: Config;
  let store: Awaited<ReturnType<typeof emptyDatabase>>;

  beforeAll(async () => {
    store = await emptyDatabase();
    config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: TEST_PUBLIC_URL,
      LOG_LEVEL: 'silent',
      // On PGlite the database is not named by a URL; DEMO=false says what DATABASE_URL would.
      ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : { DEMO: 'false' }),
      ...TWILIO,
    });
    await prepareDatabase(config, store.database);
    app = await buildApp({ config, database: store.database, logger: false });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await store?.dispose();
  });

  it('is not demo mode, and starts with the reference lists only: no demo accounts, no clients', async () => {
    expect(config.demo).toBe(false);
    const [people] = await store.database.db.select({ n: count() }).from(users);
    const [clientRows] = await store.database.db.select({ n: count() }).from(clients);
    const [options] = await store.database.db.select({ n: count() }).from(dropdownOptions);
    expect([people!.n, clientRows!.n]).toEqual([0, 0]);
    expect(options!.n).toBeGreaterThan(0);
    await expect(signIn(app, config, SEEDED.admin, DEMO_PASSWORD)).rejects.toThrow(/incorrect/);
  });

  it('signs in a local account added with user:add, and has no simulator route', async () => {
    await addLocalUser(store.database.db, { ...ADMIN, role: 'ADMIN' });
    const tokens = await signIn(app, config, ADMIN.email, ADMIN.password);
    const authorization = `Bearer ${tokens.access_token}`;
    const state = await app.inject({ method: 'GET', url: '/api/v1/simulator', headers: { authorization } });
    expect(state.json()).toMatchObject({ enabled: false });
    const inbound = await app.inject({
      method: 'POST',
      url: '/api/v1/simulator/sms',
      headers: { authorization },
      payload: { from: '3105550100', to: '3105550199', body: 'hi' },
    });
    expect(inbound.statusCode).toBe(404);
  });

  it('does not name a demo password on its sign-in page', async () => {
    expect(await loginPage(app, config)).not.toMatch(/demo|casedesk<\/code>/i);
  });
});

describe('demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('names the demo accounts’ password on the sign-in page and offers the simulator', async () => {
    expect(t.config.demo).toBe(true);
    expect(await loginPage(t.app, t.config)).toContain('the demo accounts use the password <code>casedesk</code>');
    const state = await t.app.inject({
      method: 'GET',
      url: '/api/v1/simulator',
      headers: await t.authFor(SEEDED.admin),
    });
    expect(state.json()).toMatchObject({ enabled: true });
  });
});
