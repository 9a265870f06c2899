import { clientConfigSchema, healthSchema } from '@casedesk/contract/common/config';
import type { FastifyRequest } from 'fastify';
import { isReachable } from '../db/database.ts';
import { sendError } from '../errors/error-handler.ts';
import { registry } from '../metrics/metrics.ts';
import type { AppInstance } from './app-instance.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Metrics are for the firm's monitoring only: loopback, or a bearer METRICS_TOKEN. */
function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  if (token && request.headers.authorization === `Bearer ${token}`) return true;
  return LOOPBACK.has(request.raw.socket.remoteAddress ?? '');
}

export async function systemRoutes(app: AppInstance): Promise<void> {
  const startedAt = Date.now();

  app.get(
    '/api/health',
    { config: { public: true }, schema: { tags: ['system'], response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const up = await isReachable(app.database);
      return reply.status(up ? 200 : 503).send({
        status: up ? 'ok' : 'degraded',
        database: up ? 'up' : 'down',
        databaseKind: app.database.kind,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      });
    },
  );

  app.get(
    '/api/config',
    { config: { public: true }, schema: { tags: ['system'], response: { 200: clientConfigSchema } } },
    async () => ({
      authority: app.config.issuer,
      clientId: app.config.OIDC_CLIENT_ID,
      scope: app.config.scope,
      resource: app.config.localIdentity ? app.config.OIDC_AUDIENCE : null,
      localMode: app.config.localIdentity,
    }),
  );

  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    if (!mayReadMetrics(request, app.config.METRICS_TOKEN)) {
      return sendError(reply, 403, {
        code: 'FORBIDDEN',
        message: 'Metrics are served on loopback or with METRICS_TOKEN only',
      });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
