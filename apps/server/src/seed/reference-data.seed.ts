import { count } from 'drizzle-orm';
import { JURISDICTIONS, LAW_TYPES, SMS_CATEGORIES, SMS_REASONS } from '../../test/factories/reference-data.ts';
import { dropdownOptions } from '../modules/dropdowns/dropdowns.tables.ts';
import { offices } from '../modules/offices/offices.tables.ts';
import type { Db } from '../platform/db/database.ts';

// What every start asks of the database. The demo seed (seed.ts) is loaded only when it runs: faker and its locale
// are needed by no other start (decision 8).

/** Whether the demo seed has run: it made the offices. */
export async function isSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(offices);
  return (row?.n ?? 0) > 0;
}

/**
 * A firm's server (not demo mode) starts with the reference lists the screens need (law types,
 * jurisdictions, SMS categories and reasons) and nothing else: no offices, users or clients.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  const [row] = await db.select({ n: count() }).from(dropdownOptions);
  if ((row?.n ?? 0) === 0) await seedDropdowns(db);
}

export async function seedDropdowns(db: Db): Promise<void> {
  const rows = [
    ...LAW_TYPES.map((value, i) => ({ dropdownType: 'INQUIRY_LAW_TYPE', value, sortOrder: i })),
    ...JURISDICTIONS.map((value, i) => ({ dropdownType: 'JURISDICTION', value, sortOrder: i })),
    ...SMS_CATEGORIES.map((c, i) => ({
      dropdownType: 'SMS_CATEGORY',
      value: c.value,
      groupType: c.groupType,
      sortOrder: i,
    })),
    ...SMS_REASONS.map((value, i) => ({ dropdownType: 'SMS_REASON', value, sortOrder: i })),
  ];
  await db.insert(dropdownOptions).values(rows);
}
