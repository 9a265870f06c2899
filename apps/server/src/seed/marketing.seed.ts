import { calls } from '../modules/calls/calls.tables.ts';
import { marketingSpendEntries } from '../modules/marketing/marketing.tables.ts';
import { DEMO_MONTHLY_SPEND_CENTS } from '../modules/marketing/marketing.seed-data.ts';
import type { Db } from '../platform/db/database.ts';

/** A number on an old flyer that no tracking line maps, so the unresolved list has something to map. */
export const DEMO_UNRESOLVED_DNIS = '8885550499';

/**
 * Marketing demo data: spend for each demo source in the last three months (so cost per lead shows in the
 * attribution report) and a few calls to an unmapped number (the unresolved list).
 */
export async function seedMarketing(db: Db, now = new Date()): Promise<void> {
  const months = [1, 2, 3].map((back) => {
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    return at.toISOString().slice(0, 7);
  });
  await db.insert(marketingSpendEntries).values(
    months.flatMap((month, i) =>
      Object.entries(DEMO_MONTHLY_SPEND_CENTS).map(([source, amountCents]) => ({
        source,
        month,
        // Months differ a little, as real invoices do.
        amountCents: amountCents + i * 10_000,
      })),
    ),
  );
  await db.insert(calls).values(
    [2, 5, 9].map((daysAgo, i) => ({
      direction: 'INBOUND' as const,
      callStartTime: new Date(now.getTime() - daysAgo * 86_400_000),
      durationInSeconds: 60 + i * 45,
      callerId: `415555020${i}`,
      numberDialed: DEMO_UNRESOLVED_DNIS,
      title: 'Unknown caller',
      status: 'completed' as const,
    })),
  );
}
