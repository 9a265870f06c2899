/**
 * The JSON Schema a response writer is compiled from (response-serializer.ts), derived from zod's.
 *
 * zod's JSON Schema describes what a value must be; a writer needs only its shape. fast-json-stringify checks
 * the full schema of every `anyOf` branch with Ajv at run time, for every value: a nullable uuid ran its regular
 * expression on every row, and an object with a closed list of keys inside a nullable refused the extra keys
 * zod drops. So the writer's schema keeps the shape and nothing else.
 */
import { isDeepStrictEqual } from 'node:util';
import { toJSONSchema, type z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** Keywords whose values are names of subschemas, not keywords themselves. */
const NAMED_SUBSCHEMAS = new Set(['properties', 'patternProperties', 'definitions', '$defs']);
/** Checks on a value that do not change how it is written. */
const CHECKS_ONLY = new Set([
  '$schema',
  'format',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'description',
  'title',
  'examples',
]);

/** Rebuilds every schema node of `node`, children first; the names in `properties` and the like stay names. */
function mapSchemas(node: unknown, map: (schema: JsonSchema) => JsonSchema): unknown {
  if (Array.isArray(node)) return node.map((item) => mapSchemas(item, map));
  if (node === null || typeof node !== 'object') return node;
  const mapped = Object.entries(node).map(([key, value]) => {
    if (!NAMED_SUBSCHEMAS.has(key) || value === null || typeof value !== 'object') return [key, mapSchemas(value, map)];
    return [key, Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, mapSchemas(sub, map)]))];
  });
  return map(Object.fromEntries(mapped) as JsonSchema);
}

const without = (schema: JsonSchema, drop: (key: string, value: unknown) => boolean): JsonSchema =>
  Object.fromEntries(Object.entries(schema).filter(([key, value]) => !drop(key, value)));

/**
 * What always differs between zod's input and output forms without changing what is written: an object's
 * closed list of keys (output only), which keys are required, and defaults (a default makes a key required on
 * the way out, optional on the way in). Left out, the two forms differ only where a pipe or a codec writes
 * another type than it holds.
 */
const sameBothWays = (schema: JsonSchema) =>
  without(
    schema,
    (key, value) => key === 'required' || key === 'default' || (key === 'additionalProperties' && value === false),
  );

/** zod's JSON Schema of the written form when both directions agree on it; null when zod must write it. */
export function exactJsonSchema(schema: z.ZodType): JsonSchema | null {
  try {
    const output = toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'throw' });
    const input = toJSONSchema(schema, { io: 'input', target: 'draft-07', unrepresentable: 'throw' });
    return isDeepStrictEqual(mapSchemas(output, sameBothWays), mapSchemas(input, sameBothWays)) ? output : null;
  } catch {
    return null;
  }
}

const isNull = (schema: unknown) => isDeepStrictEqual(schema, { type: 'null' });

/**
 * One node for writing: checks dropped, no closed key list (the writer writes only the keys it names anyway),
 * and `anyOf: [T, null]` (zod's nullable) as `type: [T's type, 'null']`, which the writer tells apart by type
 * without Ajv.
 */
function forWriting(schema: JsonSchema): JsonSchema {
  const shape = without(
    schema,
    (key, value) => CHECKS_ONLY.has(key) || (key === 'additionalProperties' && value === false),
  );
  const anyOf = shape.anyOf;
  if (!Array.isArray(anyOf) || anyOf.length !== 2 || !anyOf.some(isNull)) return shape;
  const other = anyOf.find((branch) => !isNull(branch)) as JsonSchema;
  const plainType = typeof other.type === 'string' && !('anyOf' in other) && !('oneOf' in other) && !('allOf' in other);
  if (!plainType) return shape;
  const { anyOf: _nullable, ...rest } = shape;
  return { ...rest, ...other, type: [other.type, 'null'] };
}

/** The schema to compile a writer from: `exactJsonSchema`'s, reduced to the shape. */
export function writerSchema(exact: JsonSchema): JsonSchema {
  return mapSchemas(exact, forWriting) as JsonSchema;
}
