import fc from 'fast-check';
import { awkwardUnit, hugeString } from './json-schema-arbitrary.ts';
import type { JsonSchema, SchemaRoot } from './json-schema.ts';
import { isRecord, numericBounds, resolveRef, violates } from './json-schema.ts';

/** A changed body and whether the document says the server must now refuse it. */
export interface BodyMutation {
  kind: string;
  body?: unknown;
  rawBody?: string;
  contentType?: string;
  mustReject: boolean;
}

type PathPart = string | number;
interface Slot {
  path: PathPart[];
  schema: JsonSchema;
  value: unknown;
}

/** Every place in the body a mutation can hit: the root, each property (present or not) and a few array items. */
function slotsOf(raw: JsonSchema, value: unknown, root: SchemaRoot, path: PathPart[] = []): Slot[] {
  const schema = resolveRef(raw, root);
  const slots: Slot[] = [{ path, schema, value }];
  if (path.length > 6) return slots;
  if (isRecord(value) || (value === undefined && schema.properties)) {
    const properties = schema.properties ?? {};
    const keys = new Set([...Object.keys(properties), ...Object.keys(isRecord(value) ? value : {})]);
    for (const key of keys) {
      const child = isRecord(value) ? value[key] : undefined;
      slots.push(...slotsOf(properties[key] ?? {}, child, root, [...path, key]));
    }
  } else if (Array.isArray(value) && schema.items) {
    value
      .slice(0, 3)
      .forEach((item, index) => slots.push(...slotsOf(schema.items ?? {}, item, root, [...path, index])));
  }
  return slots;
}

/** A copy of `value` with the slot at `path` replaced, or removed when `replacement` is the DELETE marker. */
const DELETE = Symbol('delete');
function setAt(value: unknown, path: PathPart[], replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement === DELETE ? undefined : replacement;
  const copy: Record<PathPart, unknown> | unknown[] = Array.isArray(value)
    ? [...value]
    : { ...(isRecord(value) ? value : {}) };
  const next = setAt((copy as Record<PathPart, unknown>)[head], rest, replacement);
  if (next === undefined && !Array.isArray(copy)) delete (copy as Record<PathPart, unknown>)[head];
  else (copy as Record<PathPart, unknown>)[head] = next;
  return copy;
}

const WRONG_VALUES: unknown[] = [123, -1, 1.5, true, false, 'str', '', [], {}, null, [1, 2], { nested: { deep: [1] } }];

/** Numbers just past the schema's bounds, plus the extremes JavaScript and PostgreSQL disagree about. */
function edgeNumbers(schema: JsonSchema): number[] {
  const { min, max } = numericBounds(schema);
  const edges = [-1, 0, 0.5, -0.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e21, Number.MAX_VALUE, -Number.MAX_VALUE];
  if (min > -Number.MAX_VALUE) edges.push(min - 1, min - 0.5);
  if (max < Number.MAX_VALUE) edges.push(max + 1, max + 0.5);
  return edges;
}

const INVALID_JSON = [
  '',
  '   ',
  '{',
  '{"a":1,}',
  "{'a':1}",
  'undefined',
  'NaN',
  '\uFEFF{}',
  '{"a":1}{"b":2}',
  '1e400',
  '"\\ud800"',
  '[{"a":1}',
  '{"a":"\\x41"}',
  '['.repeat(5000),
  '{"a":'.repeat(2000),
];
/** Valid JSON that Fastify must refuse before any handler sees it (prototype poisoning). */
const POISONED_JSON = ['{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"isAdmin":true}}}'];

/** Media types no route parses, so a JSON route must answer 415 (or 400) to them. */
const UNPARSED_TYPES = ['application/xml', 'multipart/form-data'];
/** Media types a parser may exist for (text, forms) or whose handling is up to Fastify: no claim either way. */
const OTHER_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'application/jsonx',
];

/** Text that does not parse must be refused; some of the list parses after all (1e400, a BOM that Fastify strips). */
function jsonTextRejected(schema: JsonSchema, text: string, root: SchemaRoot): boolean {
  try {
    return violates(schema, JSON.parse(text.replace(/^\uFEFF/, '')), root);
  } catch {
    return true;
  }
}

function parsedAs(contentType: string, text: string): unknown {
  if (contentType === 'text/plain') return text;
  return Object.fromEntries(new URLSearchParams(text));
}

