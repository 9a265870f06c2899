import { errorBodySchema } from '@casedesk/contract/common/error-body';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp, SEEDED } from '../../../test/support/test-app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: 'metrics-secret' });
});
afterAll(async () => t?.close());

describe('system routes', () => {
  it('GET /api/health reports the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up', databaseKind: t.database.kind });
  });

  it('GET /api/config tells the SPA where to sign in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toEqual({
      authority: t.config.issuer,
      clientId: 'casedesk-web',
      scope: 'openid profile email offline_access',
      resource: 'urn:casedesk:api',
      localMode: true,
    });
  });

  it('GET /metrics answers loopback callers and holders of METRICS_TOKEN only', async () => {
    await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: await t.authFor(SEEDED.admin) });
    const local = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain('casedesk_http_request_duration_seconds_bucket{le=');
    expect(local.body).toMatch(
      /casedesk_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/user",status="200"\} \d+/,
    );
    expect(local.body).toMatch(/casedesk_db_query_duration_seconds_count \d+/);
    expect(local.body).toContain('casedesk_open_sockets');
    expect(local.body).toContain('casedesk_job_queue_depth');

    const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    expect(errorBodySchema.safeParse(remote.json()).success).toBe(true);
    const withToken = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: 'Bearer metrics-secret' },
    });
    expect(withToken.statusCode).toBe(200);
  });

  it('serves OpenAPI generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/v1/user'].put.requestBody).toBeDefined();
    expect(doc.paths['/api/v1/user/directory'].post).toBeDefined();
  });
});

describe('errors and headers', () => {
  it('unknown API routes get a 404 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(errorBodySchema.parse(res.json())).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('malformed JSON gets a 400 in the error shape, not a 500', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user',
      headers: { ...(await t.authFor(SEEDED.admin)), 'content-type': 'application/json' },
      payload: '{"workNumber": ',
    });
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).code).toBe('VALIDATION');
  });

  it('an unsupported content type gets a 415 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user',
      headers: { ...(await t.authFor(SEEDED.admin)), 'content-type': 'application/xml' },
      payload: '<user/>',
    });
    expect(res.statusCode).toBe(415);
    expect(errorBodySchema.safeParse(res.json()).success).toBe(true);
  });

  it('a malformed %-escape in the URL gets a 400 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health%C0%AF' });
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json())).toMatchObject({ code: 'VALIDATION', message: 'Malformed URL' });
  });

  it('NUL characters in a body or query are bad input (400), never a database error', async () => {
    const headers = await t.authFor(SEEDED.admin);
    const body = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user',
      headers,
      payload: { zoomLink: 'https://a.b/\u0000' },
    });
    expect(body.statusCode).toBe(400);
    const search = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/directory',
      headers,
      payload: { filter: { searchKeyword: 'a\u0000b' } },
    });
    expect(search.statusCode).toBe(400);
    expect(errorBodySchema.parse(search.json()).message).toBe('Text must not contain NUL characters.');
  });

  it('page numbers are bounded, so no offset overflows the database', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/directory',
      headers: await t.authFor(SEEDED.admin),
      payload: { pageNumber: 9007199254740991, pageSize: 1025 },
    });
    expect(res.statusCode).toBe(400);
    const last = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/directory',
      headers: await t.authFor(SEEDED.admin),
      payload: { pageNumber: 1_000_000, pageSize: 1000 },
    });
    expect(last.statusCode).toBe(200);
    expect(last.json().items).toEqual([]);
  });

  it('sets a strict Content-Security-Policy and security headers, and answers with its own request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'trace-123' } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // No TRUST_PROXY: a caller's X-Request-Id would let it pass its requests off as another's in the audit trail.
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it("reports the server's own time for the request in Server-Timing", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(res.headers['server-timing'])).toMatch(/^app;dur=\d+\.\d$/);
  });
});
