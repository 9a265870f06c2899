import type { DifferingLedger, ThreeWayVersion } from '@casedesk/contract/accounting/trust';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { users } from '../users/users.tables.ts';
import { trustBalances, trustLedgerEntries, trustReconciliations } from './trust.tables.ts';

/** Differing ledgers listed at most; the count of all of them is in the figures. */
const DIFFERING_MAX = 200;

type Raw = Record<string, string | number | null>;

/**
 * An office's trust figures at the end of a day, in one pass over its entries (the office/date index covers
 * it): the book (the sum of every entry up to that day), the client ledgers (each matter's stored running
 * balance less its entries after that day, summed) and the matters whose ledger does not hold: the stored
 * balance disagrees with the sum of its entries, or its balance that day is below zero.
 */
export async function trustFigures(db: Db, officeId: string, through: string) {
  const result = (await db.execute(sql`
    with sums as (
      select e.inquiry_id,
             coalesce(sum(e.amount_cents) filter (where e.entry_date <= ${through}::date), 0) as through_end,
             coalesce(sum(e.amount_cents) filter (where e.entry_date > ${through}::date), 0) as after_end
      from ${trustLedgerEntries} e
      where e.office_id = ${officeId}
      group by e.inquiry_id),
    matters as (
      select coalesce(b.inquiry_id, s.inquiry_id) as inquiry_id,
             coalesce(s.through_end, 0) as entries_cents,
             coalesce(b.balance_cents, 0) - coalesce(s.after_end, 0) as ledger_cents
      from (select inquiry_id, balance_cents from ${trustBalances} where office_id = ${officeId}) b
      full join sums s on s.inquiry_id = b.inquiry_id),
    differing as (
      select * from matters where ledger_cents <> entries_cents or ledger_cents < 0)
    select null::uuid as inquiry_id, null::uuid as client_id, null::text as client,
           coalesce(sum(entries_cents), 0) as entries_cents, coalesce(sum(ledger_cents), 0) as ledger_cents,
           (select count(*) from differing) as differing
    from matters
    union all
    select * from (
      select d.inquiry_id, i.client_id, concat_ws(' ', c.first_name, c.last_name), d.entries_cents, d.ledger_cents, null::bigint
      from differing d left join inquiries i on i.id = d.inquiry_id left join clients c on c.id = i.client_id
      order by abs(d.ledger_cents - d.entries_cents) desc, d.inquiry_id
      limit ${DIFFERING_MAX}) listed`)) as unknown as { rows: Raw[] };
  const [totals, ...listed] = result.rows;
  const differingLedgers: DifferingLedger[] = listed.map((r) => ({
    inquiryId: String(r.inquiry_id),
    clientId: r.client_id === null ? null : String(r.client_id),
    client: r.client === null ? null : String(r.client),
    ledgerCents: Number(r.ledger_cents),
    entriesCents: Number(r.entries_cents),
    differenceCents: Number(r.ledger_cents) - Number(r.entries_cents),
  }));
  return {
    bookCents: Number(totals?.entries_cents ?? 0),
    ledgersCents: Number(totals?.ledger_cents ?? 0),
    differingCount: Number(totals?.differing ?? 0),
    differingLedgers,
  };
}

/** Every version of an office month's three-way reconciliation, the first first. */
export async function findThreeWayVersions(db: Db, officeId: string, month: string): Promise<ThreeWayVersion[]> {
  const rows = await db
    .select({
      version: trustReconciliations.version,
      status: trustReconciliations.status,
      statementCents: trustReconciliations.statementCents,
      bookCents: trustReconciliations.bookCents,
      ledgersCents: trustReconciliations.ledgersCents,
      note: trustReconciliations.note,
      by: users.displayName,
      at: trustReconciliations.at,
    })
    .from(trustReconciliations)
    .leftJoin(users, eq(users.id, trustReconciliations.byId))
    .where(and(eq(trustReconciliations.officeId, officeId), eq(trustReconciliations.month, month)))
    .orderBy(asc(trustReconciliations.version));
  return rows.map((r) => ({
    ...r,
    statementCents: Number(r.statementCents),
    bookCents: Number(r.bookCents),
    ledgersCents: Number(r.ledgersCents),
    at: new Date(r.at).toISOString(),
  }));
}

/** The latest version of an office month, if any: SIGNED locks the month's trust entries. */
export async function findLatestThreeWay(db: Db, officeId: string, month: string) {
  const [row] = await db
    .select({ version: trustReconciliations.version, status: trustReconciliations.status })
    .from(trustReconciliations)
    .where(and(eq(trustReconciliations.officeId, officeId), eq(trustReconciliations.month, month)))
    .orderBy(desc(trustReconciliations.version))
    .limit(1);
  return row;
}

export type NewThreeWayVersion = typeof trustReconciliations.$inferInsert;

export async function insertThreeWayVersion(tx: Db, values: NewThreeWayVersion): Promise<void> {
  await tx.insert(trustReconciliations).values(values);
}
