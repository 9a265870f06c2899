import fc from 'fast-check';
import type { JsonSchema, SchemaRoot } from './json-schema.ts';
import { acceptsNull, compilePattern, isRecord, numericBounds, resolveRef, typesOf, violates } from './json-schema.ts';

/** What the generator may draw on beyond the schema itself. */
export interface ArbitraryContext {
  root: SchemaRoot;
  /** Ids that exist in the database, so "valid" requests reach real records and not only 404s. */
  knownUuids: string[];
  /** Nesting so far; a self-referencing schema would otherwise recurse without end. */
  depth?: number;
}

/**
 * Characters that break naive code: emoji (surrogate pairs), RTL marks and scripts, combining marks,
 * controls, and NUL (PostgreSQL refuses it in text, so the server must turn it into a 400).
 */
const AWKWARD_CHARS = [
  ...['😀', '👩‍⚖️', '\u202e', '\u200f', 'ש', 'ع', 'e\u0301', '\u200b', '\u0007', '\u001b', '\t', '\n', '\r', '漢', 'ß'],
  ...["'", '"', '\\', '%', '_', '<', '&', '\uffff', '\u0000'],
];

/** One "character" of a generated string: mostly printable ASCII, sometimes awkward unicode. */
export const awkwardUnit: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom(...AWKWARD_CHARS) },
);

/** Strings of up to 100 kB, built by repetition because generating them char by char would dominate the run time. */
export const hugeString: fc.Arbitrary<string> = fc
  .tuple(fc.string({ unit: awkwardUnit, minLength: 1, maxLength: 6 }), fc.integer({ min: 5_000, max: 100_000 }))
  .map(([chunk, size]) => chunk.repeat(Math.ceil(size / chunk.length)).slice(0, size));

const SAFE = Number.MAX_SAFE_INTEGER;

/** fc.integer stops at 32 bits; list bounds go to 2^53 - 1, and the extremes are where offsets overflow. */
function integerBetween(min: number, max: number): fc.Arbitrary<number> {
  const lo = Math.max(Math.ceil(min), -SAFE);
  const hi = Math.min(Math.floor(max), SAFE);
  if (lo > hi) return fc.constant(lo);
  const small = fc.integer({ min: Math.max(lo, -(2 ** 31)), max: Math.min(hi, 2 ** 31 - 1) });
  const wide = fc.bigInt({ min: BigInt(lo), max: BigInt(hi) }).map(Number);
  const overlapsSmall = lo <= 2 ** 31 - 1 && hi >= -(2 ** 31);
  return fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(lo, hi) },
    { weight: 3, arbitrary: overlapsSmall ? small : wide },
    { weight: 1, arbitrary: wide },
  );
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const { min, max, minExcluded, maxExcluded } = numericBounds(schema);
  if (integer) {
    const lo = minExcluded ? Math.floor(min) + 1 : min;
    const hi = maxExcluded ? Math.ceil(max) - 1 : max;
    const step = schema.multipleOf !== undefined && Number.isInteger(schema.multipleOf) ? schema.multipleOf : 1;
    return integerBetween(Math.ceil(lo / step), Math.floor(hi / step)).map((n) => n * step);
  }
  return fc.double({ min, max, minExcluded, maxExcluded, noNaN: true, noDefaultInfinity: true });
}

function lengthOk(schema: JsonSchema, value: string): boolean {
  return value.length >= (schema.minLength ?? 0) && value.length <= (schema.maxLength ?? Infinity);
}

