import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/support/test-app.ts';
import { SEEDED } from '../../../test/support/test-app.ts';
import { notifyActorsChanged } from '../../platform/auth/actor-cache.ts';
import { dropdownOptions } from '../dropdowns/dropdowns.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { trackingLineMappings, trackingLines } from '../marketing/marketing.tables.ts';
import { users } from '../users/users.tables.ts';

/** Ids the calls API tests need from the seeded template database. */
export async function callRefs(t: TestApp) {
  const db = t.db();
  const officeRows = await db.select().from(offices);
  const office = (name: string) => officeRows.find((o) => o.name === name)!;
  const lines = await db
    .select({ id: trackingLines.id, dnis: trackingLines.dnis, source: trackingLineMappings.source })
    .from(trackingLines)
    .innerJoin(trackingLineMappings, eq(trackingLineMappings.trackingLineId, trackingLines.id));
  const line = (source: string) => lines.find((l) => l.source === source)!;
  return {
    // The seeded manager's CALLS access is limited to Los Angeles and San Diego.
    inScope: office('Los Angeles'),
    outOfScope: office('Las Vegas'),
    callCenter: office('Call Center'),
    /** DNIS 2135550404 → Los Angeles; 7025550405 → Las Vegas; 8885550403 → Call Center. */
    laLine: line('Billboard I-10'),
    lvLine: line('Radio – KXNT'),
    googleLine: line('Google Ads'),
  };
}

export async function userId(t: TestApp, mail: string): Promise<string> {
  const [row] = await t.db().select({ id: users.id }).from(users).where(eq(users.mail, mail));
  return row!.id;
}

/** Sets a seeded user's own click-to-call number (null clears it) and drops cached actors. */
export async function setClickToCall(t: TestApp, mail: string, clickToCall: string | null): Promise<void> {
  await t.db().update(users).set({ clickToCall }).where(eq(users.mail, mail));
  notifyActorsChanged();
}

export { injector } from '../../../test/support/test-app.ts';

export { createInquiryIn, newClient } from '../../../test/support/inquiries.ts';

export async function lawTypeId(t: TestApp, value: string): Promise<string> {
  const [row] = await t
    .db()
    .select({ id: dropdownOptions.id })
    .from(dropdownOptions)
    .where(eq(dropdownOptions.value, value));
  return row!.id;
}

export { SEEDED };
