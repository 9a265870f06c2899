import fs from 'node:fs';
import path from 'node:path';
import middie from '@fastify/middie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { LogController } from 'fastify';
import type { DestinationStream } from 'pino';
import helmet from 'helmet';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { accessRoutes } from './modules/access/access.routes.ts';
import { appointmentsRoutes } from './modules/appointments/appointments.routes.ts';
import { attorneysRoutes } from './modules/attorneys/attorneys.routes.ts';
import { officesRoutes } from './modules/offices/offices.routes.ts';
import { accountingRoutes } from './modules/accounting/accounting.routes.ts';
import { collectionsRoutes } from './modules/collections/collections.routes.ts';
import { collectionDashboardRoutes } from './modules/collections/collection-dashboard.routes.ts';
import { dashboardRoutes } from './modules/dashboards/dashboards.routes.ts';
import { collectionReportRoutes } from './modules/collections/collection-report.routes.ts';
import { calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { callsRoutes } from './modules/calls/calls.routes.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { marketingRoutes } from './modules/marketing/marketing.routes.ts';
import { clientsRoutes } from './modules/clients/clients.routes.ts';
import { paymentPlanRoutes } from './modules/collections/payment-plan.routes.ts';
import { clientMatchingRoutes } from './modules/clients/client-matching.routes.ts';
import { dropdownsRoutes } from './modules/dropdowns/dropdowns.routes.ts';
import { inquiriesRoutes } from './modules/inquiries/inquiries.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { smsRoutes, welcomeTextSender } from './modules/sms/sms.routes.ts';
import { templatesRoutes } from './modules/templates/templates.routes.ts';
import { workflowRoutes } from './modules/collections/workflow.routes.ts';
import { resolveUserByIdentity } from './modules/users/user-identity.service.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { scimRoutes } from './modules/directory/scim.routes.ts';
import { directoryAdminRoutes } from './modules/directory/directory-admin.routes.ts';
import { directorySyncRoutes } from './modules/directory/directory-sync.routes.ts';
import { registerAccessControl } from './platform/access/access-control.ts';
import { isGuardedPath } from './platform/access/route-access.ts';
import { recordAudit } from './platform/audit/audit.ts';
import { cachedUserResolver } from './platform/auth/actor-cache.ts';
import type { TokenVerifier } from './platform/auth/token-verifier.ts';
import { createTokenVerifier, discoverRemoteKeys, localKeys } from './platform/auth/token-verifier.ts';
import type { Database } from './platform/db/database.ts';
import { startEmbeddedMaintenance } from './platform/db/embedded-maintenance.ts';
import { AppError } from './platform/errors/app-error.ts';
import { filesRoutes } from './platform/files/files.routes.ts';
import { createLocalFiles } from './platform/files/local-files.ts';
import { containsNul, registerErrorHandling, sendError } from './platform/errors/error-handler.ts';
import { registerLoadShare } from './platform/http/load-share.ts';
import { urlPath } from './platform/errors/error-serializer.ts';
import type { AppInstance } from './platform/http/app-instance.ts';
import { loggerOptions } from './platform/http/log-options.ts';
import { responseSerializerCompiler } from './platform/http/response-serializer.ts';
import { requestIdGenerator } from './platform/http/request-id.ts';
import { systemRoutes } from './platform/http/system.routes.ts';
import { createIdentityProvider } from './platform/idp/idp.ts';
import { releasingProviderContext } from './platform/idp/idp-async-context.ts';
import { purgeExpiredPayloads } from './platform/idp/idp-adapter.ts';
import { loadOrCreateIdpSecrets } from './platform/idp/idp-secrets.ts';
import { registerInteractionRoutes } from './platform/idp/interaction.routes.ts';
import type { StartJobsOptions } from './platform/jobs/jobs.ts';
import { startJobs } from './platform/jobs/jobs.ts';
import { httpDuration } from './platform/metrics/metrics.ts';
import { createProvider } from './platform/providers/create-provider.ts';
import { simulatorRoutes } from './platform/providers/simulator.routes.ts';
import { webhookLoopback } from './platform/providers/webhook-loopback.ts';
import { webhooksRoutes } from './platform/providers/webhooks.routes.ts';
import { WebhookHandlers } from './platform/providers/webhook-handlers.ts';
import { closeSignedOutSockets, registerLiveSocket } from './platform/realtime/live-socket.routes.ts';
import { openRealtimeBus } from './platform/realtime/open-realtime-bus.ts';
import { createRateLimiter, registerRateLimits } from './platform/rate-limit/rate-limit.ts';
import { memoryRateLimitStore, postgresRateLimitStore } from './platform/rate-limit/rate-limit-store.ts';
import { adoptSocketToken, LIVE_SOCKET_SERVER_OPTIONS } from './platform/realtime/socket-token.ts';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Pino logging; tests pass false. */
  logger?: boolean;
  /** Where log lines go instead of stdout (a test reading what the server logs). */
  logStream?: DestinationStream;
  /** Overrides for the job platform. */
  jobs?: StartJobsOptions;
  /** The rate limits' clock (tests hold it still, so a count never straddles a window's edge). */
  rateLimitClock?: () => number;
  /** The dashboards' "now" (tests fix the day they count). */
  dashboardClock?: () => Date;
}

