import type { RouteOptions } from 'fastify';
import { z } from 'zod';

/**
 * The kinds of record a route's id can name, each behind an office (SPEC §6): the service answers 404 for
 * one outside the caller's scope for it, as for one that does not exist. The generated object-level test
 * (test/object-scope) makes a record of each kind in an office the caller may not reach and calls every
 * route that declares it.
 */
export const RECORD_KINDS = [
  'client',
  'inquiry',
  'appointment',
  'call',
  'sms',
  'attorney',
  'user',
  'office',
  'holiday',
  'cannedResponse',
  'collectionAccount',
  'paymentPlan',
  'trackingLine',
  'payment',
  'trustEntry',
  'mail',
  'letter',
  'draft',
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Every id the route takes (path, query or body; `filter.officeId` for a nested one) and the record it
     * names: the route answers 404 for a record outside the caller's scope. The app refuses to start with
     * an id that is neither here nor in `unscopedIds`.
     */
    records?: Readonly<Record<string, RecordKind>>;
    /** Ids that no office decides, each with the reason (a shared list's option, the caller's own record…). */
    unscopedIds?: Readonly<Record<string, string>>;
  }
}

/** A field that names a record by its id: `id`, `clientId`, `attorneyIds`… */
const ID_FIELD = /(^id$|Id$|Ids$)/;

interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

function idPaths(schema: JsonSchema | undefined, prefix = '', depth = 0): string[] {
  if (!schema || depth > 6) return [];
  const paths: string[] = [];
  for (const [key, value] of Object.entries(schema.properties ?? {})) {
    if (ID_FIELD.test(key)) paths.push(`${prefix}${key}`);
    paths.push(...idPaths(value, `${prefix}${key}.`, depth + 1));
  }
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    paths.push(...idPaths(part, prefix, depth + 1));
  }
  return paths;
}

function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** The id fields of a route's path, query and body schemas, by the name they are declared under. */
export function idFieldsOf(route: Pick<RouteOptions, 'schema'>): string[] {
  const schema = route.schema as { params?: unknown; querystring?: unknown; body?: unknown } | undefined;
  const found = [schema?.params, schema?.querystring, schema?.body].flatMap((part) => idPaths(jsonSchemaOf(part)));
  return [...new Set(found)].sort();
}

/** The id fields a route takes without saying which record each names, or why none decides it. */
export function undeclaredIds(route: Pick<RouteOptions, 'schema' | 'config'>): string[] {
  const config = route.config as { records?: object; unscopedIds?: object } | undefined;
  const declared = new Set([...Object.keys(config?.records ?? {}), ...Object.keys(config?.unscopedIds ?? {})]);
  return idFieldsOf(route).filter((field) => !declared.has(field));
}