function formatArbitrary(schema: JsonSchema, context: ArbitraryContext): fc.Arbitrary<string> | undefined {
  switch (schema.format) {
    case 'uuid':
      return context.knownUuids.length > 0 ? fc.oneof(fc.constantFrom(...context.knownUuids), fc.uuid()) : fc.uuid();
    case 'email':
      // fc.emailAddress follows RFC 5322 to the letter; the contract's email check is the usual stricter one.
      return fc.stringMatching(/^[a-z][a-z0-9]{0,10}(\.[a-z0-9]{1,6})?@[a-z][a-z0-9-]{0,10}[a-z0-9]\.(com|org|law)$/);
    case 'uri':
    case 'url':
      return fc.webUrl({ withQueryParameters: true, withFragments: true });
    case 'date':
      return fc
        .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc
        .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'time':
      return fc
        .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
        .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00`);
    default:
      return undefined;
  }
}

function stringArbitrary(schema: JsonSchema, context: ArbitraryContext): fc.Arbitrary<string> {
  const pattern = schema.pattern === undefined ? undefined : compilePattern(schema.pattern);
  const special = formatArbitrary(schema, context) ?? (pattern ? fc.stringMatching(pattern) : undefined);
  if (special) {
    // Formats and patterns say nothing of length, and a generated URL may also miss a pattern: keep only what fits.
    return special.filter((v) => lengthOk(schema, v) && !violates(schema, v, context.root));
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? minLength + 40, minLength + 40);
  // The contract counts UTF-16 units (zod's .length), and an emoji is two of them.
  return fc.string({ unit: awkwardUnit, minLength, maxLength }).filter((v) => lengthOk(schema, v));
}

function objectArbitrary(schema: JsonSchema, context: ArbitraryContext): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, propertySchema] of Object.entries(properties))
    model[key] = jsonSchemaArbitrary(propertySchema, context);
  const requiredKeys = (schema.required ?? []).filter((key) => key in properties);
  const known = fc.record(model, { requiredKeys });
  const extra = schema.additionalProperties;
  if (!isRecord(extra)) return known;
  // A record type (z.record): free keys whose values follow the additionalProperties schema.
  const values = fc.dictionary(
    fc.string({ minLength: 1, maxLength: 12 }),
    jsonSchemaArbitrary(extra as JsonSchema, context),
    { maxKeys: 4 },
  );
  return fc.tuple(known, values).map(([k, v]) => ({ ...v, ...k }));
}

function arrayArbitrary(schema: JsonSchema, context: ArbitraryContext): fc.Arbitrary<unknown[]> {
  const minLength = schema.minItems ?? 0;
  const maxLength = Math.min(schema.maxItems ?? minLength + 5, minLength + 5);
  if (schema.prefixItems) return fc.tuple(...schema.prefixItems.map((item) => jsonSchemaArbitrary(item, context)));
  const items = schema.items ? jsonSchemaArbitrary(schema.items, context) : fc.jsonValue({ maxDepth: 1 });
  return schema.uniqueItems
    ? fc.uniqueArray(items, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
    : fc.array(items, { minLength, maxLength });
}

function typedArbitrary(type: string, schema: JsonSchema, context: ArbitraryContext): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringArbitrary(schema, context);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return arrayArbitrary(schema, context);
    case 'object':
      return objectArbitrary(schema, context);
    default:
      return fc.constant(null);
  }
}

/** Values that `schema` accepts (as far as the document tells; a zod refine may still refuse some). */
export function jsonSchemaArbitrary(raw: JsonSchema, outer: ArbitraryContext): fc.Arbitrary<unknown> {
  const context = { ...outer, depth: (outer.depth ?? 0) + 1 };
  if (context.depth > 8) return fc.constant(null);
  const schema = resolveRef(raw, context.root);
  const nonNull = nonNullArbitrary(schema, context);
  const withNull = acceptsNull(schema, context.root)
    ? fc.oneof({ weight: 4, arbitrary: nonNull }, { weight: 1, arbitrary: fc.constant(null) })
    : nonNull;
  return schema.default === undefined
    ? withNull
    : fc.oneof({ weight: 4, arbitrary: withNull }, { weight: 1, arbitrary: fc.constant(schema.default) });
}

function nonNullArbitrary(schema: JsonSchema, context: ArbitraryContext): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  const options = schema.enum?.filter((v) => v !== null);
  if (options && options.length > 0) return fc.constantFrom(...options);
  if (schema.allOf && schema.allOf.length > 0) return jsonSchemaArbitrary(mergeAllOf(schema, context.root), context);
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]
    .map((b) => resolveRef(b, context.root))
    .filter((b) => !isNullOnly(b));
  if (branches.length > 0) return fc.oneof(...branches.map((branch) => jsonSchemaArbitrary(branch, context)));
  const types = typesOf(schema).filter((t) => t !== 'null');
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(...types.map((type) => typedArbitrary(type, schema, context)));
}

function isNullOnly(schema: JsonSchema): boolean {
  const types = typesOf(schema);
  return types.length > 0 && types.every((t) => t === 'null');
}

/** zod's intersections come out as allOf; their object parts merge into one object schema. */
function mergeAllOf(schema: JsonSchema, root: SchemaRoot): JsonSchema {
  const { allOf = [], ...rest } = schema;
  return allOf
    .map((part) => resolveRef(part, root))
    .reduce<JsonSchema>(
      (merged, part) => ({
        ...merged,
        ...part,
        properties: { ...merged.properties, ...part.properties },
        required: [...(merged.required ?? []), ...(part.required ?? [])],
      }),
      rest,
    );
}
