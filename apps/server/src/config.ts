import os from 'node:os';
import path from 'node:path';
import proxyAddr from '@fastify/proxy-addr';
import { MAX_SOCKETS_PER_USER } from '@casedesk/contract/notifications/live-socket';
import { z } from 'zod';
import { repoRoot } from './platform/server-root.ts';

/** Public knowledge, so create-provider.ts refuses it in production. */
export const DEFAULT_SIMULATOR_AUTH_TOKEN = 'casedesk-local-simulator';
/** Demo mode's SCIM token, published in the docs so a demo can be provisioned; refused outside demo mode. */
export const DEMO_SCIM_TOKEN = 'casedesk-demo-scim-token';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().optional(),
  /**
   * PostgreSQL connections this server keeps. Default: three per CPU of this machine (at least 4). Many more
   * busy connections than the database has cores make it slower, not faster: on two cores the conflict check
   * ran at half the rate with 20 as with 4. Writes wait on their commit's flush, so SMS send wants a few more
   * than reads do (two cores: 495 texts/s with 4, 738 with 6, 700 with 20).
   */
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .default(() => Math.max(4, 3 * os.availableParallelism())),
  DATA_DIR: z.string().default(path.join(repoRoot, '.data')),
  /**
   * Server processes `npm start` runs behind one port (Node's cluster; sockets, jobs and rate limits already
   * meet across instances through PostgreSQL). Default: one per CPU with DATABASE_URL. The embedded database
   * belongs to one process, so without DATABASE_URL there is one.
   */
  SERVER_PROCESSES: z.coerce.number().int().min(1).max(64).optional(),
  /** PostgreSQL: the longest one statement of a request may run before it is cancelled; 0 for no limit. */
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The reverse proxies in front of this server, comma-separated: addresses, CIDR ranges, or the names
   * loopback, linklocal and uniquelocal (what Fastify's trustProxy takes). Only a connection from one of
   * them may name the client (X-Forwarded-For, X-Forwarded-Proto, X-Forwarded-Host) and the request id
   * (X-Request-Id): rate limits are keyed by the client address and the audit trail records both, so a
   * header anyone can write must not set them. Unset: no proxy is trusted, the client is the connection's
   * own address and every request gets a fresh id.
   */
  TRUST_PROXY: z.string().optional(),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().default('casedesk-web'),
  OIDC_AUDIENCE: z.string().default('urn:casedesk:api'),
  OIDC_SCOPE: z.string().optional(),
  OIDC_EMAIL_CLAIM: z.string().default('email'),
  /**
   * The `typ` header the provider's access tokens carry: RFC 9068's `at+jwt` by default; `JWT` for a provider
   * that does not mark them (Entra ID). Then only the audience tells an ID token apart, so the API's audience
   * must differ from the client id (checked below).
   */
  OIDC_ACCESS_TOKEN_TYPE: z.string().min(1).default('at+jwt'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).max(600).default(600),
  METRICS_TOKEN: z.string().optional(),
  SEED_CLIENTS: z.coerce.number().int().min(0).default(2000),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  // DESIGN §1 SMS and telephony: Twilio when both are set, else the local simulator.
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  /** Signs the simulator's webhooks (demo mode only, which never runs in production). */
  SIMULATOR_AUTH_TOKEN: z.string().default(DEFAULT_SIMULATOR_AUTH_TOKEN),
  /**
   * The bearer token the firm's directory (Entra ID, Okta) provisions users with at /scim/v2. Unset, SCIM
   * answers 401 saying so; demo mode defaults to DEMO_SCIM_TOKEN.
   */
  SCIM_TOKEN: z.string().min(16).optional(),
  /**
   * Demo mode: the demo seed and its accounts (one published password), their hint on the sign-in page and
   * the phone simulator. On by default with the embedded database (the fresh-clone path), off with
   * DATABASE_URL: a server on a real database is the firm's, and demo mode must be asked for.
   */
  DEMO: z.stringbool().optional(),
  /**
   * DESIGN §7: per-user requests per minute, by budget (platform/rate-limit). Unset under NODE_ENV=test:
   * no limit, except where a test sets one. The bench and the e2e servers raise them.
   */
  SMS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  SEARCH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  MATCHING_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  EXPORT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  CLICK_TO_CALL_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  /** Live sockets one user may hold open on one instance (one per tab); the bench raises it. */
  LIVE_SOCKETS_PER_USER: z.coerce.number().int().min(1).default(MAX_SOCKETS_PER_USER),
  /** Local mode: post simulated 'sent'/'delivered' callbacks after each text (default on, off under test). */
  SIMULATOR_AUTO_STATUS: z.stringbool().optional(),
  /**
   * Run a webhook's handler right after acknowledging it, with its job as the safety net (budget:
   * inbound text → browser notification within 250 ms; the job queue polls every 2 s). Default on,
   * except under NODE_ENV=test, where the tests drive the job path.
   */
  WEBHOOK_FAST_PATH: z.stringbool().optional(),
  /**
   * DESIGN §1 mail and letters: the SMTP server e-mail goes out through, as a nodemailer URL
   * (smtp://user:password@host:587, smtps://user:password@host:465; add ?pool=true to keep connections open).
   * Unset: an SMTP server inside the app (127.0.0.1, MAIL_EMBEDDED_SMTP_PORT) receives every message and the Mail
   * outbox shows it, so nothing leaves the machine and the real SMTP path still runs.
   */
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\//.test(value) && URL.canParse(value), 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  /** The From of every e-mail; its domain also names the Message-IDs. */
  MAIL_FROM: z.string().min(3).default('Casedesk <no-reply@casedesk.local>'),
  /** The embedded SMTP server's port on 127.0.0.1; 0 takes a free one, so tests and instances never collide. */
  MAIL_EMBEDDED_SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Attempts after the first before an e-mail is FAILED; pg-boss waits about delay × 2^n (with jitter) between. */
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(8),
  /** First wait before a retry; default 30 s (an SMTP outage lasts minutes), 1 s under NODE_ENV=test. */
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
  /** Mail send workers on each instance; each takes one e-mail at a time over its own pooled connection. */
  MAIL_SEND_WORKERS: z.coerce.number().int().min(1).max(32).default(4),
  // DESIGN §1 attorney calendars: the database by default; Microsoft Graph (calendar-sync.ts) when 'graph'.
  CALENDAR_PROVIDER: z.enum(['database', 'graph']).default('database'),
  GRAPH_TENANT_ID: z.string().optional(),
  GRAPH_CLIENT_ID: z.string().optional(),
  GRAPH_CLIENT_SECRET: z.string().optional(),
  GRAPH_BASE_URL: z.string().url().default('https://graph.microsoft.com/v1.0'),
  /** Default: https://login.microsoftonline.com/$GRAPH_TENANT_ID/oauth2/v2.0/token */
  GRAPH_TOKEN_URL: z.string().url().optional(),
  /**
   * The nightly directory sync from Microsoft Graph (with the GRAPH_* credentials): the hour it runs, in this
   * IANA zone (the firm's), once across all instances.
   */
  DIRECTORY_SYNC_HOUR: z.coerce.number().int().min(0).max(23).default(2),
  DIRECTORY_SYNC_TIME_ZONE: z
    .string()
    .refine((zone) => Intl.supportedValuesOf('timeZone').includes(zone) || zone === 'UTC', 'Unknown time zone')
    .default('UTC'),
  /** Pushes of one change before its event is marked FAILED (the sweep still retries it). */
  CALENDAR_SYNC_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  /** First retry delay; each further one doubles (pg-boss backoff). */
  CALENDAR_SYNC_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(15),
  /** How often PENDING events whose job was lost and FAILED ones are pushed again. */
  CALENDAR_SYNC_SWEEP_SECONDS: z.coerce.number().int().min(1).default(300),
  /**
   * Embedded database only: how often tables are checked for the vacuum and analyze that PostgreSQL's
   * autovacuum would run (0: never). Default 60, and 0 under NODE_ENV=test, whose query plans must hold still.
   */
  EMBEDDED_MAINTENANCE_SECONDS: z.coerce.number().int().min(0).optional(),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.parse(env);
  const publicUrl = (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, '');
  const localIdentity = !parsed.OIDC_ISSUER;
  const demo = parsed.DEMO ?? !parsed.DATABASE_URL;
  checkMode(parsed, demo);
  if (parsed.OIDC_ACCESS_TOKEN_TYPE.toLowerCase() !== 'at+jwt' && parsed.OIDC_AUDIENCE === parsed.OIDC_CLIENT_ID) {
    throw new Error(
      `OIDC_ACCESS_TOKEN_TYPE=${parsed.OIDC_ACCESS_TOKEN_TYPE} needs an OIDC_AUDIENCE other than OIDC_CLIENT_ID: ` +
        'otherwise an ID token would pass for an access token.',
    );
  }
  if (
    parsed.CALENDAR_PROVIDER === 'graph' &&
    !(parsed.GRAPH_TENANT_ID && parsed.GRAPH_CLIENT_ID && parsed.GRAPH_CLIENT_SECRET)
  ) {
    throw new Error('CALENDAR_PROVIDER=graph needs GRAPH_TENANT_ID, GRAPH_CLIENT_ID and GRAPH_CLIENT_SECRET.');
  }
  if ((parsed.SERVER_PROCESSES ?? 1) > 1 && !parsed.DATABASE_URL) {
    throw new Error('SERVER_PROCESSES above 1 needs DATABASE_URL: the embedded database belongs to one process.');
  }
  return {
    ...parsed,
    serverProcesses: parsed.DATABASE_URL ? (parsed.SERVER_PROCESSES ?? os.availableParallelism()) : 1,
    trustedProxies: parseTrustedProxies(parsed.TRUST_PROXY),
    rateLimits: rateLimitsOf(parsed),
    publicUrl,
    localIdentity,
    demo,
    scimToken: parsed.SCIM_TOKEN ?? (demo ? DEMO_SCIM_TOKEN : undefined),
    mailRetryDelaySeconds: parsed.MAIL_RETRY_DELAY_SECONDS ?? (parsed.NODE_ENV === 'test' ? 1 : 30),
    issuer: parsed.OIDC_ISSUER ?? `${publicUrl}/idp`,
    scope: parsed.OIDC_SCOPE ?? 'openid profile email offline_access',
    repoRoot,
  };
}

