import { MESSAGES } from '@casedesk/contract/common/errors';
import { desc, eq } from 'drizzle-orm';
import type { CryptoKey } from 'jose';
import { SignJWT, generateKeyPair, importJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';
import { notifyActorsChanged } from '../auth/actor-cache.ts';
import { auditEvents } from '../audit/audit.tables.ts';
import { loadOrCreateIdpSecrets } from '../idp/idp-secrets.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** A token shaped like the provider's, signed with the given key; for the cases a real provider would never issue. */
async function forgeToken(overrides: {
  key?: CryptoKey;
  kid?: string;
  email?: string;
  exp?: number;
  aud?: string;
  iss?: string;
}) {
  const secrets = await loadOrCreateIdpSecrets(t.db());
  const key = overrides.key ?? ((await importJWK(secrets.signingKey, 'RS256')) as CryptoKey);
  return new SignJWT({ email: overrides.email ?? SEEDED.admin, email_verified: true, scope: 'openid' })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: overrides.kid ?? secrets.signingKey.kid })
    .setSubject('00000000-0000-4000-8000-000000000001')
    .setIssuer(overrides.iss ?? t.config.issuer)
    .setAudience(overrides.aud ?? t.config.OIDC_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(overrides.exp ?? Math.floor(Date.now() / 1000) + 300)
    .sign(key);
}

const getUser = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/user', headers: authorization ? { authorization } : {} });

describe('authentication', () => {
  it('401 for a missing, malformed or non-bearer Authorization header', async () => {
    for (const header of [
      undefined,
      'Bearer',
      'Basic YWRtaW46Y2FzZWRlc2s=',
      'Bearer not.a.jwt',
      `Bearer ${'x'.repeat(5000)}`,
    ]) {
      const res = await getUser(header);
      expect(res.statusCode, String(header).slice(0, 30)).toBe(401);
      expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized', code: 'UNAUTHORIZED' });
    }
  });

  it('401 for an expired token', async () => {
    const res = await getUser(`Bearer ${await forgeToken({ exp: Math.floor(Date.now() / 1000) - 60 })}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Token expired');
  });

  it('401 for a token signed with another key', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const res = await getUser(`Bearer ${await forgeToken({ key: privateKey })}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid token');
  });

  it('401 for a token of another issuer or audience', async () => {
    expect((await getUser(`Bearer ${await forgeToken({ iss: 'https://evil.example/idp' })}`)).statusCode).toBe(401);
    expect((await getUser(`Bearer ${await forgeToken({ aud: 'urn:someone:else' })}`)).statusCode).toBe(401);
  });

  it('401 for a tampered payload', async () => {
    const token = await t.tokenFor(SEEDED.operator);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, email: SEEDED.admin })).toString('base64url');
    expect((await getUser(`Bearer ${header}.${forged}.${signature}`)).statusCode).toBe(401);
  });

  it('403 with the inactive wording for a disabled account (it can authenticate; the product decides)', async () => {
    const res = await getUser(`Bearer ${await t.tokenFor(SEEDED.disabled)}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ reason: 'ACCOUNT_INACTIVE', message: MESSAGES.accountInactive });
  });

  it('403 with the missing-permission wording for a user unknown to the product', async () => {
    const res = await getUser(`Bearer ${await forgeToken({ email: 'stranger@elsewhere.example' })}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ reason: 'MISSING_PERMISSION', message: MESSAGES.missingPermission });
  });
});

describe('authorization', () => {
  it('403 for a disabled account on a permission route, and the refusal is audited', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/directory',
      headers: { authorization: `Bearer ${await t.tokenFor(SEEDED.disabled)}` },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    const [row] = await t
      .db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'auth.denied'))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(row?.detail).toMatchObject({ route: 'POST /api/v1/user/directory', reason: 'ACCOUNT_INACTIVE' });
  });

  it('403 for a signed-in user without the route permission', async () => {
    const { permissions } = await import('../../modules/access/access.tables.ts');
    const { findUserByEmail } = await import('../../modules/users/users.repository.ts');
    const user = await findUserByEmail(t.db(), SEEDED.attorney);
    await t.db().delete(permissions).where(eq(permissions.userId, user!.id));
    // Changed behind the services' back, so tell the caller cache as they would.
    notifyActorsChanged();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/directory',
      headers: await t.authFor(SEEDED.attorney),
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', reason: 'MISSING_PERMISSION' });
  });

  it('checks the token before reading the body: a bad body without a token is a 401, not a 400', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user',
      payload: '{"broken',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('route access table', () => {
  it('every guarded route declares its access; the table is a reviewed snapshot', () => {
    expect(t.app.routeAccessTable.map((r) => `${r.method} ${r.url} → ${r.access}`)).toMatchSnapshot();
  });

  it('an app with a route that declares nothing refuses to start', async () => {
    const { default: Fastify } = await import('fastify');
    const { registerAccessControl } = await import('./access-control.ts');
    const app = Fastify();
    registerAccessControl(app, {
      db: t.db(),
      verifier: {
        verify: async () => ({ issuer: 'x', subject: 'x', emailTrusted: false, expiresAt: Date.now() + 60_000 }),
      },
      resolveUser: async () => undefined,
    });
    app.get('/api/v1/forgotten', async () => 'open');
    await expect(app.ready()).rejects.toThrow(/GET \/api\/v1\/forgotten/);
    await app.close().catch(() => undefined);
  });
});
