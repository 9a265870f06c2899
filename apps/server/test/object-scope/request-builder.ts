import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { RouteAccessEntry } from '../../src/platform/access/route-access.ts';
import type { JsonSchema, SchemaRoot } from '../fuzz/json-schema.ts';
import { compilePattern, isRecord, resolveRef, typesOf } from '../fuzz/json-schema.ts';
import type { Operation, RequestParts } from '../fuzz/operations.ts';
import { asText } from '../fuzz/operations.ts';

/**
 * Requests built from a route's OpenAPI operation: every declared id naming a given record, every other
 * required input a plain valid value, nothing optional. What cannot be built so is a CannotGenerate, and the
 * route then needs a template in base-requests.ts.
 */
export class CannotGenerate extends Error {}

/** Where a declared id travels. A body field may be nested, named with dots (`filter.officeId`). */
export type Place = 'path' | 'query' | 'body';

export function operationOf(operations: Operation[], entry: RouteAccessEntry): Operation | undefined {
  // OpenAPI writes Fastify's ":id" as "{id}".
  const path = entry.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  return operations.find((o) => o.method === entry.method && o.path === path);
}

export function placeOf(operation: Operation, field: string): Place {
  if (operation.pathParams.some((p) => p.name === field)) return 'path';
  if (operation.queryParams.some((p) => p.name === field)) return 'query';
  return 'body';
}

/** The parts with one field set to `value`, or left out when it is undefined. */
export function withField(parts: RequestParts, place: Place, field: string, value: string | undefined): RequestParts {
  const copy = structuredClone(parts);
  if (place !== 'body') {
    if (value === undefined) delete copy[place][field];
    else copy[place][field] = value;
    return copy;
  }
  const keys = field.split('.');
  let target: Record<string, unknown> = isRecord(copy.body) ? copy.body : (copy.body = {});
  for (const key of keys.slice(0, -1)) {
    const inner = target[key];
    target = isRecord(inner) ? inner : (target[key] = {});
  }
  const last = keys[keys.length - 1]!;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return copy;
}

/** The value a request carries in a field, as text (undefined when it is left out). */
export function fieldValue(parts: RequestParts, place: Place, field: string): string | undefined {
  if (place !== 'body') {
    const value = parts[place][field];
    return Array.isArray(value) ? value[0] : value;
  }
  let value: unknown = parts.body;
  for (const key of field.split('.')) value = isRecord(value) ? value[key] : undefined;
  return value === undefined || value === null ? undefined : asText(value);
}

function fieldSchema(operation: Operation, place: Place, field: string, root: SchemaRoot): JsonSchema | undefined {
  if (place !== 'body') {
    return [...operation.pathParams, ...operation.queryParams].find((p) => p.name === field)?.schema;
  }
  let schema: JsonSchema | undefined = operation.body?.schema;
  for (const key of field.split('.')) schema = schema && resolveRef(schema, root).properties?.[key];
  return schema && resolveRef(schema, root);
}

/** An id of the field's own format that names no record anywhere. */
export function unknownIdFor(operation: Operation, field: string, root: SchemaRoot): string {
  const schema = fieldSchema(operation, placeOf(operation, field), field, root);
  const candidate = randomUUID();
  const pattern = schema?.pattern === undefined ? undefined : compilePattern(schema.pattern);
  if (schema?.format === 'uuid' || pattern?.test(candidate)) return candidate;
  throw new CannotGenerate(`${field} is not a uuid in the schema, so the test cannot make an id that names nothing`);
}

const SAFE_TEXT = /^[A-Za-z0-9 ._:/-]+$/;

function stringValue(schema: JsonSchema, name: string): string {
  const fits = (v: string) => v.length >= (schema.minLength ?? 0) && v.length <= (schema.maxLength ?? Infinity);
  switch (schema.format) {
    case 'uuid':
      throw new CannotGenerate(`${name} is a required id that names no declared record, so no value can be chosen`);
    case 'date':
      return '2031-01-07';
    case 'date-time':
      return '2031-01-07T17:00:00.000Z';
    case 'email':
      return 'object.scope@example.com';
  }
  const pattern = schema.pattern === undefined ? undefined : compilePattern(schema.pattern);
  if (pattern) {
    const samples = fc.sample(fc.stringMatching(pattern), { seed: 7, numRuns: 300 });
    const found = samples.find((v) => SAFE_TEXT.test(v) && fits(v) && pattern.test(v));
    if (found === undefined) throw new CannotGenerate(`${name}: found no plain text matching /${schema.pattern}/`);
    return found;
  }
  return 'Scope'.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? Infinity);
}

function numberValue(schema: JsonSchema): number {
  const min = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : (schema.minimum ?? 0);
  return Math.max(0, min);
}

/** A plain value the schema accepts: its default, its first option, else the simplest of its type. */
function plainValue(raw: JsonSchema, root: SchemaRoot, name: string): unknown {
  const schema = resolveRef(raw, root);
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  const option = schema.enum?.find((v) => v !== null);
  if (option !== undefined) return option;
  const branch = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].find((b) => !typesOf(b).includes('null'));
  if (branch) return plainValue(branch, root, name);
  const [type] = typesOf(schema).filter((t) => t !== 'null');
  switch (type) {
    case 'string':
      return stringValue(schema, name);
    case 'integer':
    case 'number':
      return numberValue(schema);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => plainValue(schema.items ?? {}, root, `${name}[]`));
    case 'object':
      return objectValue(schema, root, `${name}.`, {});
    default:
      throw new CannotGenerate(`${name}: the schema names no type to make a value of`);
  }
}

/** The required properties, plus every declared id under this object (by dotted path). */
function objectValue(
  raw: JsonSchema,
  root: SchemaRoot,
  prefix: string,
  ids: Record<string, string | undefined>,
): Record<string, unknown> {
  const schema = resolveRef(raw, root);
  const out: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const path = `${prefix}${key}`;
    if (path in ids) {
      if (ids[path] !== undefined) out[key] = ids[path];
    } else if (Object.keys(ids).some((id) => id.startsWith(`${path}.`))) {
      out[key] = objectValue(property, root, `${path}.`, ids);
    } else if (schema.required?.includes(key)) {
      out[key] = plainValue(property, root, path);
    }
  }
  return out;
}

/**
 * The request the operation's schema asks for, with each declared field naming `ids[field]` (left out when
 * that is undefined) and nothing optional besides.
 */
export function generateParts(
  operation: Operation,
  root: SchemaRoot,
  ids: Record<string, string | undefined>,
): RequestParts {
  const path: Record<string, string> = {};
  for (const param of operation.pathParams) {
    path[param.name] = ids[param.name] ?? asText(plainValue(param.schema, root, param.name));
  }
  const query: Record<string, string> = {};
  for (const param of operation.queryParams) {
    const value =
      param.name in ids ? ids[param.name] : param.required ? plainValue(param.schema, root, param.name) : undefined;
    if (value !== undefined) query[param.name] = asText(value);
  }
  const bodyIds = Object.fromEntries(Object.entries(ids).filter(([field]) => placeOf(operation, field) === 'body'));
  const body = operation.body ? objectValue(operation.body.schema, root, '', bodyIds) : undefined;
  const sendBody = operation.body && (operation.body.required || Object.keys(body ?? {}).length > 0);
  return { path, query, ...(sendBody ? { body } : {}) };
}
