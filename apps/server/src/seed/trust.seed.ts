import type { Faker } from '@faker-js/faker';
import type { payments } from '../modules/accounting/accounting.tables.ts';
import { officeToday } from '@casedesk/contract/common/dates';
import { trustLedgerEntries, trustReconciliations } from '../modules/accounting/trust.tables.ts';
import type { Db } from '../platform/db/database.ts';

type SeededPayment = typeof payments.$inferInsert & { id: string };
type NewEntry = typeof trustLedgerEntries.$inferInsert & { id: string; enteredAt: Date };

const PAYEES = ['County Superior Court', 'Records Retrieval Inc.', 'Dr. Patel (medical report)', 'Process server'];
const PURPOSES = ['Filing fee', 'Medical records', 'Expert report', 'Service of process', 'Settlement share'];

function addDays(day: string, days: number): string {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The deposits of the seeded TRUST payments (and their reversals) and, for about half, a disbursement later. */
function trustEntries(faker: Faker, entries: SeededPayment[], today: (officeId: string) => string): NewEntry[] {
  const trust = entries.filter((p) => p.account === 'TRUST' && p.inquiryId);
  const reversed = new Set(trust.map((p) => p.reversesId).filter(Boolean));
  const depositOf = new Map<string, string>();
  const made: NewEntry[] = [];
  for (const p of trust.filter((e) => !e.reversesId)) {
    const deposit: NewEntry = {
      id: faker.string.uuid(),
      officeId: p.officeId,
      inquiryId: p.inquiryId!,
      kind: 'DEPOSIT',
      amountCents: p.feesCents + p.costCents,
      entryDate: p.paymentDate,
      enteredById: p.enteredById ?? null,
      enteredAt: p.enteredAt!,
      paymentId: p.id,
    };
    made.push(deposit);
    depositOf.set(p.id, deposit.id);
    const entryDate = addDays(p.paymentDate, faker.number.int({ min: 2, max: 12 }));
    // A disbursement never exceeds its own deposit, which is never reversed: no balance goes below zero.
    if (reversed.has(p.id) || entryDate >= today(p.officeId) || faker.datatype.boolean({ probability: 0.5 })) continue;
    made.push({
      id: faker.string.uuid(),
      officeId: p.officeId,
      inquiryId: p.inquiryId!,
      kind: 'DISBURSEMENT',
      amountCents: -Math.round((deposit.amountCents * faker.number.int({ min: 30, max: 80 })) / 100),
      payee: faker.helpers.arrayElement(PAYEES),
      purpose: faker.helpers.arrayElement(PURPOSES),
      entryDate,
      enteredById: p.enteredById ?? null,
      enteredAt: new Date(`${entryDate}T17:00:00Z`),
    });
  }
  for (const p of trust.filter((e) => e.reversesId)) {
    made.push({
      id: faker.string.uuid(),
      officeId: p.officeId,
      inquiryId: p.inquiryId!,
      kind: 'DEPOSIT_REVERSAL',
      amountCents: p.feesCents + p.costCents,
      entryDate: p.paymentDate,
      enteredById: p.enteredById ?? null,
      enteredAt: p.enteredAt!,
      paymentId: p.id,
      reversesId: depositOf.get(p.reversesId!)!,
    });
  }
  return made.sort((a, b) => a.enteredAt.getTime() - b.enteredAt.getTime());
}

/**
 * Trust demo data from the seeded TRUST payments: their deposits, some disbursements, and each office's three-way
 * reconciliation of the last full month signed (the bank statement typed as the book says). Entries go in the
 * order they happened, so the balance trigger sees every matter's balance as it moved.
 */
export async function seedTrust(
  db: Db,
  faker: Faker,
  officeRows: { id: string; timeZone: string }[],
  entries: SeededPayment[],
  byId: string | null,
  now: Date,
): Promise<void> {
  const zone = new Map(officeRows.map((o) => [o.id, o.timeZone]));
  const today = (officeId: string) => officeToday(zone.get(officeId)!, now);
  const made = trustEntries(faker, entries, today);
  for (let i = 0; i < made.length; i += 500) await db.insert(trustLedgerEntries).values(made.slice(i, i + 500));
  const signed = officeRows.map((office) => {
    const monthStart = `${today(office.id).slice(0, 7)}-01`;
    const through = addDays(monthStart, -1);
    const bookCents = made
      .filter((e) => e.officeId === office.id && e.entryDate <= through)
      .reduce((sum, e) => sum + e.amountCents, 0);
    return {
      officeId: office.id,
      month: through.slice(0, 7),
      version: 1,
      status: 'SIGNED' as const,
      statementCents: bookCents,
      bookCents,
      ledgersCents: bookCents,
      note: 'Statement balance agrees',
      byId,
      at: new Date(`${monthStart}T16:00:00Z`),
    };
  });
  if (signed.length) await db.insert(trustReconciliations).values(signed);
}
