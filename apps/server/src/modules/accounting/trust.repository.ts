import type { Scope } from '@casedesk/contract/access/permissions';
import type { TrustEntry, TrustLedgerRow, TrustLedgersRequest } from '@casedesk/contract/accounting/trust';
import { pageOffset } from '@casedesk/contract/common/paging';
import type { SQL } from 'drizzle-orm';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/database.ts';
import { officeScopeSql } from '../../platform/db/office-scope.ts';
import { clients } from '../clients/clients.tables.ts';
import { inquiries } from '../inquiries/inquiries.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';
import { matterLabelOf } from './payments.repository.ts';
import { trustBalances, trustLedgerEntries } from './trust.tables.ts';

const reversal = alias(trustLedgerEntries, 'trust_reversal');
const clientName = sql<string>`concat_ws(' ', ${clients.firstName}, ${clients.lastName})`;

export type NewTrustEntry = Omit<typeof trustLedgerEntries.$inferInsert, 'enteredAt'>;

/**
 * Adds an entry; the database moves the matter's balance with it (trigger of migration 0027) and refuses it if
 * the balance would go below zero. The time is the clock's when the row is written (the balance lock is held by
 * then), so the entries' order is the order the balance moved in.
 */
export async function insertTrustEntry(tx: Db, values: NewTrustEntry): Promise<string> {
  const [row] = await tx
    .insert(trustLedgerEntries)
    .values({ ...values, enteredAt: sql`clock_timestamp()` })
    .returning({ id: trustLedgerEntries.id });
  return row!.id;
}

/**
 * Locks the matter's balance row in the office until the transaction ends (made at zero on first use) and
 * returns the balance: concurrent disbursements from one matter wait here one after the other.
 */
