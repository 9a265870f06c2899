import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializeError, urlPath } from '../errors/error-serializer.ts';

/**
 * DESIGN §3 Logs: no tokens in logs. Headers that carry one: the bearer token, the session cookie, the
 * live socket's token (browsers send it as a `bearer.<token>` subprotocol, socket-token.ts) and the
 * webhook signature. Request lines never log headers (see `req` below); these paths also cover an
 * object logged by hand. Tokens in a URL's query string (signed file links, appointment links) never
 * reach a log: every logged URL is its path only.
 */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["sec-websocket-protocol"]',
  'req.headers["x-twilio-signature"]',
  'headers.authorization',
  'headers.cookie',
  'headers["sec-websocket-protocol"]',
  'headers["x-twilio-signature"]',
  'res.headers["set-cookie"]',
  'access_token',
  'refresh_token',
  'id_token',
  'token',
  'password',
  '*.access_token',
  '*.refresh_token',
  '*.id_token',
  '*.token',
  '*.password',
];

interface LoggedRequest {
  id?: string;
  method?: string;
  url?: string;
}

/** Fastify's `logger` option: pino at `level`, with the serializers and redaction above. */
export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: LOG_REDACT_PATHS,
    serializers: {
      err: (error: Error) => {
        const safe = serializeError(error);
        return { ...safe, stack: safe.stack ?? '' };
      },
      // Method, path and id: no headers (tokens), no query string (names, phone numbers, signatures).
      req: (request: LoggedRequest) => ({ reqId: request.id, method: request.method, url: urlPath(request.url ?? '') }),
    },
    ...(stream ? { stream } : {}),
  };
}
