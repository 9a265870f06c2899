import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { exactJsonSchema, writerSchema } from './writer-schema.ts';

describe('the writer schema', () => {
  it('keeps the shape: a nullable uuid is a string or null, with no pattern to run', () => {
    const exact = exactJsonSchema(z.object({ officeId: z.string().uuid().nullable(), count: z.number().int().min(0) }));
    expect(writerSchema(exact!)).toEqual({
      type: 'object',
      properties: { officeId: { type: ['string', 'null'] }, count: { type: 'integer' } },
      required: ['officeId', 'count'],
    });
  });

  it('keeps a property named like a check, and a real union as a union', () => {
    const schema = z.object({
      pattern: z.string().max(5),
      value: z.union([z.object({ kind: z.literal('a'), a: z.string() }), z.object({ kind: z.literal('b') })]),
    });
    const written = writerSchema(exactJsonSchema(schema)!) as { properties: Record<string, unknown> };
    expect(written.properties.pattern).toEqual({ type: 'string' });
    expect(written.properties.value).toMatchObject({ anyOf: [{ type: 'object' }, { type: 'object' }] });
  });
});
