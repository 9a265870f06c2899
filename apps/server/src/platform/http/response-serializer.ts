/**
 * The response serializer: each route's response schema compiled once into a JSON writer.
 *
 * The zod type provider's serializer encodes every response through its zod schema and then calls
 * JSON.stringify: it walks a 100-row page twice, checking types the handler's TypeScript types already
 * guarantee. Here a schema that JSON Schema can say exactly is compiled with fast-json-stringify, which writes
 * only the schema's properties, in one pass (writer-schema.ts). Like zod's default object it drops keys the
 * schema does not name, so a repository that selects one column too many still sends nothing more than the
 * contract says.
 *
 * - A schema JSON Schema cannot say the same way in both directions (a date, a transform, a codec) keeps zod's
 *   serializer.
 * - `verify` (NODE_ENV=test: the API tests and the browser tests' server) writes each response both ways and
 *   fails the request when zod refuses the value or the two differ, so every route's tests also prove that its
 *   compiled writer writes what the contract says.
 */
import { isDeepStrictEqual } from 'node:util';
import buildJsonWriter from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { exactJsonSchema, writerSchema } from './writer-schema.ts';

type ResponseSchema = Parameters<typeof zodSerializerCompiler>[0]['schema'];
type Writer = (data: unknown) => string;

/** A compiled writer for `schema`, or null when zod must write it. */
export function compiledWriter(schema: z.ZodType): Writer | null {
  const exact = exactJsonSchema(schema);
  if (!exact) return null;
  try {
    return buildJsonWriter(writerSchema(exact)) as Writer;
  } catch {
    return null;
  }
}

/** The compiled writer wrote other JSON than zod: a fault of the writer's schema, never of the caller. */
export class ResponseWriterMismatchError extends Error {
  constructor(method: string, url: string, written: string, viaZod: string) {
    super(
      `${method} ${url}: the compiled writer wrote ${written.slice(0, 300)} where zod writes ${viaZod.slice(0, 300)}`,
    );
    this.name = 'ResponseWriterMismatchError';
  }
}

export function responseSerializerCompiler({ verify }: { verify: boolean }): FastifySerializerCompiler<ResponseSchema> {
  return (route) => {
    const viaZod = zodSerializerCompiler(route) as Writer;
    const zodSchema = ('_zod' in route.schema ? route.schema : route.schema.properties) as z.ZodType;
    // Compiled on the route's first answer, not at start: some 300 writers would add 0.4 s to a cold start.
    let writer: Writer | undefined;
    const firstWriter = (): Writer => {
      const compiled = compiledWriter(zodSchema);
      if (!compiled) return viaZod;
      return verify ? verifiedWriter(route, compiled, viaZod) : compiled;
    };
    return (data) => (writer ??= firstWriter())(data);
  };
}

/** Writes both ways and answers the compiled writer's JSON only when zod accepts the value and agrees. */
function verifiedWriter(route: { method: string; url: string }, compiled: Writer, viaZod: Writer): Writer {
  return (data) => {
    const expected = viaZod(data);
    let written: string;
    try {
      written = compiled(data);
    } catch (error) {
      throw new ResponseWriterMismatchError(route.method, route.url, String(error), expected);
    }
    if (written !== expected && !isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
      throw new ResponseWriterMismatchError(route.method, route.url, written, expected);
    }
    return written;
  };
}
