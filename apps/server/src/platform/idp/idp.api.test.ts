import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, signInWithCodeFlow } from '../../../test/support/code-flow.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED, TEST_PUBLIC_URL } from '../../../test/support/test-app.ts';
import { findUserByEmail } from '../../modules/users/users.repository.ts';
import { DEMO_PASSWORD } from '../../seed/seed.ts';
import { auditEvents } from '../audit/audit.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const clientOptions = () => ({
  issuer: t.config.issuer,
  clientId: t.config.OIDC_CLIENT_ID,
  resource: t.config.OIDC_AUDIENCE,
});
const signIn = (email: string, password = DEMO_PASSWORD) =>
  signInWithCodeFlow(t.http, { ...clientOptions(), redirectUri: `${TEST_PUBLIC_URL}/`, email, password });

describe('embedded OpenID Connect provider', () => {
  it('publishes discovery with PKCE and its signing keys', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/idp/.well-known/openid-configuration' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.issuer).toBe(`${TEST_PUBLIC_URL}/idp`);
    expect(doc.code_challenge_methods_supported).toContain('S256');
    const jwks = await t.app.inject({ method: 'GET', url: '/idp/jwks' });
    expect(jwks.json().keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256' });
    expect(jwks.json().keys[0]).not.toHaveProperty('d');
  });

  it('serves a sign-in page with Email, Password and a Sign in button, and no inline script', async () => {
    const auth = await t.app.inject({
      method: 'GET',
      url: `/idp/auth?client_id=casedesk-web&redirect_uri=${encodeURIComponent(`${TEST_PUBLIC_URL}/`)}&response_type=code&scope=openid&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`,
    });
    expect(auth.statusCode).toBe(303);
    const cookies = ([] as string[])
      .concat(auth.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    const page = await t.app.inject({ method: 'GET', url: auth.headers.location!, headers: { cookie: cookies } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<label for="email">Email</label>');
    expect(page.body).toContain('<label for="password">Password</label>');
    expect(page.body).toContain('>Sign in</button>');
    expect(page.body).not.toMatch(/<script/i);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('refuses an authorization request without PKCE', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/idp/auth?client_id=casedesk-web&redirect_uri=${encodeURIComponent(`${TEST_PUBLIC_URL}/`)}&response_type=code&scope=openid`,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toContain('error=invalid_request');
  });

  it('issues a JWT access token of at most 10 minutes for our API, with the email claim, and audits the sign-in', async () => {
    const tokens = await signIn(SEEDED.manager);
    const claims = decodeJwt(tokens.access_token);
    expect(claims.aud).toBe('urn:casedesk:api');
    expect(claims.iss).toBe(t.config.issuer);
    expect(claims.email).toBe(SEEDED.manager);
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(600);
    expect(tokens.refresh_token).toBeTruthy();
    const user = await findUserByEmail(t.db(), SEEDED.manager);
    const rows = await t
      .db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'auth.sign_in'), eq(auditEvents.actorId, user!.id)));
    expect(rows.length).toBeGreaterThan(0);
  });

  it('refuses a wrong password, shows the error on the form, and audits the failure', async () => {
    await expect(signIn(SEEDED.admin, 'wrong-password')).rejects.toThrow('Email or password is incorrect.');
    const rows = await t.db().select().from(auditEvents).where(eq(auditEvents.action, 'auth.sign_in_failed'));
    expect(rows.at(-1)?.detail).toEqual({ email: SEEDED.admin });
  });

  it('rotates refresh tokens and revokes the whole grant when a used one is replayed', async () => {
    const first = await signIn(SEEDED.operator);
    const rotated = await refreshTokens(t.http, clientOptions(), first.refresh_token!);
    expect(rotated.status).toBe(200);
    const second = JSON.parse(rotated.body);
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    // Replaying the consumed token is theft: refused, and the newer token dies with the grant.
    const replay = await refreshTokens(t.http, clientOptions(), first.refresh_token!);
    expect(replay.status).toBe(400);
    expect(JSON.parse(replay.body).error).toBe('invalid_grant');
    const afterTheft = await refreshTokens(t.http, clientOptions(), second.refresh_token);
    expect(afterTheft.status).toBe(400);
  });

  it('sign-out revokes the refresh token and is audited', async () => {
    const tokens = await signIn(SEEDED.collector);
    const revoke = await t.app.inject({
      method: 'POST',
      url: '/idp/token/revocation',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        token: tokens.refresh_token!,
        token_type_hint: 'refresh_token',
        client_id: 'casedesk-web',
      }).toString(),
    });
    expect(revoke.statusCode).toBe(200);
    const refresh = await refreshTokens(t.http, clientOptions(), tokens.refresh_token!);
    expect(refresh.status).toBe(400);
    const user = await findUserByEmail(t.db(), SEEDED.collector);
    await expect
      .poll(
        async () =>
          (
            await t
              .db()
              .select()
              .from(auditEvents)
              .where(and(eq(auditEvents.action, 'auth.sign_out'), eq(auditEvents.actorId, user!.id)))
          ).length,
      )
      .toBeGreaterThan(0);
  });
});
