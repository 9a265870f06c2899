/**
 * The product API at the network boundary, for component tests (DESIGN §5: no mocks of our own code; the api
 * client, the contract schemas and the components run for real against these answers).
 *
 *   const api = fakeApi({
 *     'POST /api/v1/client/search': { items: [clientSummary()], totalCount: 1, ... },   // a fixed answer
 *     'GET /api/v1/attorney/availability': ({ query }) => [availabilityRecord({ ... query.startDate ... })],
 *     'PUT /api/v1/attorney/:attorneyId/availability': ({ params, body }) => ({ ...SCHEDULE, ... }),
 *     'PUT /api/v1/appointment': apiError(409, APPOINTMENT_MESSAGES.alreadyScheduled),
 *     'POST /api/v1/appointment/export': file('client,phone\n', 'text/csv'),
 *     'POST /api/v1/cashFlow/report': accepted({ id, state: 'QUEUED', ... }),
 *   });
 *   render(...);
 *   expect(api.bodies('POST /api/v1/client/search')).toEqual([{ pageNumber: 1, ... }]);
 *   expect(api.calls('GET /api/v1/attorney/availability')[0]!.query.startDate).toBe('2026-05-04');
 *
 * - A key is `METHOD /path` from api-endpoints.ts, where each endpoint has the contract schema of its answer;
 *   an endpoint not listed there does not compile. `:name` matches one path segment (request.params.name).
 * - A handler is the answer itself or a function of the request (method, url, path, query, params, body) that
 *   returns it, or a Promise of it (one that never settles keeps the call pending). The answer is the JSON
 *   body (typed as the contract has it), apiError(status, message, extra) for the server's error shape,
 *   file(...) for a download, or accepted(...) for a download of ACCEPTED_ENDPOINTS built in the background
 *   (202 with JSON, checked against that endpoint's schema).
 * - Each answer is parsed through the endpoint's contract schema, as it would go over the wire. A fixture that
 *   does not match fails the test (apps/web/src/test/setup.ts checks after each test) with the endpoint and
 *   zod's issues; the app sees a 500 meanwhile. A handler that throws fails the test the same way.
 * - GET /api/config, the public sign-in config the api client reads for the token, is answered here.
 * - A call no handler answers gets the server's 404 NOT_FOUND, is listed in api.unhandled and is warned about
 *   on the console. api.requests has every call in order (without /api/config).
 * - api.use({...}) adds or replaces handlers mid-test; a second fakeApi(...) replaces the first.
 * - The common records to answer with are built by test/fixtures.ts; a feature's test-utils may wrap fakeApi
 *   with that feature's default answers (e.g. features/sms/test-utils.tsx stubServer).
 */
import { vi } from 'vitest';
import type { z } from 'zod';
import type { ClientConfig } from '@casedesk/contract/common/config';
import { ERROR_CODES, ERROR_STATUS } from '@casedesk/contract/common/errors';
import { errorBodySchema, type ErrorBody } from '@casedesk/contract/common/error-body';
import {
  ACCEPTED_ENDPOINTS,
  FILE_ENDPOINTS,
  JSON_ENDPOINTS,
  type Endpoint,
  type JsonEndpoint,
} from './api-endpoints.ts';

export type { Endpoint } from './api-endpoints.ts';

/** What GET /api/config answers in tests: local mode, so no identity provider is involved. */
export const CLIENT_CONFIG: ClientConfig = {
  authority: 'http://idp.test',
  clientId: 'web',
  scope: 'openid',
  resource: null,
  localMode: true,
};

/** A server error: the status and the body every service throws with (DESIGN §3). */
export class ErrorReply {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {}
}

/** A download's answer. */
export class FileReply {
  constructor(
    readonly content: string,
    readonly contentType: string,
    readonly filename?: string,
  ) {}
}

