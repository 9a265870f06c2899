import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

const GIVEN_ID = /^[\w-]{1,64}$/;

/**
 * Fastify's genReqId. The id names the request in logs and audit rows, so a caller may choose it only
 * when it is one of our proxies (config TRUST_PROXY) passing on its own trace id; anyone else could
 * make their requests look like another's. The proxy is judged by the connection's own address, not by
 * a header, since headers are what it would be vouching for.
 */
export function requestIdGenerator(trustedProxies: string[] | false): (request: IncomingMessage) => string {
  if (!trustedProxies) return () => randomUUID();
  const trusted = proxyAddr.compile(trustedProxies);
  return (request) => {
    const given = request.headers['x-request-id'];
    const peer = request.socket?.remoteAddress;
    const fromProxy = peer !== undefined && trusted(peer, 0);
    return fromProxy && typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
  };
}
