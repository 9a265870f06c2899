import pg from 'pg';
import { z } from 'zod';
import { withSafeErrors } from '../errors/error-serializer.ts';
import type { RealtimeBus, RealtimeListener, RealtimeMessage } from './realtime-bus.ts';
import { SUBSCRIBABLE_TYPES } from '@casedesk/contract/notifications/live-socket';
import { isAccessChanged, isCloseSockets, SOCKET_ENDS } from './realtime-bus.ts';

/** One channel per database: instances of one deployment share it, test databases never cross. */
export const REALTIME_CHANNEL = 'casedesk_realtime';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; stay clearly below. */
export const MAX_PAYLOAD_BYTES = 7_900;

/** The wire forms: a text, a close or an access change, and the recipients' ids (DESIGN §1: ids only). */
const recipientsSchema = z.array(z.string().min(1).max(64)).min(1);
const textPayloadSchema = z.object({ t: z.string().min(1).max(64), u: recipientsSchema });
const accessPayloadSchema = z.object({ a: z.array(z.enum(SUBSCRIBABLE_TYPES)), u: recipientsSchema });
const closePayloadSchema = z.object({
  c: z.enum(SOCKET_ENDS),
  g: z.string().min(1).max(128).optional(),
  u: recipientsSchema,
});

/** Everything of the payload but its recipients. */
function headOf(message: RealtimeMessage): Record<string, string | string[]> {
  if (isAccessChanged(message)) return { a: message.subscribable };
  if (!isCloseSockets(message)) return { t: message.text };
  return message.grantId ? { c: message.close, g: message.grantId } : { c: message.close };
}

/**
 * The NOTIFY payloads for one message. A long recipient list is split over several payloads, each
 * under `maxBytes`, so a notification to a whole office never hits PostgreSQL's payload limit.
 */
export function encodePayloads(message: RealtimeMessage, maxBytes = MAX_PAYLOAD_BYTES): string[] {
  const head = headOf(message);
  const base = Buffer.byteLength(JSON.stringify({ ...head, u: [] }));
  if (base >= maxBytes) throw new Error('Realtime message too long for a NOTIFY payload');
  const payloads: string[] = [];
  let chunk: string[] = [];
  let size = base;
  for (const userId of message.userIds) {
    const idBytes = Buffer.byteLength(JSON.stringify(userId));
    if (base + idBytes > maxBytes) throw new Error('Realtime recipient id too long for a NOTIFY payload');
    if (chunk.length > 0 && size + 1 + idBytes > maxBytes) {
      payloads.push(JSON.stringify({ ...head, u: chunk }));
      chunk = [];
      size = base;
    }
    size += (chunk.length > 0 ? 1 : 0) + idBytes;
    chunk.push(userId);
  }
  if (chunk.length > 0) payloads.push(JSON.stringify({ ...head, u: chunk }));
  return payloads;
}

/** A payload read back; anything not of our shape (another writer on the channel) is ignored. */
export function decodePayload(payload: string): RealtimeMessage | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return undefined;
  }
  const text = textPayloadSchema.safeParse(parsed);
  if (text.success) return { text: text.data.t, userIds: text.data.u };
  const access = accessPayloadSchema.safeParse(parsed);
  if (access.success) return { subscribable: access.data.a, userIds: access.data.u };
  const close = closePayloadSchema.safeParse(parsed);
  if (!close.success) return undefined;
  const { c, g, u } = close.data;
  return g ? { close: c, grantId: g, userIds: u } : { close: c, userIds: u };
}

export interface PostgresBusLogger {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface PostgresBusOptions {
  connectionString: string;
  /** Runs `SELECT pg_notify(…)` on the app's pool: publishing needs no connection of its own. */
  query: (text: string, params: unknown[]) => Promise<unknown>;
  logger: PostgresBusLogger;
  channel?: string;
  /** First reconnect delay; doubles per failed attempt up to 30 s. */
  reconnectBaseMs?: number;
}

const MAX_RECONNECT_MS = 30_000;

/**
 * DESIGN §1 live fan-out between instances: every instance keeps one dedicated connection LISTENing
 * on the channel and hands what arrives to its sockets; publishing is a NOTIFY, so a message reaches
 * every instance, the publishing one included (through the same path). A lost listening connection
 * is reopened with backoff; messages sent while it is down are not replayed (the notifications
 * themselves are stored, and the browser's list catches up on its next refresh).
 */
export async function postgresBus(options: PostgresBusOptions): Promise<RealtimeBus> {
  const channel = options.channel ?? REALTIME_CHANNEL;
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Invalid realtime channel name: ${channel}`);
  const baseMs = options.reconnectBaseMs ?? 1_000;
  // Any logger fits, not only the app's pino with its error serializer (DESIGN §3 Logs).
  const logger = withSafeErrors(options.logger);
  const listeners = new Set<RealtimeListener>();
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let attempt = 0;
  let closed = false;

  const dispatch = (notification: pg.Notification) => {
    if (notification.channel !== channel || !notification.payload) return;
    const message = decodePayload(notification.payload);
    if (!message) return;
    for (const listener of listeners) {
      try {
        listener(message);
      } catch (error) {
        logger.error({ err: error }, 'realtime listener failed');
      }
    }
  };

  const drop = (lost: pg.Client, error?: unknown) => {
    if (client !== lost) return;
    client = undefined;
    logger.warn({ err: error }, 'realtime LISTEN connection lost; reconnecting');
    lost.end().catch(() => undefined);
    scheduleReconnect();
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: options.connectionString });
    next.on('notification', dispatch);
    next.on('error', (error) => drop(next, error));
    next.on('end', () => drop(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    attempt = 0;
  }

  function scheduleReconnect(): void {
    if (closed || retryTimer) return;
    const delay = Math.min(MAX_RECONNECT_MS, baseMs * 2 ** attempt);
    attempt++;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch((error: unknown) => {
        logger.warn({ err: error }, 'realtime LISTEN reconnect failed');
        scheduleReconnect();
      });
    }, delay);
    retryTimer.unref();
  }

  // The first connection must work: an instance that cannot fan out should fail to start, loudly.
  await connect();

  return {
    async publish(message) {
      if (message.userIds.length === 0) return;
      for (const payload of encodePayloads(message)) {
        await options.query('SELECT pg_notify($1, $2)', [channel, payload]);
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      listeners.clear();
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