/** A 202 Accepted answer of a download that the server builds in the background (ACCEPTED_ENDPOINTS). */
export class AcceptedReply {
  constructor(readonly body: unknown) {}
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

/** The server's error answer for `status`; the code is the one the server maps to that status. */
export function apiError(
  status: number,
  message = STATUS_TEXT[status] ?? 'Error',
  extra: Partial<Pick<ErrorBody, 'code' | 'reason' | 'fieldErrors'>> = {},
): ErrorReply {
  const code = ERROR_CODES.find((c) => ERROR_STATUS[c] === status) ?? 'INTERNAL';
  const body = errorBodySchema.parse({
    statusCode: status,
    error: STATUS_TEXT[status] ?? 'Error',
    message,
    code,
    ...extra,
  });
  return new ErrorReply(status, body);
}

/** A file answer for a download endpoint. */
export function file(content: string, contentType = 'text/csv', filename?: string): FileReply {
  return new FileReply(content, contentType, filename);
}

/** 202 with the JSON status of a download built in the background. */
export function accepted(body: z.input<(typeof ACCEPTED_ENDPOINTS)[keyof typeof ACCEPTED_ENDPOINTS]>): AcceptedReply {
  return new AcceptedReply(body);
}

type ParamNames<P extends string> = P extends `${string}/:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}/:${infer Name}`
    ? Name
    : never;
/** `{ attorneyId: string }` for 'GET /api/v1/attorney/:attorneyId/availability'. */
export type ParamsOf<E extends string> = { [K in ParamNames<E>]: string };

export interface FakeRequest<Params = Record<string, string>> {
  method: string;
  /** Path and query string as sent, e.g. `/api/v1/sms/retry?id=…`. */
  url: string;
  path: string;
  /** The query string parsed; a repeated key keeps its last value (searchParams has them all). */
  query: Record<string, string>;
  searchParams: URLSearchParams;
  params: Params;
  /** The JSON body parsed, a FormData as sent, or undefined. */
  body: unknown;
  headers: Headers;
  /** The endpoint of api-endpoints.ts the call is to, whether or not a handler was declared for it. */
  endpoint: Endpoint | undefined;
}

export type ResponseOf<E extends Endpoint> = E extends JsonEndpoint
  ? z.input<(typeof JSON_ENDPOINTS)[E]>
  : E extends keyof typeof ACCEPTED_ENDPOINTS
    ? FileReply | AcceptedReply
    : FileReply;
export type Reply<E extends Endpoint> = ResponseOf<E> | ErrorReply;
export type Handler<E extends Endpoint> =
  Reply<E> | ((request: FakeRequest<ParamsOf<E>>) => Reply<E> | Promise<Reply<E>>);
export type Handlers = { [E in Endpoint]?: Handler<E> };

export interface FakeApi {
  /** Every API call in order, /api/config left out. */
  readonly requests: readonly FakeRequest[];
  /** The calls no handler answered: each got a 404. */
  readonly unhandled: readonly FakeRequest[];
  /** The calls to one endpoint, in order. */
  calls<E extends Endpoint>(endpoint: E): FakeRequest<ParamsOf<E>>[];
  /** The bodies the app sent to one endpoint, in order. */
  bodies(endpoint: Endpoint): unknown[];
  /** Adds or replaces handlers. */
  use(handlers: Handlers): void;
}

interface Route {
  endpoint: Endpoint;
  method: string;
  pattern: RegExp;
  names: string[];
}

/** Literal paths first, so a `:name` route never shadows one. */
const ROUTES: Route[] = [...(Object.keys(JSON_ENDPOINTS) as Endpoint[]), ...FILE_ENDPOINTS]
  .map((endpoint) => {
    const [method, path] = endpoint.split(' ') as [string, string];
    const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '([^/]+)');
    return { endpoint, method, pattern: new RegExp(`^${source}$`), names };
  })
  .sort((a, b) => a.names.length - b.names.length);

