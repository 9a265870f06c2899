import { Faker, base, en, en_US } from '@faker-js/faker';
import type { Permission } from '@casedesk/contract/access/permission-schemas';
import type { Role } from '@casedesk/contract/users/user';
import type { DefaultDashboard } from '@casedesk/contract/users/default-dashboard';
import { sql } from 'drizzle-orm';
import { buildClient } from '../../test/factories/clients.factory.ts';
import { seedMail } from './mail.seed.ts';
import { seedDrafts } from './drafts.seed.ts';
import { seedAccounting } from './accounting.seed.ts';
import { seedAppointments } from './appointments.seed.ts';
import { SEED_OFFICES } from '../../test/factories/offices.factory.ts';
import { JURISDICTIONS, LAW_TYPES } from '../../test/factories/reference-data.ts';
import { setPermissions } from '../modules/access/access.service.ts';
import { attorneys } from '../modules/attorneys/attorneys.tables.ts';
import { clients } from '../modules/clients/clients.tables.ts';
import { offices } from '../modules/offices/offices.tables.ts';
import { insertUser } from '../modules/users/users.repository.ts';
import type { Db } from '../platform/db/database.ts';
import { setLocalPassword } from '../platform/idp/idp.repository.ts';
import { seedCalls } from './calls.seed.ts';
import { seedDropdowns } from './reference-data.seed.ts';
import { openCollectionAccounts, workCollectionAccounts } from './collections.seed.ts';
import { seedMarketing } from './marketing.seed.ts';
import { seedPaymentPlans } from './payment-plans.seed.ts';
import { seedInquiries } from './inquiries.seed.ts';
import { seedLitigationEvents } from './litigation.seed.ts';
import { seedSms } from './sms.seed.ts';
import { seedWorkflows } from './workflows.seed.ts';
import {
  adminPermissions,
  attorneyPermissions,
  collectorPermissions,
  managerPermissions,
  operatorPermissions,
} from './permission-profiles.ts';

export const DEMO_PASSWORD = 'casedesk';
const CLIENT_BATCH = 1000;

interface SeedUser {
  mail: string;
  displayName: string;
  jobTitle: string;
  role: Role;
  defaultDashboard: DefaultDashboard | null;
  accountEnabled?: boolean;
  officeIndex: number;
  permissions: (officeIds: string[]) => Permission[];
}

/** The accounts of the README table; all share the demo password in local mode. */
const SEED_USERS: SeedUser[] = [
  {
    mail: 'admin@casedesk.local',
    displayName: 'Alex Admin',
    jobTitle: 'Operations Director',
    role: 'ADMIN',
    defaultDashboard: 'CORPORATE',
    officeIndex: 0,
    permissions: adminPermissions,
  },
  {
    mail: 'manager@casedesk.local',
    displayName: 'Morgan Manager',
    jobTitle: 'Office Manager',
    role: 'MANAGER',
    defaultDashboard: 'OFFICE',
    officeIndex: 0,
    permissions: (ids) => managerPermissions(ids.slice(0, 2)),
  },
  {
    mail: 'operator@casedesk.local',
    displayName: 'Olivia Operator',
    jobTitle: 'Intake Specialist',
    role: 'OPERATOR',
    defaultDashboard: 'CALL_CENTER',
    officeIndex: 6,
    permissions: operatorPermissions,
  },
  {
    mail: 'attorney@casedesk.local',
    displayName: 'Avery Attorney',
    jobTitle: 'Associate Attorney',
    role: 'ATTORNEY',
    defaultDashboard: 'OFFICE',
    officeIndex: 0,
    permissions: (ids) => attorneyPermissions(ids[0]!),
  },
  {
    mail: 'collector@casedesk.local',
    displayName: 'Casey Collector',
    jobTitle: 'Collections Specialist',
    role: 'COLLECTOR',
    defaultDashboard: null,
    officeIndex: 0,
    permissions: (ids) => collectorPermissions(ids[0]!),
  },
  {
    mail: 'disabled@casedesk.local',
    displayName: 'Dana Disabled',
    jobTitle: 'Intake Specialist',
    role: 'OPERATOR',
    defaultDashboard: 'CALL_CENTER',
    accountEnabled: false,
    officeIndex: 6,
    permissions: operatorPermissions,
  },
];

