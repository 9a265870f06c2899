import { Faker, base, en, en_US } from '@faker-js/faker';
import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../platform/db/open-configured.ts';
import { isSeeded } from './reference-data.seed.ts';
import { vacuumAfterBulkLoad, seedClients, seedDemoData } from './seed.ts';

/** `npm run seed [-- --clients N]`: seeds an empty database, or adds N more clients to a seeded one. */
const config = loadConfig();
if (!config.demo) {
  console.error('npm run seed writes demo data and demo accounts: it runs in demo mode only (DEMO=true).');
  process.exit(1);
}
const flag = process.argv.indexOf('--clients');
const extraClients = flag >= 0 ? Number(process.argv[flag + 1]) : undefined;
const database = await openConfiguredDatabase(config, { setup: true });
try {
  await database.migrate();
  if (!(await isSeeded(database.db))) {
    await seedDemoData(database.db, { clients: extraClients ?? config.SEED_CLIENTS });
    console.log('Seeded demo data.');
  } else if (extraClients) {
    const faker = new Faker({ locale: [en_US, en, base] });
    faker.seed(Date.now());
    await seedClients(database.db, faker, extraClients, (done) => process.stdout.write(`\r${done} clients`));
    await vacuumAfterBulkLoad(database.db);
    console.log(`\nAdded ${extraClients} clients.`);
  } else {
    console.log('Already seeded; pass --clients N to add clients.');
  }
} finally {
  await database.close();
}
