import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, signInWithCodeFlow } from '../../../test/support/code-flow.ts';
import { injectClient } from '../../../test/support/http-client.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED, TEST_PUBLIC_URL } from '../../../test/support/test-app.ts';
import { findUserByEmail } from '../../modules/users/users.repository.ts';
import { DEMO_PASSWORD } from '../../seed/seed.ts';
import { auditEvents } from '../audit/audit.tables.ts';
import { providerContextEnabled } from './idp-async-context.ts';

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
const signInOptions = (email: string, password: string) => ({
  ...clientOptions(),
  redirectUri: `${TEST_PUBLIC_URL}/`,
  email,
  password,
});
const signIn = (email: string, password = DEMO_PASSWORD) => signInWithCodeFlow(t.http, signInOptions(email, password));

async function lastFailedSignIn() {
  const [row] = await t
    .db()
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.action, 'auth.sign_in_failed'))
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return row!;
}

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

  it('refuses a wrong password, shows the error on the form, and audits the failure against the account', async () => {
    await expect(signIn(SEEDED.admin, 'wrong-password')).rejects.toThrow('Email or password is incorrect.');
    const row = await lastFailedSignIn();
    const admin = await findUserByEmail(t.db(), SEEDED.admin);
    // The account is named, nobody is its actor (nobody proved to be the admin), and nothing typed is kept.
    expect(row).toMatchObject({ entity: 'user', entityId: admin!.id, actorId: null, detail: null });
    expect(JSON.stringify(row)).not.toContain('wrong-password');
    expect(JSON.stringify(row).toLowerCase()).not.toContain(SEEDED.admin);
  });

  it('audits a sign-in with an unknown email as a keyed hash of that email, never the email itself', async () => {
    const typed = 'Someone.Else@Example.org';
    await expect(signIn(typed, 'a-password')).rejects.toThrow('Email or password is incorrect.');
    const first = await lastFailedSignIn();
    expect(first).toMatchObject({ entity: null, entityId: null, actorId: null });
    expect(first.detail).toEqual({ emailHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const stored = JSON.stringify(first).toLowerCase();
    expect(stored).not.toContain(typed.toLowerCase());
    expect(stored).not.toContain('someone.else');
    expect(stored).not.toContain('a-password');
    // Keyed: not the bare SHA-256 anyone could compute from a list of addresses.
    expect(stored).not.toContain(createHash('sha256').update(typed.toLowerCase()).digest('hex'));
    // Guesses at one address line up whatever its case and spacing; another address does not.
    await expect(signIn(`  ${typed.toUpperCase()} `, 'another')).rejects.toThrow('Email or password is incorrect.');
    expect((await lastFailedSignIn()).detail).toEqual(first.detail);
    await expect(signIn('nobody@example.org', 'another')).rejects.toThrow('Email or password is incorrect.');
    expect((await lastFailedSignIn()).detail).not.toEqual(first.detail);
  });

  it('records the connection address, not a forged X-Forwarded-For, and rate-limits by it', async () => {
    // No TRUST_PROXY here: any caller could write these headers.
    const forged = injectClient(t.app, { headers: { 'x-forwarded-for': '198.51.100.7', 'x-request-id': 'forged-1' } });
    await expect(signInWithCodeFlow(forged, signInOptions(SEEDED.admin, 'wrong-password'))).rejects.toThrow(
      'Email or password is incorrect.',
    );
    const row = await lastFailedSignIn();
    expect(row.ip).toBe('127.0.0.1');
    expect(row.requestId).not.toBe('forged-1');
    // A new X-Forwarded-For per guess buys no more than the 20 a minute one address gets.
    const guesser = '203.0.113.77';
    const refusals: string[] = [];
    for (let guess = 0; guess < 21; guess++) {
      const client = injectClient(t.app, {
        remoteAddress: guesser,
        headers: { 'x-forwarded-for': `198.51.100.${guess}` },
      });
      const attempt = signInWithCodeFlow(client, signInOptions('nobody@example.org', `guess-${guess}`));
      refusals.push(
        await attempt.then(
          () => 'signed in',
          (error: Error) => error.message,
        ),
      );
    }
    expect(refusals.slice(0, 20)).toEqual(Array(20).fill('Email or password is incorrect.'));
    expect(refusals[20]).toMatch(/HTTP 429/);
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

  it("switches the provider's request storage off once its requests are answered, and on again for the next", async () => {
    const first = await signIn(SEEDED.operator);
    expect(providerContextEnabled()).toBe(false);
    // The next sign-in and refresh work as before: each request enters the storage again.
    const rotated = await refreshTokens(t.http, clientOptions(), first.refresh_token!);
    expect(rotated.status).toBe(200);
    const second = await signIn(SEEDED.manager);
    expect(decodeJwt(second.access_token).email).toBe(SEEDED.manager);
    expect(providerContextEnabled()).toBe(false);
  });

  it('sign-out revokes the refresh token and is audited with the connection address', async () => {
    const tokens = await signIn(SEEDED.collector);
    const revoke = await t.app.inject({
      method: 'POST',
      url: '/idp/token/revocation',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '198.51.100.7' },
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
    const signOuts = () =>
      t
        .db()
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'auth.sign_out'), eq(auditEvents.actorId, user!.id)));
    await expect.poll(async () => (await signOuts()).length).toBeGreaterThan(0);
    // The connection's address: without TRUST_PROXY, X-Forwarded-For is anyone's to write.
    expect((await signOuts()).map((row) => row.ip)).toEqual(['127.0.0.1']);
  });
});
