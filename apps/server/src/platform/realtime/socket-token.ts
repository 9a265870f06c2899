import { SOCKET_PATH, SOCKET_PROTOCOL, SOCKET_TOKEN_PREFIX } from '@casedesk/contract/notifications/live-socket';
import type { FastifyRequest } from 'fastify';
import type { WebsocketPluginOptions } from '@fastify/websocket';

/** The access token a browser offered as a `bearer.<token>` subprotocol, if any. */
export function tokenFromProtocols(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return undefined;
  const offered = value
    .split(',')
    .map((p) => p.trim())
    .find((p) => p.startsWith(SOCKET_TOKEN_PREFIX));
  const token = offered?.slice(SOCKET_TOKEN_PREFIX.length);
  return token || undefined;
}

function isSocketUpgrade(request: FastifyRequest): boolean {
  const upgrade = request.raw.headers.upgrade;
  return (
    typeof upgrade === 'string' && upgrade.toLowerCase() === 'websocket' && request.url.split('?')[0] === SOCKET_PATH
  );
}

/**
 * A browser cannot set an Authorization header on a WebSocket, so it offers its token as a subprotocol
 * (never in the URL, which reaches logs). This onRequest hook, registered before access control,
 * presents that token as the bearer header of the upgrade request, so /ws passes the same gate as
 * every API call: same verification, same 401/403 (disabled account), same audit of denials, and
 * `request.actor` for the socket. A header already present wins; other requests are left alone.
 */
export async function adoptSocketToken(request: FastifyRequest): Promise<void> {
  if (request.headers.authorization || !isSocketUpgrade(request)) return;
  const token = tokenFromProtocols(request.headers['sec-websocket-protocol']);
  if (token) request.headers = { authorization: `Bearer ${token}` };
}

/** The server answers with our protocol name, never by echoing the token subprotocol back. */
export function chooseSocketProtocol(protocols: Set<string>): string | false {
  return protocols.has(SOCKET_PROTOCOL) ? SOCKET_PROTOCOL : false;
}

/** ws server options for @fastify/websocket. */
export const LIVE_SOCKET_SERVER_OPTIONS: WebsocketPluginOptions['options'] = {
  handleProtocols: chooseSocketProtocol,
  // Clients send one small subscribe message; nothing bigger is ever legitimate.
  maxPayload: 4 * 1024,
};
