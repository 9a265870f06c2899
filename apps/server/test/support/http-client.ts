import type { FastifyInstance } from 'fastify';

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

export interface HttpRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One shape for in-process (`inject`) and over-the-wire (`fetch`) calls, so flows run against both. */
export type HttpClient = (request: HttpRequest) => Promise<HttpResponse>;

/** Where injected requests come from: the connection's address (inject's default: 127.0.0.1), headers they all carry. */
export interface InjectOrigin {
  remoteAddress?: string;
  headers?: Record<string, string>;
}

export function injectClient(app: FastifyInstance, origin: InjectOrigin = {}): HttpClient {
  return async ({ method, url, headers, body }) => {
    const response = await app.inject({
      method: method as 'GET',
      url,
      headers: { ...origin.headers, ...headers },
      payload: body,
      ...(origin.remoteAddress ? { remoteAddress: origin.remoteAddress } : {}),
    });
    return { status: response.statusCode, headers: response.headers, body: response.body };
  };
}

export function fetchClient(baseUrl: string): HttpClient {
  return async ({ method, url, headers, body }) => {
    const target = url.startsWith('http') ? url : `${baseUrl}${url}`;
    const response = await fetch(target, { method, headers, body, redirect: 'manual' });
    const collected: Record<string, string | string[]> = {};
    response.headers.forEach((value, key) => {
      collected[key] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) collected['set-cookie'] = cookies;
    return { status: response.status, headers: collected, body: await response.text() };
  };
}
