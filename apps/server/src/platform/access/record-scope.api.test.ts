import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from '../../../test/support/test-app.ts';
import type { Db } from '../db/database.ts';
import { registerAccessControl } from './access-control.ts';
import { idFieldsOf, undeclaredIds } from './record-scope.ts';

/** DESIGN §3: a route that takes a record id says which record it names, or why no office decides it. */
async function appWith(route: { config: object; schema: object }) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Nothing here is requested: the check runs when the app is ready, before any token is looked at.
  registerAccessControl(app, {
    db: {} as Db,
    verifier: { verify: () => Promise.reject(new Error('not used')) },
    resolveUser: () => Promise.reject(new Error('not used')),
  });
  app.post('/api/v1/thing/:thingId', route, async () => ({}));
  return app;
}

const schema = {
  params: z.object({ thingId: z.uuid() }),
  querystring: z.object({ offsetHours: z.coerce.number().optional() }),
  body: z.object({
    name: z.string(),
    lawTypeId: z.uuid().nullish(),
    filter: z.object({ officeId: z.uuid().optional(), attorneyIds: z.array(z.uuid()).optional() }).optional(),
  }),
};

describe('record scope declarations', () => {
  it('finds the ids of path, query and body by their declared names, nested ones by their path', () => {
    expect(idFieldsOf({ schema })).toEqual(['filter.attorneyIds', 'filter.officeId', 'lawTypeId', 'thingId']);
    expect(
      undeclaredIds({
        schema,
        config: {
          records: { thingId: 'client', 'filter.officeId': 'office' },
          unscopedIds: { lawTypeId: 'an option of a list shared by every office' },
        },
      }),
    ).toEqual(['filter.attorneyIds']);
  });

  it('refuses to start with an undeclared id, naming the route and the field', async () => {
    const app = await appWith({ config: { permission: ['LEADS', 'READ'], records: { thingId: 'inquiry' } }, schema });
    await expect(app.ready()).rejects.toThrow(
      'Routes taking ids that declare neither the record each names (config.records) nor why no office decides it ' +
        '(config.unscopedIds): POST /api/v1/thing/:thingId (filter.attorneyIds, filter.officeId, lawTypeId)',
    );
    await app.close();
  });

  it('starts when every id is declared', async () => {
    const app = await appWith({
      config: {
        permission: ['LEADS', 'READ'],
        records: { thingId: 'inquiry' },
        unscopedIds: {
          lawTypeId: 'an option of a list shared by every office',
          'filter.officeId': 'only narrows the list, already cut to the caller’s offices',
          'filter.attorneyIds': 'only narrows the list, already cut to the caller’s offices',
        },
      },
      schema,
    });
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });

  it('every product route declares its ids (the app starts)', async () => {
    const t = await createTestApp();
    expect(t.app.routeAccessTable.length).toBeGreaterThan(0);
    await t.close();
  });
});