/** Secrets that ship with the code or its docs: anyone can read them, so a firm's server refuses them. */
const KNOWN_SECRETS = new Set([
  DEFAULT_SIMULATOR_AUTH_TOKEN,
  DEMO_SCIM_TOKEN,
  'casedesk',
  'secret',
  'changeme',
  'change-me',
  'password',
]);
const SECRET_SETTINGS = [
  'TWILIO_AUTH_TOKEN',
  'GRAPH_CLIENT_SECRET',
  'METRICS_TOKEN',
  'SIMULATOR_AUTH_TOKEN',
  'SCIM_TOKEN',
] as const;

/**
 * DESIGN §7: demo passwords and the phone simulator never face the internet. Demo mode refuses production;
 * a firm's server (not demo) needs a real SMS and telephony provider and no secret anyone could know.
 */
function checkMode(parsed: z.infer<typeof envSchema>, demo: boolean): void {
  if (demo) {
    if (parsed.NODE_ENV === 'production') {
      throw new Error(
        'Demo mode (demo accounts with a published password, the phone simulator) refuses to start with ' +
          'NODE_ENV=production: run on DATABASE_URL without DEMO=true.',
      );
    }
    return;
  }
  if (!(parsed.TWILIO_ACCOUNT_SID && parsed.TWILIO_AUTH_TOKEN)) {
    throw new Error(
      'Outside demo mode set TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN: the phone simulator is for demos only ' +
        '(DEMO=true).',
    );
  }
  const known = SECRET_SETTINGS.filter((name) => {
    const value = parsed[name];
    return value !== undefined && KNOWN_SECRETS.has(value.trim().toLowerCase());
  });
  // The simulator's default is filled in by the schema; it signs nothing outside demo mode.
  const refused = known.filter((name) => name !== 'SIMULATOR_AUTH_TOKEN');
  if (refused.length > 0) {
    throw new Error(`Outside demo mode ${refused.join(', ')} must be a secret of your own, not a published default.`);
  }
}

