import { clientSearchResponseSchema } from '@casedesk/contract/clients/client-search';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledWriter, responseSerializerCompiler } from './response-serializer.ts';

const rowSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  middleName: z.string().nullable(),
  amountCents: z.number().int(),
  tags: z.array(z.enum(['A', 'B'])),
  note: z.string().optional(),
});
const pageSchema = z.object({ items: z.array(rowSchema), totalCount: z.number().int() });
const ROW: z.infer<typeof rowSchema> = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Ana "Quoted" \u2028 Díaz',
  middleName: null,
  amountCents: 12345,
  tags: ['A', 'B'],
};

function serializer(schema: z.ZodType, verify: boolean) {
  const compile = responseSerializerCompiler({ verify });
  return compile({ schema, method: 'POST', url: '/api/v1/test', httpStatus: '200' }) as (data: unknown) => string;
}

describe('compiled response writers', () => {
  it('write what zod writes, in one pass', () => {
    const write = compiledWriter(pageSchema);
    const page = { items: [ROW, { ...ROW, note: 'n', middleName: 'M' }], totalCount: 2 };
    expect(write).not.toBeNull();
    expect(JSON.parse(write!(page))).toEqual(z.encode(pageSchema, page));
  });

  it('drop a key the schema does not name, as zod does', () => {
    const written = serializer(pageSchema, false)({ items: [{ ...ROW, dateOfBirth: '1980-01-01' }], totalCount: 1 });
    expect(written).not.toContain('dateOfBirth');
    expect(JSON.parse(written)).toEqual({ items: [ROW], totalCount: 1 });
  });

  it('write a nullable object without the keys its schema does not name, and null as null', () => {
    const schema = z.object({ reversal: rowSchema.nullable(), officeId: z.string().uuid().nullable() });
    const write = serializer(schema, true);
    const reversal = { ...ROW, reason: 'Entered twice' };
    expect(JSON.parse(write({ reversal, officeId: ROW.id }))).toEqual({ reversal: ROW, officeId: ROW.id });
    expect(write({ reversal: null, officeId: null })).toBe('{"reversal":null,"officeId":null}');
  });

  it('compile the client search page, the busiest response', () => {
    expect(compiledWriter(clientSearchResponseSchema)).not.toBeNull();
  });

  it('leave to zod what JSON Schema cannot say the same way both ways', () => {
    const codec = z.codec(z.string(), z.number(), { decode: Number, encode: String });
    expect(compiledWriter(z.object({ at: z.date() }))).toBeNull();
    expect(compiledWriter(z.object({ total: codec }))).toBeNull();
    // A property named like a keyword is still compared.
    expect(compiledWriter(z.object({ default: codec, required: z.string() }))).toBeNull();
    expect(serializer(z.object({ total: codec }), false)({ total: 12 })).toBe('{"total":"12"}');
  });
});

describe('verified writers (NODE_ENV=test)', () => {
  it('refuse a value zod refuses, which the compiled writer alone would coerce', () => {
    const page = { items: [{ ...ROW, amountCents: 12.5 }], totalCount: 1 };
    expect(serializer(pageSchema, false)(page)).toContain('"amountCents":12');
    expect(() => serializer(pageSchema, true)(page)).toThrow(ResponseSerializationError);
  });

  it('write the same as the plain writer when both agree', () => {
    const page = { items: [ROW], totalCount: 1 };
    expect(serializer(pageSchema, true)(page)).toBe(serializer(pageSchema, false)(page));
  });
});