export async function lockTrustBalance(tx: Db, officeId: string, inquiryId: string): Promise<number> {
  await tx.insert(trustBalances).values({ officeId, inquiryId, balanceCents: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select({ balanceCents: trustBalances.balanceCents })
    .from(trustBalances)
    .where(and(eq(trustBalances.officeId, officeId), eq(trustBalances.inquiryId, inquiryId)))
    .for('update');
  return Number(row!.balanceCents);
}

const entryColumns = {
  id: trustLedgerEntries.id,
  officeId: trustLedgerEntries.officeId,
  inquiryId: trustLedgerEntries.inquiryId,
  kind: trustLedgerEntries.kind,
  amountCents: trustLedgerEntries.amountCents,
  payee: trustLedgerEntries.payee,
  purpose: trustLedgerEntries.purpose,
  reason: trustLedgerEntries.reason,
  entryDate: trustLedgerEntries.entryDate,
  enteredBy: users.displayName,
  enteredAt: trustLedgerEntries.enteredAt,
  paymentId: trustLedgerEntries.paymentId,
  reversesId: trustLedgerEntries.reversesId,
  reversedById: reversal.id,
  // Per office: each office's trust account holds its own part of the matter's money.
  balanceCents: sql<string>`sum(${trustLedgerEntries.amountCents}) over (partition by ${trustLedgerEntries.officeId}
    order by ${trustLedgerEntries.enteredAt}, ${trustLedgerEntries.id})`,
};

type EntryFromDb = Omit<TrustEntry, 'enteredAt' | 'balanceCents'> & { enteredAt: Date; balanceCents: string };

const toEntry = (row: EntryFromDb): TrustEntry => ({
  ...row,
  amountCents: Number(row.amountCents),
  balanceCents: Number(row.balanceCents),
  enteredAt: new Date(row.enteredAt).toISOString(),
});

function entriesJoined<T extends ReturnType<Db['select']>>(query: T) {
  return query
    .from(trustLedgerEntries)
    .leftJoin(users, eq(users.id, trustLedgerEntries.enteredById))
    .leftJoin(reversal, eq(reversal.reversesId, trustLedgerEntries.id));
}

/** A matter's entries in the offices of the scope, in the order they moved its balance. */
export async function findTrustEntries(db: Db, inquiryId: string, scope: Scope): Promise<TrustEntry[]> {
  const rows = await entriesJoined(db.select(entryColumns))
    .where(and(eq(trustLedgerEntries.inquiryId, inquiryId), officeScopeSql(trustLedgerEntries.officeId, scope)))
    .orderBy(trustLedgerEntries.enteredAt, trustLedgerEntries.id);
  return rows.map((row) => toEntry(row as unknown as EntryFromDb));
}

/** One entry inside the scope with its reversal link; `forUpdate` locks it (one reversal at a time). */
export async function findTrustEntry(db: Db, id: string, scope: Scope, forUpdate = false) {
  const query = db
    .select({
      id: trustLedgerEntries.id,
      officeId: trustLedgerEntries.officeId,
      inquiryId: trustLedgerEntries.inquiryId,
      kind: trustLedgerEntries.kind,
      amountCents: trustLedgerEntries.amountCents,
      reversedById: reversal.id,
    })
    .from(trustLedgerEntries)
    .leftJoin(reversal, eq(reversal.reversesId, trustLedgerEntries.id))
    .where(and(eq(trustLedgerEntries.id, id), officeScopeSql(trustLedgerEntries.officeId, scope)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update', { of: trustLedgerEntries }) : await query;
  return row ? { ...row, amountCents: Number(row.amountCents) } : undefined;
}

/** The deposit entry a payment made, if any. */
export async function findDepositOfPayment(db: Db, paymentId: string) {
  const [row] = await db
    .select({ id: trustLedgerEntries.id, amountCents: trustLedgerEntries.amountCents })
    .from(trustLedgerEntries)
    .where(eq(trustLedgerEntries.paymentId, paymentId))
    .limit(1);
  return row ? { id: row.id, amountCents: Number(row.amountCents) } : undefined;
}

/**
 * The matter, its client and its label, if the scope reaches its office or an office holding trust money for
 * it (a matter's money may sit in another office's trust account).
 */
export async function findTrustMatter(db: Db, inquiryId: string, scope: Scope) {
  const [row] = await db
    .select({
      inquiryId: inquiries.id,
      clientId: inquiries.clientId,
      client: clientName,
      matter: matterLabelOf(inquiries.id),
    })
    .from(inquiries)
    .innerJoin(clients, eq(clients.id, inquiries.clientId))
    .leftJoin(offices, eq(offices.id, inquiries.officeId))
    .where(
      and(
        eq(inquiries.id, inquiryId),
        sql`(${officeScopeSql(inquiries.officeId, scope) ?? sql`true`} or exists (select 1 from ${trustBalances} b
          where b.inquiry_id = ${inquiries.id} and ${officeScopeSql(sql`b.office_id`, scope) ?? sql`true`}))`,
      ),
    )
    .limit(1);
  return row;
}

const LEDGER_SORTS: Record<NonNullable<TrustLedgersRequest['sortBy']>, SQL> = {
  office: sql`${offices.name}`,
  client: sql`${clients.lastName}, ${clients.firstName}`,
  balance: sql`${trustBalances.balanceCents}`,
  lastEntryAt: sql`${trustBalances.lastEntryAt}`,
};

/** The matters' balances per office within the scope, the latest moved first unless sorted. */
export async function findTrustLedgersPage(
  db: Db,
  request: TrustLedgersRequest,
  scope: Scope,
): Promise<{ items: TrustLedgerRow[]; totalCount: number }> {
  const f = request.filter ?? {};
  const where = and(
    officeScopeSql(trustBalances.officeId, scope),
    f.officeId ? eq(trustBalances.officeId, f.officeId) : undefined,
    f.clientId ? eq(inquiries.clientId, f.clientId) : undefined,
  );
  const direction = request.sortOrder === 'ASC' ? sql`asc nulls last` : sql`desc nulls last`;
  const order = request.sortBy ? LEDGER_SORTS[request.sortBy] : LEDGER_SORTS.lastEntryAt;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        officeId: trustBalances.officeId,
        office: offices.name,
        inquiryId: trustBalances.inquiryId,
        matter: matterLabelOf(trustBalances.inquiryId),
        clientId: inquiries.clientId,
        client: clientName,
        balanceCents: trustBalances.balanceCents,
        lastEntryAt: trustBalances.lastEntryAt,
      })
      .from(trustBalances)
      .innerJoin(offices, eq(offices.id, trustBalances.officeId))
      .innerJoin(inquiries, eq(inquiries.id, trustBalances.inquiryId))
      .innerJoin(clients, eq(clients.id, inquiries.clientId))
      .where(where)
      .orderBy(sql`${order} ${request.sortBy ? direction : sql`desc nulls last`}`, trustBalances.inquiryId)
      .limit(request.pageSize)
      .offset(pageOffset(request.pageNumber, request.pageSize)),
    db
      .select({ n: sql<number>`count(*)` })
      .from(trustBalances)
      .innerJoin(inquiries, eq(inquiries.id, trustBalances.inquiryId))
      .where(where),
  ]);
  const items = rows.map((r) => ({
    ...r,
    balanceCents: Number(r.balanceCents),
    lastEntryAt: r.lastEntryAt ? new Date(r.lastEntryAt).toISOString() : null,
  }));
  return { items, totalCount: Number(count?.n ?? 0) };
}
