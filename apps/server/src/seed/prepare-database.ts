import type { Config } from '../config.ts';
import type { Database } from '../platform/db/database.ts';
import { isSeeded, seedReferenceData } from './reference-data.seed.ts';

/**
 * Every start: migrations, then in demo mode the demo seed on first start, on a firm's server only the
 * reference lists (its people are added with `npm run user:add`).
 */
export async function prepareDatabase(config: Pick<Config, 'demo' | 'SEED_CLIENTS'>, database: Database) {
  await database.migrate();
  if (!config.demo) {
    await seedReferenceData(database.db);
    return;
  }
  if (!(await isSeeded(database.db))) {
    console.log(`First start: seeding demo data (${config.SEED_CLIENTS} clients)…`);
    const { seedDemoData } = await import('./seed.ts');
    await seedDemoData(database.db, { clients: config.SEED_CLIENTS });
  }
}
