import type { JsonSchema, SchemaRoot } from './json-schema.ts';
import { isRecord } from './json-schema.ts';

export interface ParamSpec {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

/** One operation of the OpenAPI document, with the request schemas the fuzzer generates from. */
export interface Operation {
  /** "PUT /api/v1/user", the key coverage is counted under. */
  id: string;
  method: string;
  /** OpenAPI path template: "/api/v1/client/{id}". */
  path: string;
  pathParams: ParamSpec[];
  queryParams: ParamSpec[];
  body?: { schema: JsonSchema; required: boolean; contentType: string };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'];

/** The product API: everything under /api/ except the documentation routes (/metrics lives outside /api/). */
export function isFuzzedPath(path: string): boolean {
  return path.startsWith('/api/') && !path.startsWith('/api/docs') && path !== '/metrics';
}

function paramsOf(operation: Record<string, unknown>, where: 'path' | 'query'): ParamSpec[] {
  const parameters = Array.isArray(operation.parameters) ? operation.parameters : [];
  return parameters
    .filter((p): p is Record<string, unknown> => isRecord(p) && p.in === where && typeof p.name === 'string')
    .map((p) => ({
      name: String(p.name),
      schema: (isRecord(p.schema) ? p.schema : {}) as JsonSchema,
      required: where === 'path' || p.required === true,
    }));
}

function bodyOf(operation: Record<string, unknown>): Operation['body'] {
  const requestBody = operation.requestBody;
  if (!isRecord(requestBody) || !isRecord(requestBody.content)) return undefined;
  const entries = Object.entries(requestBody.content);
  // JSON is what every product route takes; another media type is fuzzed with its schema all the same.
  const [contentType, media] = entries.find(([type]) => type.includes('json')) ?? entries[0] ?? [];
  if (!contentType || !isRecord(media)) return undefined;
  return {
    schema: (isRecord(media.schema) ? media.schema : {}) as JsonSchema,
    required: requestBody.required === true,
    contentType,
  };
}

export function listOperations(document: SchemaRoot): Operation[] {
  const paths = isRecord(document.paths) ? document.paths : {};
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!isFuzzedPath(path) || !isRecord(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isRecord(operation)) continue;
      operations.push({
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: paramsOf(operation, 'path'),
        queryParams: paramsOf(operation, 'query'),
        body: bodyOf(operation),
      });
    }
  }
  return operations;
}

/** The inputs of one request before they become a URL and a payload. */
export interface RequestParts {
  path: Record<string, string>;
  query: Record<string, string | string[]>;
  /** undefined: no body is sent. */
  body?: unknown;
  /** A body sent as-is instead of JSON.stringify(body): invalid JSON, proto poisoning. */
  rawBody?: string;
  contentType?: string;
  /** Appended to the query string unencoded, for malformed percent escapes. */
  rawQuerySuffix?: string;
  /** A path parameter put into the URL unencoded, for malformed percent escapes. */
  rawPathParam?: { name: string; text: string };
  /** Appended to the path unencoded: a malformed escape in a route that has no parameter. */
  rawPathSuffix?: string;
}

export interface FuzzRequest {
  /** Which generator made it ("valid", "body:wrong-type", …), so a report says what was being tried. */
  kind: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** The document says the request is invalid, so the server must refuse it with a 4xx. */
  mustReject: boolean;
}

/** Text form of a generated query or path value; null and undefined are left out of the query. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** encodeURIComponent throws on a lone surrogate; a browser would send U+FFFD for it, so do the same. */
function encodePathValue(text: string): string {
  return encodeURIComponent(
    text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
  );
}

export function toRequest(operation: Operation, parts: RequestParts, kind: string, mustReject: boolean): FuzzRequest {
  const filled = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    parts.rawPathParam?.name === name ? parts.rawPathParam.text : encodePathValue(parts.path[name] ?? ''),
  );
  const pathname = `${filled}${parts.rawPathSuffix ?? ''}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(parts.query)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, item);
  }
  const query = [search.toString(), parts.rawQuerySuffix ?? ''].filter(Boolean).join('&');
  const headers: Record<string, string> = {};
  let payload: string | undefined;
  if (parts.rawBody !== undefined || parts.body !== undefined) {
    payload = parts.rawBody ?? JSON.stringify(parts.body);
    headers['content-type'] = parts.contentType ?? operation.body?.contentType ?? 'application/json';
  }
  return {
    kind,
    method: operation.method,
    url: query ? `${pathname}?${query}` : pathname,
    headers,
    payload,
    mustReject,
  };
}
