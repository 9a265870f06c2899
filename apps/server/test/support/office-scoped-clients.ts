import type { Permission } from '@casedesk/contract/access/permission-schemas';
import { base, en, en_US, Faker } from '@faker-js/faker';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { setPermissions } from '../../src/modules/access/access.service.ts';
import { clients } from '../../src/modules/clients/clients.tables.ts';
import { offices } from '../../src/modules/offices/offices.tables.ts';
import { users } from '../../src/modules/users/users.tables.ts';
import { buildClient } from '../factories/clients.factory.ts';
import type { TestApp } from './test-app.ts';
import { createTestApp, SEEDED } from './test-app.ts';

/** A user whose client permissions carry an OFFICE condition (SPEC §6): their own office only. */
export const SCOPED = SEEDED.collector;

function officeLimited(officeId: string): Permission[] {
  const inOffice = [{ conditionType: 'OFFICE' as const, relationType: 'EQUALS' as const, values: [officeId] }];
  return [
    { permissionType: 'SEARCH_CLIENT', accessLevelDTO: [{ accessType: 'READ', conditionDTO: inOffice }] },
    {
      permissionType: 'CLIENT_PROFILE',
      accessLevelDTO: (['READ', 'CREATE', 'UPDATE'] as const).map((accessType) => ({
        accessType,
        conditionDTO: inOffice,
      })),
    },
  ];
}

export interface OfficeScopedClients {
  t: TestApp;
  /** The scoped user's office, and another one they may not reach. */
  officeA: string;
  officeB: string;
  insertClient(overrides?: Partial<typeof clients.$inferInsert>): Promise<typeof clients.$inferSelect>;
  inject(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    as: string | null,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
}

/** A seeded user's row (tests read the table; the users module's repository is its own). */
export async function findUserByEmail(db: ReturnType<TestApp['db']>, mail: string) {
  const [row] = await db.select().from(users).where(eq(users.mail, mail));
  return row;
}

/** A test app where SCOPED reaches only officeA's clients, with a factory for clients (office A by default). */
export async function createOfficeScopedClients(seed = 4): Promise<OfficeScopedClients> {
  const faker = new Faker({ locale: [en_US, en, base] });
  faker.seed(seed);
  const t = await createTestApp();
  const scoped = await findUserByEmail(t.db(), SCOPED);
  const rows = await t.db().select({ id: offices.id }).from(offices).orderBy(offices.name);
  const officeA = scoped!.officeId!;
  const officeB = rows.find((o) => o.id !== officeA)!.id;
  await setPermissions(t.db(), scoped!.id, officeLimited(officeA));
  return {
    t,
    officeA,
    officeB,
    async insertClient(overrides = {}) {
      const [row] = await t
        .db()
        .insert(clients)
        .values(buildClient(faker, { officeId: officeA, ...overrides }))
        .returning();
      return row!;
    },
    async inject(method, url, as, payload) {
      return t.app.inject({
        method,
        url,
        headers: as ? await t.authFor(as) : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    },
  };
}
