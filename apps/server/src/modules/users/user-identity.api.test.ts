import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signEmbeddedAccessToken } from '../../../test/support/access-token.ts';
import { signInWithCodeFlow } from '../../../test/support/code-flow.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED, TEST_PUBLIC_URL } from '../../../test/support/test-app.ts';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import { DEMO_PASSWORD } from '../../seed/seed.ts';
import { users } from './users.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function userRow(app: TestApp, email: string) {
  const [row] = await app
    .db()
    .select({ id: users.id, oidcIssuer: users.oidcIssuer, oidcSubject: users.oidcSubject })
    .from(users)
    .where(eq(users.mail, email));
  return row!;
}

const getUser = (app: TestApp, token: string) =>
  app.app.inject({ method: 'GET', url: '/api/v1/user', headers: { authorization: `Bearer ${token}` } });

async function lastAudit(action: string, entityId?: string) {
  const [row] = await t
    .db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), entityId ? eq(auditEvents.entityId, entityId) : undefined))
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return row;
}

describe('linking a user to their provider identity', () => {
  it("links a user at their first sign-in to the token's issuer and subject, found by its verified email", async () => {
    const before = await userRow(t, SEEDED.operator);
    expect(before).toMatchObject({ oidcIssuer: null, oidcSubject: null });

    const res = await getUser(t, await t.tokenFor(SEEDED.operator));
    expect(res.statusCode).toBe(200);
    expect(res.json().mail).toBe(SEEDED.operator);
    // The embedded provider's subject is the account's id.
    expect(await userRow(t, SEEDED.operator)).toMatchObject({ oidcIssuer: t.config.issuer, oidcSubject: before.id });
    expect(await lastAudit('user.link_identity', before.id)).toMatchObject({
      actorId: before.id,
      after: { oidcIssuer: t.config.issuer, oidcSubject: before.id },
    });
  });

  it('refuses (401) an unknown identity whose email the provider has not verified, and links nobody', async () => {
    const collector = await userRow(t, SEEDED.collector);
    for (const claims of [{ email: SEEDED.collector }, { email: SEEDED.collector, email_verified: false }, {}]) {
      const res = await getUser(t, await signEmbeddedAccessToken(t, { subject: collector.id, claims }));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', message: expect.any(String) });
    }
    expect(await userRow(t, SEEDED.collector)).toMatchObject({ oidcIssuer: null, oidcSubject: null });
    expect((await lastAudit('auth.denied'))?.detail).toMatchObject({
      reason: 'EMAIL_NOT_TRUSTED',
      subject: collector.id,
    });
  });

  it('refuses (401) another subject presenting the verified email of a linked user', async () => {
    const linked = await t.tokenFor(SEEDED.attorney);
    expect((await getUser(t, linked)).statusCode).toBe(200);

    const impostor = randomUUID();
    const res = await getUser(
      t,
      await signEmbeddedAccessToken(t, {
        subject: impostor,
        claims: { email: SEEDED.attorney, email_verified: true },
      }),
    );
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
    expect((await lastAudit('auth.denied'))?.detail).toMatchObject({
      reason: 'EMAIL_LINKED_TO_ANOTHER_IDENTITY',
      email: SEEDED.attorney,
      subject: impostor,
    });
    // The link stays with the first identity.
    expect((await userRow(t, SEEDED.attorney)).oidcSubject).not.toBe(impostor);
    expect((await getUser(t, linked)).statusCode).toBe(200);
  });

  it('finds a linked user by their identity after the email claim changed, or without one', async () => {
    expect((await getUser(t, await t.tokenFor(SEEDED.manager))).statusCode).toBe(200);
    const manager = await userRow(t, SEEDED.manager);
    for (const claims of [{ email: 'manager.renamed@elsewhere.example', email_verified: true }, {}]) {
      const res = await getUser(t, await signEmbeddedAccessToken(t, { subject: manager.id, claims }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: manager.id, mail: SEEDED.manager });
    }
  });

  it('moves a link made at an issuer this server no longer trusts to the configured one', async () => {
    const admin = await userRow(t, SEEDED.admin);
    await t
      .db()
      .update(users)
      .set({ oidcIssuer: 'https://retired-idp.example', oidcSubject: 'old-subject' })
      .where(eq(users.id, admin.id));
    expect((await getUser(t, await t.tokenFor(SEEDED.admin))).statusCode).toBe(200);
    expect(await userRow(t, SEEDED.admin)).toMatchObject({ oidcIssuer: t.config.issuer, oidcSubject: admin.id });
  });
});

describe('an app whose API audience is also its client id, with email claim upn', () => {
  let same: TestApp;
  beforeAll(async () => {
    same = await createTestApp({ OIDC_CLIENT_ID: 'urn:casedesk:api', OIDC_EMAIL_CLAIM: 'upn' });
  });
  afterAll(async () => same?.close());

  it('refuses an ID token as an access token (typ at+jwt), even when its issuer, audience and subject fit', async () => {
    const tokens = await signInWithCodeFlow(same.http, {
      issuer: same.config.issuer,
      clientId: same.config.OIDC_CLIENT_ID,
      redirectUri: `${TEST_PUBLIC_URL}/`,
      email: SEEDED.operator,
      password: DEMO_PASSWORD,
      resource: same.config.OIDC_AUDIENCE,
    });
    expect(decodeProtectedHeader(tokens.access_token).typ).toBe('at+jwt');
    // The access token links the user, so the ID token's issuer and subject now name a user.
    expect((await getUser(same, tokens.access_token)).statusCode).toBe(200);

    const idToken = tokens.id_token!;
    expect(decodeJwt(idToken)).toMatchObject({ iss: same.config.issuer, aud: same.config.OIDC_AUDIENCE });
    const res = await getUser(same, idToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'Invalid token' });
  });

  it('links by an immutable email claim (upn) without email_verified', async () => {
    const collector = await userRow(same, SEEDED.collector);
    const token = await signEmbeddedAccessToken(same, { subject: collector.id, claims: { upn: SEEDED.collector } });
    const res = await getUser(same, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().mail).toBe(SEEDED.collector);
    expect((await userRow(same, SEEDED.collector)).oidcSubject).toBe(collector.id);
  });
});
