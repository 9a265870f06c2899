/**
 * The subset of JSON Schema (OpenAPI 3.0 and 3.1 flavours) that our zod contracts turn into, plus a
 * conservative checker: `violates` says true only when a value is certainly outside the schema, so the
 * fuzzer can demand a 4xx for it without false alarms on keywords it does not understand.
 */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  multipleOf?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** Whatever `$ref`s point into: the OpenAPI document itself. */
export type SchemaRoot = Record<string, unknown>;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function resolveRef(schema: JsonSchema, root: SchemaRoot): JsonSchema {
  let current = schema;
  // A chain of refs is legal; the bound keeps a self-referencing document from looping forever.
  for (let hops = 0; current.$ref && hops < 20; hops += 1) {
    const pointer = current.$ref
      .replace(/^#\//, '')
      .split('/')
      .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'));
    let target: unknown = root;
    for (const part of pointer) target = isRecord(target) ? target[part] : undefined;
    if (!isRecord(target)) return {};
    current = target as JsonSchema;
  }
  return current;
}

export function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  return [];
}

export function acceptsNull(schema: JsonSchema, root: SchemaRoot): boolean {
  if (schema.nullable || typesOf(schema).includes('null')) return true;
  if (schema.enum?.includes(null) || schema.const === null) return true;
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some((s) => acceptsNull(resolveRef(s, root), root));
}

/** Numeric bounds with the boolean (3.0) and numeric (3.1) forms of exclusive limits folded in. */
export function numericBounds(schema: JsonSchema): {
  min: number;
  max: number;
  minExcluded: boolean;
  maxExcluded: boolean;
} {
  let min = schema.minimum ?? -Number.MAX_VALUE;
  let max = schema.maximum ?? Number.MAX_VALUE;
  let minExcluded = schema.exclusiveMinimum === true;
  let maxExcluded = schema.exclusiveMaximum === true;
  if (typeof schema.exclusiveMinimum === 'number' && schema.exclusiveMinimum >= min) {
    min = schema.exclusiveMinimum;
    minExcluded = true;
  }
  if (typeof schema.exclusiveMaximum === 'number' && schema.exclusiveMaximum <= max) {
    max = schema.exclusiveMaximum;
    maxExcluded = true;
  }
  return { min, max, minExcluded, maxExcluded };
}

export function compilePattern(pattern: string): RegExp | undefined {
  for (const flags of ['u', '']) {
    try {
      return new RegExp(pattern, flags);
    } catch {
      // Try without the unicode flag: some engines' patterns only compile in legacy mode.
    }
  }
  return undefined;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function violatesType(types: string[], value: unknown): boolean {
  if (types.length === 0) return false;
  return !types.some((type) => {
    switch (type) {
      case 'null':
        return value === null;
      case 'string':
        return typeof value === 'string';
      case 'boolean':
        return typeof value === 'boolean';
      case 'integer':
        return typeof value === 'number' && Number.isInteger(value);
      case 'number':
        return typeof value === 'number' && Number.isFinite(value);
      case 'array':
        return Array.isArray(value);
      case 'object':
        return isRecord(value);
      default:
        return true;
    }
  });
}

function violatesFormat(format: string | undefined, value: string): boolean {
  switch (format) {
    case 'uuid':
      return !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
    case 'uri':
    case 'url':
      return !URL.canParse(value);
    case 'email':
      return !/^[^@\s]+@[^@\s]+$/.test(value);
    case 'date':
      return !/^\d{4}-\d{2}-\d{2}$/.test(value);
    case 'date-time':
      return !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value);
    default:
      return false;
  }
}

function violatesString(schema: JsonSchema, value: string): boolean {
  if (schema.minLength !== undefined && value.length < schema.minLength) return true;
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return true;
  const pattern = schema.pattern === undefined ? undefined : compilePattern(schema.pattern);
  if (pattern && !pattern.test(value)) return true;
  return violatesFormat(schema.format, value);
}

function violatesNumber(schema: JsonSchema, value: number): boolean {
  const { min, max, minExcluded, maxExcluded } = numericBounds(schema);
  if (value < min || (minExcluded && value === min)) return true;
  if (value > max || (maxExcluded && value === max)) return true;
  return (
    schema.multipleOf !== undefined &&
    Number.isInteger(schema.multipleOf) &&
    Number.isInteger(value) &&
    value % schema.multipleOf !== 0
  );
}

function violatesObject(schema: JsonSchema, value: Record<string, unknown>, root: SchemaRoot): boolean {
  const properties = schema.properties ?? {};
  if ((schema.required ?? []).some((key) => !(key in value))) return true;
  for (const [key, item] of Object.entries(value)) {
    const propertySchema = properties[key];
    if (propertySchema) {
      if (violates(propertySchema, item, root)) return true;
    } else if (schema.additionalProperties === false) {
      return true;
    } else if (isRecord(schema.additionalProperties) && violates(schema.additionalProperties, item, root)) {
      return true;
    }
  }
  return false;
}

function violatesArray(schema: JsonSchema, value: unknown[], root: SchemaRoot): boolean {
  if (schema.minItems !== undefined && value.length < schema.minItems) return true;
  if (schema.maxItems !== undefined && value.length > schema.maxItems) return true;
  const items = schema.items;
  return items !== undefined && value.some((item) => violates(items, item, root));
}

/** True only when `value` is certainly not accepted by `schema` (unknown keywords count as accepting). */
export function violates(raw: JsonSchema, value: unknown, root: SchemaRoot): boolean {
  const schema = resolveRef(raw, root);
  if (value === null && acceptsNull(schema, root)) return false;
  if (schema.const !== undefined && !sameJson(schema.const, value)) return true;
  if (schema.enum && !schema.enum.some((option) => sameJson(option, value))) return true;
  if (schema.allOf?.some((part) => violates(part, value, root))) return true;
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (branches.length > 0 && branches.every((branch) => violates(branch, value, root))) return true;
  if (violatesType(typesOf(schema), value)) return true;
  if (typeof value === 'string') return violatesString(schema, value);
  if (typeof value === 'number') return violatesNumber(schema, value);
  if (Array.isArray(value)) return violatesArray(schema, value, root);
  if (isRecord(value)) return violatesObject(schema, value, root);
  return false;
}

/**
 * Query and path values arrive as text; a numeric schema may coerce them, so only text that is not a
 * number at all is certainly wrong there. Booleans and structured values are never claimed.
 */
export function violatesAsText(raw: JsonSchema, text: string | string[], root: SchemaRoot): boolean {
  const schema = resolveRef(raw, root);
  const types = typesOf(schema).filter((t) => t !== 'null');
  const values = Array.isArray(text) ? text : [text];
  if (types.length === 1 && types[0] === 'string') {
    // A repeated key becomes an array, which a string schema refuses unless it coerces (then "a,b").
    return Array.isArray(text) ? violates(schema, values.join(','), root) : violates(schema, text, root);
  }
  if (types.length === 1 && (types[0] === 'integer' || types[0] === 'number')) {
    return values.some((v) => Number.isNaN(Number(v)) || violates(schema, Number(v), root));
  }
  if (types.length === 0 && schema.enum?.every((option) => typeof option === 'string')) {
    return values.some((v) => violates(schema, v, root));
  }
  return false;
}