const API_PREFIXES = ['/api/', '/hooks/', '/idp', '/interaction/', '/ws', '/metrics'];

export async function buildApp({
  config,
  database,
  logger = true,
  logStream,
  jobs: jobsOptions = {},
  rateLimitClock,
  dashboardClock,
}: BuildAppOptions): Promise<AppInstance> {
  const app = Fastify({
    // DESIGN §3: no tokens, message bodies or dates of birth in logs (log-options.ts, docs/security.md).
    logger: logger ? loggerOptions(config.LOG_LEVEL, logStream) : false,
    genReqId: requestIdGenerator(config.trustedProxies),
    requestIdHeader: false,
    // One line per request, written in onResponse below.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // Fastify's own routing errors (a malformed %-escape, an over-long path parameter) in our error shape.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode === 414 ? 414 : 400;
      return sendError(reply, status, {
        code: 'VALIDATION',
        message: status === 414 ? 'URL too long' : 'Malformed URL',
      });
    },
    // request.ip (rate limits, audit rows) follows X-Forwarded-For only through the proxies of TRUST_PROXY.
    trustProxy: config.trustedProxies,
  }).withTypeProvider<ZodTypeProvider>();

  // First: a provider that cannot be trusted (discovery naming another issuer) stops the start before
  // anything is opened that would need closing.
  const verifier = await buildVerifier(config, database);
  app.setValidatorCompiler(validatorCompiler);
  // Compiled writers; under NODE_ENV=test each response is also written by zod and the two compared.
  app.setSerializerCompiler(responseSerializerCompiler({ verify: config.NODE_ENV === 'test' }));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('files', await createLocalFiles(config, database.db));
  // DESIGN §3 Jobs: callers migrate first; pg-boss installs its own pgboss schema on first start.
  const jobs = await startJobs(database, {
    connectionString: config.DATABASE_URL,
    logger: app.log,
    testMode: config.NODE_ENV === 'test',
    ...jobsOptions,
  });
  app.decorate('jobs', jobs);
  const loopback = webhookLoopback(app);
  app.decorate('provider', createProvider(config, loopback));
  app.decorate('webhooks', new WebhookHandlers());
  const realtime = await openRealtimeBus(config, database, app.log);
  app.decorate('realtime', realtime);
  app.addHook('onClose', async () => {
    await realtime.close();
  });
  // Runs during app.close(), before the database is closed by its owner.
  app.addHook('onClose', async () => {
    await jobs.stop();
  });
  const maintenanceSeconds = config.EMBEDDED_MAINTENANCE_SECONDS ?? (config.NODE_ENV === 'test' ? 0 : 60);
  const maintenance = startEmbeddedMaintenance(database, maintenanceSeconds * 1000, app.log);
  app.addHook('onClose', async () => {
    await maintenance.stop();
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // The server's own time for the request (W3C Server-Timing, shown by the browser's network panel and
    // read by the bench): from Fastify reading the request to its response, waits for a database connection
    // included; the wait before Fastify reads it (a busy event loop, the socket's queue) is not.
    reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(1)}`);
  });
  app.addHook('onResponse', async (request, reply) => {
    // DESIGN §3: one line per request; the path without its query string, which may hold names or numbers.
    request.log.info(
      {
        method: request.method,
        path: urlPath(request.originalUrl),
        route: request.routeOptions.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        user: request.actor?.userId,
      },
      'request',
    );
    httpDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  registerErrorHandling(app);
  registerLoadShare(app);
  // PostgreSQL cannot store NUL in text; refuse it as bad input rather than fail in the database.
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.body) || containsNul(request.query) || containsNul(request.params)) {
      throw AppError.validation('Text must not contain NUL characters.');
    }
  });
  // Helmet's security headers, its middleware built once: @fastify/helmet builds it anew per request
  // (it parsed the CSP directives on every call: 1.5 % of the server's CPU under load).
  const securityHeaders = helmet({ contentSecurityPolicy: { directives: cspDirectives(config) } });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined)),
  );

  // Before access control: its onRequest hook marks upgrade requests, so a refused upgrade's socket is
  // closed after the 401/403; and the live socket's token arrives as a subprotocol (socket-token.ts).
  await app.register(websocket, { options: LIVE_SOCKET_SERVER_OPTIONS });
  app.addHook('onRequest', adoptSocketToken);
  registerAccessControl(app, {
    db: database.db,
    verifier,
    resolveUser: cachedUserResolver((identity) => resolveUserByIdentity(database.db, identity)),
    directoryToken: config.scimToken,
  });

  // DESIGN §7 per-user limits, before any route declares one. Instances of one PostgreSQL database share
  // the counts; the embedded database is one process, which counts in memory.
  registerRateLimits(
    app,
    createRateLimiter({
      store: database.kind === 'postgres' ? postgresRateLimitStore(database.db) : memoryRateLimitStore(),
      limits: config.rateLimits,
      ...(rateLimitClock ? { now: rateLimitClock } : {}),
      log: app.log,
    }),
  );

  await app.register(swagger, {
    openapi: {
      info: { title: 'Casedesk API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The documentation pages are public; the routes they describe are not.
  await app.register(async (docs) => {
    markRoutesPublic(docs);
    await docs.register(swaggerUi, { routePrefix: '/api/docs' });
  });

  registerLiveSocket(app);

  await app.register(systemRoutes);
  await app.register(usersRoutes);
  await app.register(scimRoutes);
  await app.register(directoryAdminRoutes);
  await app.register(directorySyncRoutes);
  await app.register(accessRoutes);
  await app.register(filesRoutes);
  await app.register(dropdownsRoutes);
  await app.register(clientMatchingRoutes);
  await app.register(inquiriesRoutes);
  await app.register(clientsRoutes);
  await app.register(callsRoutes);
  await app.register(marketingRoutes);
  await app.register(reportsRoutes);
  await app.register(notificationsRoutes);
  await app.register(smsRoutes);
  await app.register(templatesRoutes);
  await app.register(mailRoutes);
  await app.register(calendarRoutes);
  await app.register(attorneysRoutes);
  await app.register(officesRoutes);
  await app.register(accountingRoutes);
  await app.register(collectionsRoutes);
  await app.register(paymentPlanRoutes);
  await app.register(collectionDashboardRoutes);
  await app.register(collectionReportRoutes);
  await app.register(dashboardRoutes, { ...(dashboardClock ? { clock: dashboardClock } : {}) });
  await app.register(workflowRoutes);
  await app.register(appointmentsRoutes, { sendWelcomeText: await welcomeTextSender(app) });
  await app.register(webhooksRoutes);
  await app.register(simulatorRoutes, { loopback });

  if (config.localIdentity) await mountIdentityProvider(app, config, database);
  await serveSpa(app, config);
  return app;
}

async function buildVerifier(config: Config, database: Database): Promise<TokenVerifier> {
  const keys = config.localIdentity
    ? localKeys((await loadOrCreateIdpSecrets(database.db)).publicKey)
    : await discoverRemoteKeys(config.issuer);
  return createTokenVerifier({
    issuer: config.issuer,
    audience: config.OIDC_AUDIENCE,
    emailClaim: config.OIDC_EMAIL_CLAIM,
    keys,
    tokenType: config.OIDC_ACCESS_TOKEN_TYPE,
  });
}

async function mountIdentityProvider(app: AppInstance, config: Config, database: Database): Promise<void> {
  const secrets = await loadOrCreateIdpSecrets(database.db);
  await purgeExpiredPayloads(database.db);
  const provider = createIdentityProvider(config, database.db, secrets);
  provider.on('grant.revoked', (ctx, grantId: string) => {
    const accountId = ctx.oidc?.entities?.RefreshToken?.accountId ?? ctx.oidc?.entities?.AccessToken?.accountId;
    // Fastify's address and id, which middie copies onto the raw request: Koa's ctx.ip believes any
    // X-Forwarded-For once the provider sits behind a proxy (idp.ts), whoever sent it.
    const { ip, id } = ctx.req as { ip?: string; id?: string };
    void recordAudit(database.db, {
      actorId: accountId ?? null,
      action: 'auth.sign_out',
      ip: ip ?? ctx.ip,
      requestId: id,
      detail: { grantId },
    }).catch((error: unknown) => app.log.error({ err: error }, 'audit of sign-out failed'));
    if (accountId) void closeSignedOutSockets(app.realtime, accountId, grantId, app.log);
  });
  provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'identity provider error'));
  await registerInteractionRoutes(app, provider, database.db);
  await app.register(middie);
  app.use('/idp', releasingProviderContext(provider.callback()));
}

/** The built SPA; any other GET that is not an API path gets index.html so client routes deep-link. */
async function serveSpa(app: AppInstance, config: Config): Promise<void> {
  const indexFile = path.join(config.WEB_DIST, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    // The SPA's files are public: it signs in by itself once loaded.
    await app.register(async (files) => {
      markRoutesPublic(files);
      await files.register(fastifyStatic, { root: config.WEB_DIST, wildcard: false, index: false });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((prefix) => pathname.startsWith(prefix)) || isGuardedPath(pathname);
    if (request.method === 'GET' && !isApi && built) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(fs.createReadStream(indexFile));
    }
    return sendError(reply, 404, { code: 'NOT_FOUND', message: `Route ${request.method} ${pathname} not found` });
  });
}

/** Routes a plugin registers in this scope need no token (they cannot declare it themselves). */
function markRoutesPublic(scope: AppInstance): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...(route.config as object), public: true };
  });
}

function cspDirectives(config: Config) {
  const issuerOrigin = new URL(config.issuer).origin;
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // Mantine writes its CSS variables into style tags at run time; scripts stay strictly external.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    connectSrc: ["'self'", 'ws:', 'wss:', issuerOrigin],
    fontSrc: ["'self'", 'data:'],
    formAction: ["'self'", issuerOrigin],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
  };
}
