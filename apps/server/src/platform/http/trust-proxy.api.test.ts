import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithCodeFlow } from '../../../test/support/code-flow.ts';
import type { InjectOrigin } from '../../../test/support/http-client.ts';
import { injectClient } from '../../../test/support/http-client.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED, TEST_PUBLIC_URL } from '../../../test/support/test-app.ts';
import { auditEvents } from '../audit/audit.tables.ts';

// The proxy is inject's default peer; the client it forwards for, and a caller that bypasses it.
const PROXY = '127.0.0.1';
const CLIENT = '198.51.100.7';
const DIRECT = '203.0.113.9';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: `${PROXY}, 10.0.0.0/8` });
});
afterAll(async () => t?.close());

/** A refused sign-in sent from `origin`, and the audit row it left. */
async function failedSignIn(origin: InjectOrigin) {
  await expect(
    signInWithCodeFlow(injectClient(t.app, origin), {
      issuer: t.config.issuer,
      clientId: t.config.OIDC_CLIENT_ID,
      redirectUri: `${TEST_PUBLIC_URL}/`,
      resource: t.config.OIDC_AUDIENCE,
      email: SEEDED.attorney,
      password: 'wrong-password',
    }),
  ).rejects.toThrow('Email or password is incorrect.');
  const [row] = await t
    .db()
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.action, 'auth.sign_in_failed'))
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return row!;
}

describe('TRUST_PROXY', () => {
  it('takes the request id of a trusted proxy, and of nobody else', async () => {
    const viaProxy = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(viaProxy.headers['x-request-id']).toBe('trace-123');
    const inRange = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '10.1.2.3',
      headers: { 'x-request-id': 'trace-456' },
    });
    expect(inRange.headers['x-request-id']).toBe('trace-456');
    const direct = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: DIRECT,
      headers: { 'x-request-id': 'trace-789' },
    });
    expect(direct.headers['x-request-id']).not.toBe('trace-789');
    expect(direct.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("records the client a trusted proxy forwards for, and the proxy's request id", async () => {
    const row = await failedSignIn({ headers: { 'x-forwarded-for': CLIENT, 'x-request-id': 'proxy-trace-1' } });
    expect(row.ip).toBe(CLIENT);
    expect(row.requestId).toBe('proxy-trace-1');
  });

  it('records the address of a caller that bypasses the proxy, whatever it claims', async () => {
    const row = await failedSignIn({
      remoteAddress: DIRECT,
      headers: { 'x-forwarded-for': CLIENT, 'x-request-id': 'forged-trace-1' },
    });
    expect(row.ip).toBe(DIRECT);
    expect(row.requestId).not.toBe('forged-trace-1');
  });
});
