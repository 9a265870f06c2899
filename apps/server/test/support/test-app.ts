import type { LightMyRequestResponse } from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { Config } from '../../src/config.ts';
import { loadConfig } from '../../src/config.ts';
import type { Database } from '../../src/platform/db/database.ts';
import { openDatabase } from '../../src/platform/db/database.ts';
import type { AppInstance } from '../../src/platform/http/app-instance.ts';
import { DEMO_PASSWORD } from '../../src/seed/seed.ts';
import { signInWithCodeFlow } from './code-flow.ts';
import type { HttpClient } from './http-client.ts';
import { injectClient } from './http-client.ts';
import { openOwnPostgresDatabase } from './postgres.ts';

export const TEST_PUBLIC_URL = 'http://localhost:3000';

export const SEEDED = {
  admin: 'admin@casedesk.local',
  manager: 'manager@casedesk.local',
  operator: 'operator@casedesk.local',
  attorney: 'attorney@casedesk.local',
  collector: 'collector@casedesk.local',
  disabled: 'disabled@casedesk.local',
} as const;

/** A fresh copy of the seeded template database: PGlite by default, PostgreSQL when DATABASE_URL is set. */
export async function openTestDatabase(): Promise<{
  database: Database;
  databaseUrl?: string;
  dispose: () => Promise<void>;
}> {
  const template = inject('templateDatabase');
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) return openOwnPostgresDatabase(baseUrl, { prefix: 'casedesk_test', template, poolSize: 10 });
  const database = await openDatabase({ loadDataDir: new Blob([fs.readFileSync(template)]) });
  return { database, dispose: () => database.close() };
}

export interface TestApp {
  app: AppInstance;
  database: Database;
  /** Shorthand for `database.db`. */
  db(): Database['db'];
  config: Config;
  http: HttpClient;
  /** A real access token for a seeded user, from the embedded provider's code flow (cached per email). */
  tokenFor(email: string): Promise<string>;
  /** `Authorization` header for a seeded user. */
  authFor(email: string): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Log lines go here (pino JSON, one per line) at LOG_LEVEL, 'debug' unless env says; none by default. */
  logStream?: DestinationStream;
  /** The rate limits' clock (held still, so a count never straddles a window's edge). */
  rateLimitClock?: () => number;
  /** The dashboards' "now" (a test fixes the day it counts). */
  dashboardClock?: () => Date;
}

export async function createTestApp(
  env: Record<string, string> = {},
  { logStream, rateLimitClock, dashboardClock }: TestAppOptions = {},
): Promise<TestApp> {
  const { database, databaseUrl, dispose } = await openTestDatabase();
  // Uploaded files of this app only (DATA_DIR/files), removed on close.
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'casedesk-files-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_PUBLIC_URL,
    // The tests' database is the demo seed, on either engine; the mode tests build their own apps.
    DEMO: 'true',
    LOG_LEVEL: logStream ? 'debug' : 'silent',
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const app = await buildApp({
    config,
    database,
    logger: !!logStream,
    ...(logStream ? { logStream } : {}),
    ...(rateLimitClock ? { rateLimitClock } : {}),
    ...(dashboardClock ? { dashboardClock } : {}),
  });
  await app.ready();
  const http = injectClient(app);
  const tokens = new Map<string, Promise<string>>();
  const tokenFor = (email: string) => {
    if (!tokens.has(email)) {
      tokens.set(
        email,
        signInWithCodeFlow(http, {
          issuer: config.issuer,
          clientId: config.OIDC_CLIENT_ID,
          redirectUri: `${TEST_PUBLIC_URL}/`,
          email,
          password: DEMO_PASSWORD,
          resource: config.OIDC_AUDIENCE,
        }).then((t) => t.access_token),
      );
    }
    return tokens.get(email)!;
  };
  return {
    app,
    database,
    db: () => database.db,
    config,
    http,
    tokenFor,
    authFor: async (email) => ({ authorization: `Bearer ${await tokenFor(email)}` }),
    close: async () => {
      await app.close();
      await dispose();
      if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A request as a seeded user (null: without a token), with an optional JSON body: what most API tests send. */
export function injector(t: TestApp) {
  return async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    as: string | null,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      headers: as ? await t.authFor(as) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

export type Injector = ReturnType<typeof injector>;