/**
 * Default per-user limits per minute. The search box (debounced 300 ms) asks only when typing pauses: 120
 * is two searches a second held for a whole minute, more than a person types, and it stops a script
 * reading the client list page by page. The lead form's duplicate and conflict checks (debounced 250 ms)
 * both ask at each pause, so they get twice that. An export reads a whole list and a click-to-call rings
 * a phone: a person starts a few a minute. Texts cost money.
 */
const DEFAULT_RATE_LIMITS = { search: 120, matching: 240, export: 10, 'click-to-call': 10, sms: 30 } as const;

type RateLimitSettings = Pick<
  z.infer<typeof envSchema>,
  | 'NODE_ENV'
  | 'SMS_RATE_LIMIT_PER_MINUTE'
  | 'SEARCH_RATE_LIMIT_PER_MINUTE'
  | 'MATCHING_RATE_LIMIT_PER_MINUTE'
  | 'EXPORT_RATE_LIMIT_PER_MINUTE'
  | 'CLICK_TO_CALL_RATE_LIMIT_PER_MINUTE'
>;

/** The limit of each budget; null (no limit) when unset under NODE_ENV=test, whose suites call in bulk. */
function rateLimitsOf(parsed: RateLimitSettings) {
  const or = (value: number | undefined, fallback: number) => value ?? (parsed.NODE_ENV === 'test' ? null : fallback);
  return {
    search: or(parsed.SEARCH_RATE_LIMIT_PER_MINUTE, DEFAULT_RATE_LIMITS.search),
    matching: or(parsed.MATCHING_RATE_LIMIT_PER_MINUTE, DEFAULT_RATE_LIMITS.matching),
    export: or(parsed.EXPORT_RATE_LIMIT_PER_MINUTE, DEFAULT_RATE_LIMITS.export),
    'click-to-call': or(parsed.CLICK_TO_CALL_RATE_LIMIT_PER_MINUTE, DEFAULT_RATE_LIMITS['click-to-call']),
    sms: or(parsed.SMS_RATE_LIMIT_PER_MINUTE, DEFAULT_RATE_LIMITS.sms),
  };
}

/** TRUST_PROXY as a list, or false when it names none; a misspelt address stops the server at startup. */
function parseTrustedProxies(setting: string | undefined): string[] | false {
  const proxies = (setting ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (proxies.length === 0) return false;
  try {
    proxyAddr.compile(proxies);
  } catch (error) {
    throw new Error(`TRUST_PROXY: ${(error as Error).message}`, { cause: error });
  }
  return proxies;
}