/** First start: offices, users with permissions, attorneys, dropdowns and demo clients, in one transaction. */
export async function seedDemoData(db: Db, options: { clients: number; seed?: number }): Promise<void> {
  const faker = new Faker({ locale: [en_US, en, base] });
  faker.seed(options.seed ?? 20261122);
  await db.transaction(async (tx) => {
    const officeRows = await tx.insert(offices).values(SEED_OFFICES).returning({ id: offices.id });
    const officeIds = officeRows.map((o) => o.id);
    await seedDropdowns(tx);
    for (const user of SEED_USERS) {
      const row = await insertUser(tx, {
        mail: user.mail,
        displayName: user.displayName,
        jobTitle: user.jobTitle,
        role: user.role,
        defaultDashboard: user.defaultDashboard,
        accountEnabled: user.accountEnabled ?? true,
        officeId: officeIds[user.officeIndex]!,
        workNumber: faker.string.numeric({ length: 1, exclude: ['0', '1'] }) + faker.string.numeric(9),
        phoneExtension: faker.string.numeric(6),
        clickToCall: faker.string.numeric({ length: 1, exclude: ['0', '1'] }) + faker.string.numeric(9),
      });
      await setPermissions(tx, row.id, user.permissions(officeIds));
      await setLocalPassword(tx, row.id, DEMO_PASSWORD);
      if (user.role === 'ATTORNEY') {
        await tx
          .insert(attorneys)
          .values({ userId: row.id, officeId: row.officeId!, lawType: LAW_TYPES[0], jurisdiction: JURISDICTIONS[0] });
      }
    }
    await seedMoreAttorneys(tx, faker, officeIds);
  });
  await seedClients(db, faker, options.clients);
  await seedInquiries(db, faker);
  await seedSms(db, faker);
  await seedCalls(db, faker);
  await seedMarketing(db);
  await seedAppointments(db, faker);
  await seedLitigationEvents(db, faker);
  // Collection accounts before the cash flow (their clients' payments pay them down), worked after it; with a
  // faker of their own, so the draws of the seeds around them stay as they were.
  await openCollectionAccounts(db);
  // Last, so the faker's earlier draws (and the data the other seeds made) stay as they were.
  await seedAccounting(db, faker);
  await workCollectionAccounts(db);
  // The plans of the accounts on one, once their payments are in; a faker of its own as well.
  await seedPaymentPlans(db);
  await seedWorkflows(db);
  // After it, for the same reason: the demo outbox.
  await seedMail(db, faker);
  // A letter draft waiting for approval, on an account of the seeded collector (no faker draws).
  await seedDrafts(db);
  await vacuumAfterBulkLoad(db);
}

/**
 * Planner statistics for the freshly loaded tables (search and matching choose their indexes by them) and
 * the visibility map (search counts matches with index-only scans, which read the table for every row of a
 * page not yet marked all-visible: counting 1,000 matches took 55 ms instead of under one). Autovacuum would
 * do both in time; neither PGlite nor a server with autovacuum off does it by itself.
 */
export async function vacuumAfterBulkLoad(db: Db): Promise<void> {
  await db.execute(sql`vacuum analyze`);
}

/** Two attorneys per branch office, across law types and jurisdictions, each able to sign in. */
async function seedMoreAttorneys(db: Db, faker: Faker, officeIds: string[]): Promise<void> {
  const branchIds = officeIds.slice(0, 6);
  for (const [index, officeId] of branchIds.flatMap((id) => [id, id]).entries()) {
    const firstName = faker.person.firstName();
    const lastName = faker.person.lastName();
    const user = await insertUser(db, {
      mail: `${firstName}.${lastName}.${index}@casedesk.local`.toLowerCase().replace(/[^a-z0-9.@]/g, ''),
      displayName: `${firstName} ${lastName}`,
      jobTitle: index % 3 === 0 ? 'Partner' : 'Associate Attorney',
      role: 'ATTORNEY',
      defaultDashboard: 'OFFICE',
      officeId,
      workNumber: faker.string.numeric({ length: 1, exclude: ['0', '1'] }) + faker.string.numeric(9),
      phoneExtension: faker.string.numeric(6),
      zoomLink: `https://zoom.us/j/${faker.string.numeric(10)}`,
    });
    await setPermissions(db, user.id, attorneyPermissions(officeId));
    await setLocalPassword(db, user.id, DEMO_PASSWORD);
    await db.insert(attorneys).values({
      userId: user.id,
      officeId,
      lawType: LAW_TYPES[index % LAW_TYPES.length]!,
      jurisdiction: JURISDICTIONS[index % JURISDICTIONS.length]!,
      zoomLink: user.zoomLink,
    });
  }
}

/** Clients in batches, so a million for the benchmark neither buffers nor holds one huge transaction. */
export async function seedClients(
  db: Db,
  faker: Faker,
  total: number,
  onProgress?: (done: number) => void,
): Promise<void> {
  const officeIds = (await db.select({ id: offices.id }).from(offices)).map((o) => o.id);
  for (let done = 0; done < total; done += CLIENT_BATCH) {
    const size = Math.min(CLIENT_BATCH, total - done);
    const batch = Array.from({ length: size }, () =>
      buildClient(faker, { officeId: faker.helpers.arrayElement(officeIds) }),
    );
    await db.insert(clients).values(batch);
    onProgress?.(done + size);
  }
}
