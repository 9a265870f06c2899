import type { Scope } from '@casedesk/contract/access/permissions';
import { pageOffset } from '@casedesk/contract/common/paging';
import type { LetterBatchState, LetterListRequest } from '@casedesk/contract/mail/letter';
import type { SQL } from 'drizzle-orm';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Db } from '../../platform/db/database.ts';
import { listPage } from '../../platform/db/list-page.ts';
import { officeScopeSql } from '../../platform/db/office-scope.ts';
import { clients } from '../clients/clients.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { mailLetterBatches, mailLetters } from './mail.tables.ts';

export type NewLetter = typeof mailLetters.$inferInsert;
export type LetterBatchRow = typeof mailLetterBatches.$inferSelect;

export interface LetterRow {
  id: string;
  officeId: string;
  officeName: string;
  clientId: string | null;
  clientName: string | null;
  collectionAccountId: string | null;
  subject: string;
  status: 'PENDING' | 'STORED';
  size: number | null;
  pages: number | null;
  batchId: string | null;
  createdByName: string | null;
  createdAt: Date;
}

export async function insertLetter(db: Db, letter: NewLetter): Promise<{ id: string }> {
  const [row] = await db.insert(mailLetters).values(letter).returning({ id: mailLetters.id });
  return row!;
}

/** Letters of a batch, many rows to an insert (PostgreSQL takes at most 65,535 parameters in one statement). */
export async function insertLetters(db: Db, letters: NewLetter[]): Promise<void> {
  for (let i = 0; i < letters.length; i += 1_000) await db.insert(mailLetters).values(letters.slice(i, i + 1_000));
}

export interface LetterClient {
  id: string;
  officeId: string | null;
  firstName: string;
  lastName: string;
  streetAddress: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
}

const letterClientColumns = {
  id: clients.id,
  officeId: clients.officeId,
  firstName: clients.firstName,
  lastName: clients.lastName,
  streetAddress: clients.streetAddress,
  city: clients.city,
  state: clients.state,
  zipCode: clients.zipCode,
};

/** The named clients that exist and are not merged away, with what a letter's address block needs. */
export async function findLetterClients(db: Db, ids: string[]): Promise<LetterClient[]> {
  const found: LetterClient[] = [];
  for (let i = 0; i < ids.length; i += 1_000) {
    const chunk = ids.slice(i, i + 1_000);
    found.push(
      ...(await db
        .select(letterClientColumns)
        .from(clients)
        .where(and(inArray(clients.id, chunk), sql`${clients.mergedIntoId} is null`))),
    );
  }
  return found;
}

export async function insertBatch(db: Db, batch: typeof mailLetterBatches.$inferInsert): Promise<LetterBatchRow> {
  const [row] = await db.insert(mailLetterBatches).values(batch).returning();
  return row!;
}

export async function findBatch(db: Db, id: string, requestedById?: string): Promise<LetterBatchRow | undefined> {
  const [row] = await db
    .select()
    .from(mailLetterBatches)
    .where(
      and(eq(mailLetterBatches.id, id), requestedById ? eq(mailLetterBatches.requestedById, requestedById) : undefined),
    );
  return row;
}

export async function updateBatch(
  db: Db,
  id: string,
  values: Partial<{ state: LetterBatchState; done: number; error: string | null; finishedAt: Date | null }>,
): Promise<void> {
  await db.update(mailLetterBatches).set(values).where(eq(mailLetterBatches.id, id));
}

export interface PendingLetter {
  id: string;
  subject: string;
  body: string;
  client: LetterClient;
}

/** The next PENDING letters of a batch, with their client's address. */
export async function findPendingLetters(db: Db, batchId: string, limit: number): Promise<PendingLetter[]> {
  const rows = await db
    .select({ id: mailLetters.id, subject: mailLetters.subject, body: mailLetters.body, client: letterClientColumns })
    .from(mailLetters)
    .innerJoin(clients, eq(clients.id, mailLetters.clientId))
    .where(and(eq(mailLetters.batchId, batchId), eq(mailLetters.status, 'PENDING')))
    .orderBy(asc(mailLetters.id))
    .limit(limit);
  return rows;
}

export async function countStoredLetters(db: Db, batchId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mailLetters)
    .where(and(eq(mailLetters.batchId, batchId), eq(mailLetters.status, 'STORED')));
  return Number(row?.n ?? 0);
}