/** Malformed variants of a valid body `valid` for a route whose body follows `schema`. */
export function bodyMutations(
  schema: JsonSchema,
  required: boolean,
  valid: unknown,
  root: SchemaRoot,
): fc.Arbitrary<BodyMutation> {
  const slots = slotsOf(schema, valid, root);
  const objectSlots = slots.filter((s) => isRecord(s.value) || (s.path.length === 0 && valid === undefined));
  const innerSlots = slots.filter((s) => s.path.length > 0);
  const pick = <T>(list: T[]) => fc.integer({ min: 0, max: list.length - 1 }).map((i) => list[i] as T);
  const replace = (kind: string, slot: Slot, replacement: unknown): BodyMutation => {
    const body = setAt(valid, slot.path, replacement);
    const absent = body === undefined;
    return { kind, body, mustReject: absent ? required : violates(schema, body, root) };
  };
  const families: fc.Arbitrary<BodyMutation>[] = [
    fc.tuple(pick(slots), fc.constantFrom(...WRONG_VALUES)).map(([slot, v]) => replace('body:wrong-type', slot, v)),
    fc.tuple(pick(slots), hugeString).map(([slot, v]) => replace('body:huge-string', slot, v)),
    fc
      .tuple(pick(slots), fc.string({ unit: awkwardUnit, maxLength: 80 }))
      .map(([slot, v]) => replace('body:unicode', slot, v)),
    pick(slots).chain((slot) =>
      fc.constantFrom(...edgeNumbers(slot.schema)).map((v) => replace('body:out-of-range', slot, v)),
    ),
    pick(slots).map((slot) => replace('body:array-for-object', slot, slot.value === undefined ? [] : [slot.value])),
    fc.constantFrom(...INVALID_JSON).map((rawBody) => ({
      kind: 'body:invalid-json',
      rawBody,
      contentType: 'application/json',
      mustReject: jsonTextRejected(schema, rawBody, root),
    })),
    fc
      .constantFrom(...POISONED_JSON)
      .map((rawBody) => ({ kind: 'body:proto-poisoning', rawBody, contentType: 'application/json', mustReject: true })),
    fc.constant({ kind: 'body:missing', mustReject: required }),
    fc.constantFrom(...UNPARSED_TYPES).map((contentType) => ({
      kind: 'body:unparsed-content-type',
      rawBody: JSON.stringify(valid ?? {}),
      contentType,
      mustReject: true,
    })),
    fc.constantFrom(...OTHER_TYPES).map((contentType) => {
      const rawBody = JSON.stringify(valid ?? {});
      const claim = contentType === 'text/plain' || contentType === 'application/x-www-form-urlencoded';
      return {
        kind: 'body:other-content-type',
        rawBody,
        contentType,
        mustReject: claim && violates(schema, parsedAs(contentType, rawBody), root),
      };
    }),
  ];
  if (innerSlots.length > 0) {
    families.push(pick(innerSlots).map((slot) => replace('body:missing-field', slot, DELETE)));
  }
  if (objectSlots.length > 0) {
    const extraKey = fc.constantFrom('__fuzz', 'id', 'role', 'isAdmin', 'constructor', '', '😀', 'a'.repeat(300));
    families.push(
      fc
        .tuple(pick(objectSlots), extraKey, fc.jsonValue({ maxDepth: 1 }))
        .map(([slot, key, v]) =>
          replace('body:extra-field', slot, { ...(isRecord(slot.value) ? slot.value : {}), [key]: v }),
        ),
    );
  }
  return fc.oneof(...families);
}

/** Bodies sent to routes that take none: the server must not choke on them, whatever it answers. */
export const strayBodies: fc.Arbitrary<BodyMutation> = fc.oneof(
  fc
    .constantFrom(...INVALID_JSON, ...POISONED_JSON)
    .map((rawBody) => ({ kind: 'body:stray', rawBody, contentType: 'application/json', mustReject: false })),
  hugeString.map((rawBody) => ({ kind: 'body:stray-huge', rawBody, contentType: 'text/plain', mustReject: false })),
  fc
    .constantFrom(...UNPARSED_TYPES, ...OTHER_TYPES)
    .map((contentType) => ({ kind: 'body:stray-type', rawBody: '{"a":1}', contentType, mustReject: false })),
);
