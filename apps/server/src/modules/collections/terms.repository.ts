import type { Term } from '@casedesk/contract/collections/term';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { collectionTerms } from './collections.tables.ts';

const termColumns = {
  id: collectionTerms.id,
  name: collectionTerms.name,
  isPaymentPlan: collectionTerms.isPaymentPlan,
  active: collectionTerms.active,
};

/** Every term, offered ones and retired ones (accounts keep theirs), by name. */
export async function findTerms(db: Db): Promise<Term[]> {
  return db.select(termColumns).from(collectionTerms).orderBy(asc(collectionTerms.name));
}

/** One term, locked for a change when `forUpdate`. */
export async function findTermRow(db: Db, id: string, forUpdate = false): Promise<Term | undefined> {
  const query = db.select(termColumns).from(collectionTerms).where(eq(collectionTerms.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** Whether another term already has this name, compared without case (names are what people pick from). */
export async function termNameTaken(db: Db, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: collectionTerms.id })
    .from(collectionTerms)
    .where(
      and(
        sql`lower(${collectionTerms.name}) = lower(${name})`,
        exceptId ? ne(collectionTerms.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertTerm(tx: Db, values: Omit<Term, 'id'>): Promise<Term> {
  const [row] = await tx.insert(collectionTerms).values(values).returning(termColumns);
  return row!;
}

export async function updateTerm(tx: Db, id: string, values: Omit<Term, 'id'>): Promise<Term> {
  const [row] = await tx.update(collectionTerms).set(values).where(eq(collectionTerms.id, id)).returning(termColumns);
  return row!;
}
