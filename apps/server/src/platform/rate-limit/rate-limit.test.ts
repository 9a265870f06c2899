import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { RateLimits } from './rate-limit.ts';
import { createRateLimiter, rateLimitedError, registerRateLimits } from './rate-limit.ts';
import { memoryRateLimitStore } from './rate-limit-store.ts';

const limits: RateLimits = { search: 2, matching: 2, export: 1, 'click-to-call': 1, sms: null };
const MINUTE = 60_000;

function limiterAt(start: number) {
  let now = start;
  const store = memoryRateLimitStore();
  const limiter = createRateLimiter({ store, limits, now: () => now, sweepEveryMs: 0 });
  return { limiter, store, advance: (ms: number) => (now += ms) };
}

describe('createRateLimiter', () => {
  it('refuses past the limit until the window ends, with the seconds left of it', async () => {
    const { limiter, advance } = limiterAt(Date.UTC(2026, 0, 5, 9, 30, 0, 500));
    expect(await limiter.hit('search', 'u1')).toEqual({ allowed: true });
    expect(await limiter.hit('search', 'u1')).toEqual({ allowed: true });
    // 59.5 s left: Retry-After rounds up, so a client that waits it out is not refused again.
    expect(await limiter.hit('search', 'u1')).toEqual({ allowed: false, retryAfterSeconds: 60 });
    advance(59_000);
    expect(await limiter.hit('search', 'u1')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    advance(500);
    expect(await limiter.hit('search', 'u1')).toEqual({ allowed: true });
  });

  it('counts per user and per bucket', async () => {
    const { limiter } = limiterAt(Date.UTC(2026, 0, 5, 9, 30, 10));
    expect(await limiter.hit('export', 'u1')).toEqual({ allowed: true });
    expect((await limiter.hit('export', 'u1')).allowed).toBe(false);
    expect((await limiter.hit('export', 'u2')).allowed).toBe(true);
    expect((await limiter.hit('click-to-call', 'u1')).allowed).toBe(true);
  });

  it('a bucket without a limit is never refused', async () => {
    const { limiter } = limiterAt(Date.UTC(2026, 0, 5, 9, 30, 10));
    for (let i = 0; i < 100; i += 1) expect(await limiter.hit('sms', 'u1')).toEqual({ allowed: true });
  });
});

describe('memoryRateLimitStore', () => {
  it('a new window starts a new count; a sweep forgets windows before the cut', async () => {
    const store = memoryRateLimitStore();
    expect(await store.hit('search', 'u1', 0)).toBe(1);
    expect(await store.hit('search', 'u1', 0)).toBe(2);
    expect(await store.hit('search', 'u1', MINUTE)).toBe(1);
    expect(await store.hit('search', 'u2', 0)).toBe(1);
    await store.sweep(MINUTE);
    // u2's window was forgotten; u1's current one was kept.
    expect(await store.hit('search', 'u2', 0)).toBe(1);
    expect(await store.hit('search', 'u1', MINUTE)).toBe(2);
  });
});

describe('rateLimitedError', () => {
  it('says when to try again; texts keep the wording the SPA shows', () => {
    expect(rateLimitedError('search', 1).message).toBe('Too many requests. Try again in 1 second.');
    expect(rateLimitedError('export', 42)).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many requests. Try again in 42 seconds.',
    });
    expect(rateLimitedError('sms', 42).message).toMatch(/^Too many texts/);
  });
});

describe('registerRateLimits', () => {
  const limiter = () => createRateLimiter({ store: memoryRateLimitStore(), limits, sweepEveryMs: 0 });

  it('lists each limited route with its bucket', async () => {
    const app = Fastify();
    registerRateLimits(app, limiter());
    app.post('/api/v1/thing/export', { config: { signedIn: true, userRateLimit: 'export' } }, async () => 'ok');
    app.post('/api/v1/thing', { config: { signedIn: true } }, async () => 'ok');
    await app.ready();
    expect(app.routeRateLimitTable).toEqual([{ method: 'POST', url: '/api/v1/thing/export', bucket: 'export' }]);
    await app.close();
  });

  it('refuses a limit on a public route: there is no user to count', async () => {
    const app = Fastify();
    registerRateLimits(app, limiter());
    expect(() =>
      app.get('/api/v1/public/thing', { config: { public: true, userRateLimit: 'search' } }, async () => 'ok'),
    ).toThrow(/needs a signed-in route/);
    await app.close();
  });
});
