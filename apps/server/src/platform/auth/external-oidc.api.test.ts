import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { signInWithCodeFlow } from '../../../test/support/code-flow.ts';
import { fetchClient } from '../../../test/support/http-client.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, openTestDatabase, SEEDED } from '../../../test/support/test-app.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { DEMO_PASSWORD } from '../../seed/seed.ts';

/**
 * External mode against a second, independent issuer started here on a real port: its own keys, URL,
 * audience and email claim (as Entra ID's `upn`). The app must discover it, fetch its JWKS over HTTP and
 * accept its tokens, and nothing else.
 */
const AUDIENCE = 'api://casedesk-corporate';
const EMAIL_CLAIM = 'upn';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

let corporate: { app: AppInstance; close: () => Promise<void>; issuer: string; base: string };
let external: TestApp;

beforeAll(async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { database, databaseUrl, dispose } = await openTestDatabase();
  const issuerConfig = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: base,
    OIDC_AUDIENCE: AUDIENCE,
    OIDC_EMAIL_CLAIM: EMAIL_CLAIM,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DEMO: 'true' } : {}),
  });
  const app = await buildApp({ config: issuerConfig, database, logger: false });
  await app.listen({ port, host: '127.0.0.1' });
  corporate = {
    app,
    base,
    issuer: issuerConfig.issuer,
    close: async () => {
      await app.close();
      await dispose();
    },
  };
  external = await createTestApp({
    OIDC_ISSUER: corporate.issuer,
    OIDC_AUDIENCE: AUDIENCE,
    OIDC_EMAIL_CLAIM: EMAIL_CLAIM,
  });
});
afterAll(async () => {
  await external?.close();
  await corporate?.close();
});

const corporateToken = async (email: string) =>
  (
    await signInWithCodeFlow(fetchClient(corporate.base), {
      issuer: corporate.issuer,
      clientId: 'casedesk-web',
      redirectUri: `${corporate.base}/`,
      email,
      password: DEMO_PASSWORD,
      resource: AUDIENCE,
    })
  ).access_token;

describe('external OpenID Connect mode', () => {
  it('tells the SPA to sign in at the corporate issuer, and mounts no embedded provider', async () => {
    const config = await external.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ authority: corporate.issuer, localMode: false, resource: null });
    const idp = await external.app.inject({ method: 'GET', url: '/idp/.well-known/openid-configuration' });
    expect(idp.statusCode).toBe(404);
  });

  it("accepts the corporate issuer's token, mapping the configured claim to the user", async () => {
    const token = await corporateToken(SEEDED.manager);
    const res = await external.app.inject({
      method: 'GET',
      url: '/api/v1/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().mail).toBe(SEEDED.manager);
  });

  it('still decides access itself: a disabled account gets 403', async () => {
    const token = await corporateToken(SEEDED.disabled);
    const res = await external.app.inject({
      method: 'GET',
      url: '/api/v1/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().reason).toBe('ACCOUNT_INACTIVE');
  });

  it('refuses tokens of any other issuer', async () => {
    const local = await createTestApp();
    try {
      const foreign = await local.tokenFor(SEEDED.admin);
      const res = await external.app.inject({
        method: 'GET',
        url: '/api/v1/user',
        headers: { authorization: `Bearer ${foreign}` },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await local.close();
    }
  });

  it('refuses to start when the discovery document names another issuer than OIDC_ISSUER', async () => {
    // A host that serves the corporate provider's keys but says it is someone else (or is misconfigured).
    const port = await freePort();
    const impostor = http.createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ issuer: corporate.issuer, jwks_uri: `${corporate.issuer}/jwks` }));
    });
    await new Promise<void>((resolve) => impostor.listen(port, '127.0.0.1', resolve));
    const { database, dispose } = await openTestDatabase();
    try {
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        OIDC_ISSUER: `http://127.0.0.1:${port}/tenant`,
        OIDC_AUDIENCE: AUDIENCE,
      });
      await expect(buildApp({ config, database, logger: false })).rejects.toThrow(
        `names the issuer "${corporate.issuer}", not the configured OIDC_ISSUER "http://127.0.0.1:${port}/tenant"`,
      );
    } finally {
      await new Promise((resolve) => impostor.close(resolve));
      await dispose();
    }
  });

  it('refuses to start in demo mode with NODE_ENV=production; a firm’s server with its provider starts', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/refuses to start with NODE_ENV=production/);
    const firm = {
      NODE_ENV: 'production',
      OIDC_ISSUER: corporate.issuer,
      DATABASE_URL: 'postgres://casedesk@db.internal:5432/casedesk',
      TWILIO_ACCOUNT_SID: `AC${'4'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: '9f8e7d6c5b4a39281706f5e4d3c2b1a0',
    };
    expect(() => loadConfig(firm)).not.toThrow();
  });
});