/** Marks letters whose PDF is in the file storage STORED, many in one statement. */
export async function markLettersStored(
  db: Db,
  stored: { id: string; size: number; sha256: string; pages: number }[],
): Promise<void> {
  if (stored.length === 0) return;
  const values = sql.join(
    stored.map((s) => sql`(${s.id}::uuid, ${s.size}::int, ${s.sha256}::text, ${s.pages}::int)`),
    sql`, `,
  );
  await db.execute(sql`update mail_letters l
    set status = 'STORED', size = v.size, sha256 = v.sha256, pages = v.pages, stored_at = now()
    from (values ${values}) as v(id, size, sha256, pages)
    where l.id = v.id and l.status = 'PENDING'`);
}

const clientOffice = sql.raw('c.office_id');
const clientName = (scope: Scope) => sql<string | null>`(select c.first_name || ' ' || c.last_name from clients c
  where c.id = ${mailLetters.clientId} and ${officeScopeSql(clientOffice, scope) ?? sql`true`})`;

const letterColumns = (clientNames: Scope) => ({
  id: mailLetters.id,
  officeId: mailLetters.officeId,
  officeName: sql<string>`(select o.name from offices o where o.id = ${mailLetters.officeId})`,
  clientId: mailLetters.clientId,
  clientName: clientName(clientNames),
  collectionAccountId: mailLetters.collectionAccountId,
  subject: mailLetters.subject,
  status: mailLetters.status,
  size: mailLetters.size,
  pages: mailLetters.pages,
  batchId: mailLetters.batchId,
  createdByName: sql<string | null>`(select u.display_name from users u where u.id = ${mailLetters.createdById})`,
  createdAt: mailLetters.createdAt,
});

function letterConditions(request: LetterListRequest, scope: Scope): SQL | undefined {
  const filter = request.filter ?? {};
  return and(
    eq(mailLetters.status, 'STORED'),
    officeScopeSql(mailLetters.officeId, scope),
    filter.officeId ? eq(mailLetters.officeId, filter.officeId) : undefined,
    filter.clientId ? eq(mailLetters.clientId, filter.clientId) : undefined,
    filter.collectionAccountId ? eq(mailLetters.collectionAccountId, filter.collectionAccountId) : undefined,
    filter.batchId ? eq(mailLetters.batchId, filter.batchId) : undefined,
  );
}

/** Saved letters within the caller's MAIL READ offices, newest first ("All" streamed, see listPage). */
export async function findLetterPage<Item>(
  database: Pick<Database, 'db' | 'cursor'>,
  request: LetterListRequest,
  scope: { mail: Scope; clientNames: Scope },
  toItem: (row: LetterRow) => Item,
) {
  const { db } = database;
  const columns = letterColumns(scope.clientNames);
  const where = letterConditions(request, scope.mail);
  const direction = request.sortOrder === 'ASC' ? sql`asc` : sql`desc`;
  const rows = db
    .select(columns)
    .from(mailLetters)
    .where(where)
    .orderBy(sql`${mailLetters.createdAt} ${direction}`, mailLetters.id)
    .limit(request.pageSize)
    .offset(pageOffset(request.pageNumber, request.pageSize));
  return listPage(database, request, {
    rows,
    fields: columns,
    count: async () => Number((await db.select({ n: count() }).from(mailLetters).where(where))[0]?.n ?? 0),
    toItem: (row) => toItem(row as LetterRow),
  });
}

/** One stored letter within the caller's MAIL READ offices. */
export async function findLetter(
  db: Db,
  id: string,
  scope: { mail: Scope; clientNames: Scope },
): Promise<LetterRow | undefined> {
  const [row] = await db
    .select(letterColumns(scope.clientNames))
    .from(mailLetters)
    .where(
      and(eq(mailLetters.id, id), eq(mailLetters.status, 'STORED'), officeScopeSql(mailLetters.officeId, scope.mail)),
    );
  return row as LetterRow | undefined;
}

/** The office of a batch, for its letterhead. */
export async function findBatchOffice(db: Db, officeId: string) {
  const [row] = await db
    .select({
      name: offices.name,
      streetAddress: offices.streetAddress,
      city: offices.city,
      state: offices.state,
      zip: offices.zip,
      phone: offices.phone,
      email: offices.email,
      timeZone: offices.timeZone,
    })
    .from(offices)
    .where(eq(offices.id, officeId));
  return row;
}

/** Batches not finished: QUEUED or RUNNING (their job lost, or the process stopped mid-batch). */
export async function findUnfinishedBatches(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: mailLetterBatches.id })
    .from(mailLetterBatches)
    .where(inArray(mailLetterBatches.state, ['QUEUED', 'RUNNING']));
  return rows.map((r) => r.id);
}
