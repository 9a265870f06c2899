import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Database, Db } from '../db/database.ts';
import type { Files } from '../files/files.service.ts';
import type { Jobs } from '../jobs/jobs.ts';
import type { CommunicationProvider } from '../providers/provider.ts';
import type { WebhookHandlers } from '../providers/webhook-handlers.ts';
import type { RealtimeBus } from '../realtime/realtime-bus.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: Config;
    jobs: Jobs;
    files: Files;
    /** SMS and telephony (local simulator or Twilio). */
    provider: CommunicationProvider;
    /** Handlers of stored provider webhooks, by kind. */
    webhooks: WebhookHandlers;
    /** Live messages to users' sockets, on every instance. */
    realtime: RealtimeBus;
  }
}

/** The Fastify instance routes are written against: zod schemas give typed bodies, queries and replies. */
export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