function route(method: string, path: string): { endpoint: Endpoint; params: Record<string, string> } | undefined {
  for (const r of ROUTES) {
    const match = r.method === method ? r.pattern.exec(path) : null;
    if (match) {
      const params = Object.fromEntries(r.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
      return { endpoint: r.endpoint, params };
    }
  }
  return undefined;
}

function readBody(body: BodyInit | null | undefined): unknown {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body === '' ? undefined : JSON.parse(body);
  return body;
}

function toRequest(input: RequestInfo | URL, init: RequestInit | undefined): FakeRequest {
  const raw = input instanceof Request ? input.url : String(input);
  const url = new URL(raw, 'http://app.test');
  const method = (init?.method ?? 'GET').toUpperCase();
  const matched = route(method, url.pathname);
  return {
    method,
    url: url.pathname + url.search,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    searchParams: url.searchParams,
    params: matched?.params ?? {},
    body: readBody(init?.body),
    headers: new Headers(init?.headers),
    endpoint: matched?.endpoint,
  };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function errorResponse(reply: ErrorReply): Response {
  return json(reply.body, reply.status);
}

/** Failures of the test's fixtures and handlers, reported by finishFakeApi after the test. */
let failures: string[] = [];
let activeFetch: typeof fetch | undefined;
const realFetch = globalThis.fetch;

function fail(message: string): Response {
  failures.push(message);
  console.error(message);
  return errorResponse(apiError(500, message));
}

function answer(request: FakeRequest, reply: unknown): Response {
  const endpoint = request.endpoint!;
  const label = `fake-api: the answer of ${endpoint} (${request.url})`;
  if (reply instanceof ErrorReply) return errorResponse(reply);
  if (reply instanceof FileReply) {
    const headers = new Headers({ 'Content-Type': reply.contentType });
    if (reply.filename) headers.set('Content-Disposition', `attachment; filename="${reply.filename}"`);
    return new Response(reply.content, { headers });
  }
  if (reply instanceof AcceptedReply) {
    const schema = (ACCEPTED_ENDPOINTS as Partial<Record<Endpoint, z.ZodType>>)[endpoint];
    if (!schema) return fail(`${label} never answers 202: answer it with file(...)`);
    return checked(label, schema, reply.body, 202);
  }
  if (!(endpoint in JSON_ENDPOINTS)) return fail(`${label} is a download: answer it with file(...)`);
  if (reply === undefined) return fail(`${label} is undefined: return the body, apiError(...) or a Promise of one`);
  return checked(label, JSON_ENDPOINTS[endpoint as JsonEndpoint], reply, 200);
}

/** The JSON answer as it goes over the wire, read back as the app's reader reads it, if it matches `schema`. */
function checked(label: string, schema: z.ZodType, body: unknown, status: number): Response {
  const wire: unknown = JSON.parse(JSON.stringify(body));
  const parsed = schema.safeParse(wire);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(root)'}: ${i.message}`).join('\n');
    return fail(`${label} does not match the contract:\n${issues}`);
  }
  return json(wire, status);
}

/** Stubs `fetch` with a fake of the product API answering from `handlers` (see the top of this file). */
export function fakeApi(handlers: Handlers = {}): FakeApi {
  const current: Handlers = { ...handlers };
  const requests: FakeRequest[] = [];
  const unhandled: FakeRequest[] = [];

  const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = toRequest(input, init);
    if (request.path === '/api/config') return json(CLIENT_CONFIG);
    requests.push(request);
    const handler = request.endpoint ? (current[request.endpoint] as Handler<Endpoint> | undefined) : undefined;
    if (handler === undefined) {
      unhandled.push(request);
      const known = request.endpoint ? '' : ' (not an endpoint of api-endpoints.ts)';
      console.warn(`fake-api: no handler for ${request.method} ${request.url}${known}; answered 404`);
      return errorResponse(apiError(404, 'Not found'));
    }
    try {
      const reply = typeof handler === 'function' ? await handler(request as FakeRequest<never>) : handler;
      return answer(request, reply);
    } catch (error) {
      return fail(`fake-api: the handler of ${request.endpoint} (${request.url}) threw: ${String(error)}`);
    }
  };

  activeFetch = fakeFetch;
  vi.stubGlobal('fetch', fakeFetch);
  return {
    requests,
    unhandled,
    calls: <E extends Endpoint>(endpoint: E) =>
      requests.filter((r) => r.endpoint === endpoint) as unknown as FakeRequest<ParamsOf<E>>[],
    bodies: (endpoint) => requests.filter((r) => r.endpoint === endpoint).map((r) => r.body),
    use: (more) => Object.assign(current, more),
  };
}

/**
 * After each test (setup.ts): puts the real fetch back and fails the test if a fixture did not match the
 * contract or a handler threw, even when the app took the failed call in its stride.
 */
export function finishFakeApi(): void {
  if (activeFetch !== undefined) {
    globalThis.fetch = realFetch;
    activeFetch = undefined;
  }
  const found = failures;
  failures = [];
  if (found.length > 0) throw new Error(found.join('\n'));
}
