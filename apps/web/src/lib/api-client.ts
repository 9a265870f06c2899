import type { z } from 'zod';
import { ApiError, popupMessageOf, readErrorBody } from './api-error.ts';
import { getAccessToken, refreshAccessToken, startSignIn } from './auth.ts';
import { reportError } from './error-popup-store.ts';
import { browserOffsetHours } from './time-offset.ts';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: HttpMethod;
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  body?: unknown;
  signal?: AbortSignal;
  /** SPEC §7: time-sensitive calls send the browser's offsetHours. */
  withOffsetHours?: boolean;
  /** SPEC §8: failures go to the error popup unless the spec says they are only logged. */
  onError?: 'popup' | 'log';
  /** Statuses the caller shows itself (e.g. 403 as Access Denied), so no popup for them. */
  handledStatuses?: readonly number[];
  /** What the caller reads from the body: JSON unless it is a file (a download, a photo). */
  accept?: string;
}

function buildUrl(path: string, options: ApiRequestOptions): string {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    values.forEach((v) => {
      if (v !== null && v !== undefined) url.searchParams.append(key, String(v));
    });
  }
  if (options.withOffsetHours) url.searchParams.set('offsetHours', String(browserOffsetHours()));
  return url.pathname + url.search;
}

function send(url: string, token: string | null, options: ApiRequestOptions): Promise<Response> {
  const headers = new Headers({ Accept: options.accept ?? 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  return fetch(url, { method: options.method ?? 'GET', headers, body, signal: options.signal });
}

function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return pathname + search + hash;
}

/**
 * SPEC §4/§8: on a 401 refresh the token silently and retry once; if that fails, sign in again.
 * When another call has already refreshed meanwhile, its new token is simply reused.
 */
async function sendWithAuth(url: string, options: ApiRequestOptions): Promise<Response> {
  const token = await getAccessToken();
  const first = await send(url, token, options);
  if (first.status !== 401) return first;

  const latest = await getAccessToken();
  const renewed = latest && latest !== token ? latest : await refreshAccessToken();
  if (renewed) {
    const retried = await send(url, renewed, options);
    if (retried.status !== 401) return retried;
  }
  await startSignIn(currentPath());
  // The browser is leaving for the sign-in page; callers just see a failed call.
  throw new ApiError(401, null, 'Sign-in required');
}

function report(error: unknown, options: ApiRequestOptions, label: string): void {
  console.error(`${label} failed`, error);
  if (options.signal?.aborted) return;
  if (error instanceof ApiError && (error.status === 401 || options.handledStatuses?.includes(error.status))) return;
  if ((options.onError ?? 'popup') === 'popup') reportError(popupMessageOf(error));
}

/**
 * The one way the web app calls the server: the bearer token, the SPEC §8 refresh-and-retry on a 401, and the
 * error popup or log for a failure. A non-2xx answer is thrown as an ApiError. Downloads and photos read the
 * returned body themselves; everything else goes through apiRequest.
 */
export async function apiFetch(path: string, options: ApiRequestOptions = {}): Promise<Response> {
  const url = buildUrl(path, options);
  const label = `${options.method ?? 'GET'} ${path}`;
  try {
    const response = await sendWithAuth(url, options);
    if (!response.ok) throw new ApiError(response.status, await readErrorBody(response));
    return response;
  } catch (error) {
    report(error, options, label);
    throw error;
  }
}

/**
 * Calls the product API and returns its JSON answer, typed by the endpoint's contract schema (`S`). The answer is
 * not parsed again here: the server checks every answer against that same schema before it leaves
 * (fastify-type-provider-zod's serializer), and the component tests check every fixture against it. Parsing it
 * again in the browser cost the first screen zod (25 KB gzip) and each list its parse time
 * (docs/decisions/0009-the-browser-trusts-the-servers-checked-answers.md).
 */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  options: ApiRequestOptions = {},
): Promise<z.output<S>> {
  const response = await apiFetch(path, options);
  if (response.status === 204) return undefined as z.output<S>;
  try {
    return (await response.json()) as z.output<S>;
  } catch (error) {
    report(error, options, `Reading the answer of ${options.method ?? 'GET'} ${path}`);
    throw new ApiError(response.status, null);
  }
}
