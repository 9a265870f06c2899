import { SMS_MESSAGES } from '@casedesk/contract/sms/sms';
import type { FastifyBaseLogger, FastifyInstance, preHandlerHookHandler, RouteOptions } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import type { RateLimitStore } from './rate-limit-store.ts';

/**
 * The per-user budgets routes draw on (DESIGN §7). Routes naming the same bucket share one count: the
 * three ways of sending a text cost the same money.
 */
export const RATE_LIMIT_BUCKETS = ['search', 'matching', 'export', 'click-to-call', 'sms'] as const;
export type RateLimitBucket = (typeof RATE_LIMIT_BUCKETS)[number];

/** Requests per user per window, by bucket; null counts nothing (tests, unless a test sets one). */
export type RateLimits = Record<RateLimitBucket, number | null>;

export interface RouteRateLimitEntry {
  method: string;
  url: string;
  bucket: RateLimitBucket;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The per-user budget this route draws on, counted after sign-in and validation (a typo in a form does
     * not use it up). Not `rateLimit`: @fastify/rate-limit reads that key for its per-address limits.
     */
    userRateLimit?: RateLimitBucket;
  }
  interface FastifyInstance {
    rateLimiter: RateLimiter;
    /** Every route that declares a per-user limit, and its bucket. */
    routeRateLimitTable: RouteRateLimitEntry[];
  }
}

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one request of the user against the bucket and says whether it is within the limit. */
  hit(bucket: RateLimitBucket, userId: string): Promise<RateLimitVerdict>;
  close(): void;
}

export interface RateLimiterOptions {
  store: RateLimitStore;
  limits: RateLimits;
  windowMs?: number;
  now?: () => number;
  /** How often old windows are deleted; 0: never (tests sweep by hand). Default: once a window. */
  sweepEveryMs?: number;
  log?: FastifyBaseLogger;
}

/**
 * Fixed windows aligned to the clock, so every instance counts in the same window. A user may burst up
 * to twice the limit across a window's edge; a sliding window would cost a second row read per request.
 */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { store, limits, windowMs = 60_000, now = Date.now, log } = options;
  const windowStartOf = (at: number) => at - (at % windowMs);
  const sweepEveryMs = options.sweepEveryMs ?? windowMs;
  // The previous window is kept too: an instance whose clock runs a little behind may still count in it.
  const sweep = () =>
    store.sweep(windowStartOf(now()) - windowMs).catch((error: unknown) => {
      log?.warn({ err: error }, 'rate limit sweep failed');
    });
  const timer = sweepEveryMs > 0 ? setInterval(sweep, sweepEveryMs) : undefined;
  timer?.unref();
  return {
    async hit(bucket, userId) {
      const limit = limits[bucket];
      if (limit === null) return { allowed: true };
      const at = now();
      const windowStart = windowStartOf(at);
      const count = await store.hit(bucket, userId, windowStart);
      if (count <= limit) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - at) / 1000)) };
    },
    close: () => clearInterval(timer),
  };
}

/** The refusal, in the error shape every route answers with; the SMS wording is the one the SPA shows. */
export function rateLimitedError(bucket: RateLimitBucket, retryAfterSeconds: number): AppError {
  const message: string =
    bucket === 'sms'
      ? SMS_MESSAGES.rateLimited
      : `Too many requests. Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`;
  return new AppError('RATE_LIMITED', message);
}

/**
 * Routes declare their budget next to their permission: `config: { permission: [...], userRateLimit: 'export' }`.
 * The check runs as the route's first preHandler: after the access control hook (onRequest) has named the
 * user and after validation. A refusal is 429 with Retry-After in seconds.
 */
export function registerRateLimits(app: FastifyInstance, limiter: RateLimiter): void {
  const table: RouteRateLimitEntry[] = [];
  app.decorate('rateLimiter', limiter);
  app.decorate('routeRateLimitTable', table);
  app.addHook('onClose', async () => limiter.close());

  app.addHook('onRoute', (route: RouteOptions) => {
    const bucket = route.config?.userRateLimit;
    if (!bucket) return;
    if (!RATE_LIMIT_BUCKETS.includes(bucket)) throw new Error(`${route.url}: unknown rate limit bucket ${bucket}`);
    // The count is per signed-in user; a public route has none (those are limited per address instead).
    if (route.config?.public) throw new Error(`${route.url}: userRateLimit needs a signed-in route`);
    for (const method of ([] as string[]).concat(route.method).filter((m) => m !== 'HEAD')) {
      table.push({ method, url: route.url, bucket });
    }
    const check: preHandlerHookHandler = async (request, reply) => {
      const verdict = await limiter.hit(bucket, request.actor!.userId);
      if (verdict.allowed) return;
      reply.header('retry-after', String(verdict.retryAfterSeconds));
      throw rateLimitedError(bucket, verdict.retryAfterSeconds);
    };
    route.preHandler = [check, ...([] as preHandlerHookHandler[]).concat(route.preHandler ?? [])];
  });
}
