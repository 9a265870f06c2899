import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/support/test-app.ts';
import { SEEDED } from '../../../test/support/test-app.ts';
import { dropdownOptions } from '../dropdowns/dropdowns.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { intakeQuestions } from './inquiries.tables.ts';

/** Ids the inquiry API tests need from the seeded template database. */
export async function seededRefs(t: TestApp) {
  const db = t.db();
  const officeRows = await db.select({ id: offices.id, name: offices.name }).from(offices);
  const office = (name: string) => officeRows.find((o) => o.name === name)!.id;
  const [lawType] = await db
    .select({ id: dropdownOptions.id, value: dropdownOptions.value })
    .from(dropdownOptions)
    .where(eq(dropdownOptions.value, 'Personal Injury'));
  const questions = await db.select().from(intakeQuestions).where(eq(intakeQuestions.lawType, 'Personal Injury'));
  return {
    // The seeded manager's LEADS access is limited to Los Angeles and San Diego.
    inScopeOffice: office('Los Angeles'),
    outOfScopeOffice: office('Las Vegas'),
    lawType: lawType!,
    questions,
  };
}

export const newClient = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Maria',
  lastName: 'Gonzalez',
  dateOfBirth: '04-12-1985',
  primaryNumber: '(213) 555-0142',
  email: 'maria.gonzalez@example.com',
  ...overrides,
});

/** Creates an inquiry as the admin (unscoped) for an office; returns its id. */
export async function createInquiryIn(t: TestApp, officeId: string, body: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/inquiry',
    headers: await t.authFor(SEEDED.admin),
    payload: { client: newClient(), officeId, ...body },
  });
  if (res.statusCode !== 200) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; clientId: string };
}
