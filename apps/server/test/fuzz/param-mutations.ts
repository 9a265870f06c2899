import fc from 'fast-check';
import { awkwardUnit, hugeString } from './json-schema-arbitrary.ts';
import type { SchemaRoot } from './json-schema.ts';
import { violatesAsText } from './json-schema.ts';
import type { Operation, RequestParts } from './operations.ts';

export interface ParamMutation {
  kind: string;
  parts: RequestParts;
  mustReject: boolean;
}

/** Text that is not what an id, number or enum looks like, including near misses of a uuid. */
const JUNK_TEXT = [
  'not-a-uuid',
  '0',
  '-1',
  '1e9',
  '9223372036854775808',
  'null',
  'undefined',
  'true',
  '..',
  ' ',
  '00000000-0000-0000-0000-00000000000',
  '00000000-0000-0000-0000-0000000000000',
  '{00000000-0000-4000-8000-000000000000}',
  'g0000000-0000-4000-8000-000000000000',
  '00000000000040008000000000000000',
  "' OR 1=1 --",
  '%',
  '😀',
  '\u202eevil',
  'a'.repeat(101),
];

const junk: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...JUNK_TEXT) },
  { weight: 2, arbitrary: fc.string({ unit: awkwardUnit, minLength: 1, maxLength: 60 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
);

/** Invalid percent escapes: Fastify must refuse the URL itself, in the error shape of every other 4xx. */
const BAD_ESCAPES = ['%E0%A4%A', '%', '%zz', '%C0%AF', '%ED%A0%80'];

/** Malformed path and query variants of a valid request's parts. */
export function paramMutations(
  operation: Operation,
  valid: RequestParts,
  root: SchemaRoot,
): fc.Arbitrary<ParamMutation>[] {
  const families: fc.Arbitrary<ParamMutation>[] = [];
  const { pathParams, queryParams } = operation;
  const withQuery = (query: RequestParts['query']): RequestParts => ({ ...valid, query });
  if (pathParams.length > 0) {
    const pickPath = fc.constantFrom(...pathParams);
    families.push(
      fc.tuple(pickPath, junk).map(([param, value]) => ({
        kind: 'path:bad-value',
        parts: { ...valid, path: { ...valid.path, [param.name]: value } },
        mustReject: violatesAsText(param.schema, value, root),
      })),
      fc.tuple(pickPath, fc.constantFrom(...BAD_ESCAPES)).map(([param, escape]) => ({
        kind: 'path:bad-escape',
        // Raw, because toRequest would encode the % and make the escape valid again.
        parts: { ...valid, rawPathParam: { name: param.name, text: escape } },
        mustReject: true,
      })),
    );
  }
  if (queryParams.length > 0) {
    const pickQuery = fc.constantFrom(...queryParams);
    families.push(
      fc.tuple(pickQuery, junk).map(([param, value]) => ({
        kind: 'query:bad-value',
        parts: withQuery({ ...valid.query, [param.name]: value }),
        mustReject: violatesAsText(param.schema, value, root),
      })),
      fc.tuple(pickQuery, hugeString).map(([param, value]) => ({
        kind: 'query:huge-value',
        parts: withQuery({ ...valid.query, [param.name]: value }),
        mustReject: violatesAsText(param.schema, value, root),
      })),
      fc.tuple(pickQuery, junk, junk).map(([param, a, b]) => ({
        kind: 'query:repeated-key',
        parts: withQuery({ ...valid.query, [param.name]: [a, b] }),
        mustReject: violatesAsText(param.schema, [a, b], root),
      })),
    );
    const required = queryParams.filter((p) => p.required);
    if (required.length > 0) {
      families.push(
        fc.constantFrom(...required).map((param) => {
          const query = { ...valid.query };
          delete query[param.name];
          return { kind: 'query:missing-required', parts: withQuery(query), mustReject: true };
        }),
      );
    }
  }
  // Every route, parameters or not: a bad escape in the path (another URL, so 400 or 404), unknown
  // query keys and raw bad escapes in the query string.
  families.push(
    fc.constantFrom(...BAD_ESCAPES).map((escape) => ({
      kind: 'path:bad-escape-suffix',
      parts: { ...valid, rawPathSuffix: escape },
      mustReject: true,
    })),
    fc.tuple(fc.constantFrom('__fuzz', 'userId', 'pageSize', 'filter[x]', '😀'), junk).map(([key, value]) => ({
      kind: 'query:extra-key',
      // OpenAPI parameters cannot say "no other keys", so whether this is refused is not claimed.
      parts: withQuery({ ...valid.query, [key]: value }),
      mustReject: violatesAsText(queryParams.find((p) => p.name === key)?.schema ?? {}, value, root),
    })),
    fc.tuple(fc.constantFrom(...BAD_ESCAPES), hugeString).map(([escape, filler]) => ({
      kind: 'query:raw-junk',
      // URLSearchParams, not encodeURIComponent: the cut may leave a lone surrogate, which it tolerates.
      parts: { ...valid, rawQuerySuffix: `__fuzz=${escape}&${new URLSearchParams({ __big: filler.slice(0, 2000) })}` },
      mustReject: false,
    })),
  );
  return families;
}
