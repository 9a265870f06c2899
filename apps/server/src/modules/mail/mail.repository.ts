import type { Scope } from '@casedesk/contract/access/permissions';
import { pageOffset } from '@casedesk/contract/common/paging';
import type { MailListRequest, MailStatus } from '@casedesk/contract/mail/mail';
import type { SQL } from 'drizzle-orm';
import { and, asc, count, eq, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database, Db } from '../../platform/db/database.ts';
import { escapeLike } from '../../platform/db/like.ts';
import { listPage } from '../../platform/db/list-page.ts';
import { officeScopeSql } from '../../platform/db/office-scope.ts';
import { clients } from '../clients/clients.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { mailAttachments, mailOutbox } from './mail.tables.ts';

export type NewMail = typeof mailOutbox.$inferInsert;
export type MailRow = typeof mailOutbox.$inferSelect;
export type NewMailAttachment = Omit<typeof mailAttachments.$inferInsert, 'mailId'>;
export type MailAttachmentRow = typeof mailAttachments.$inferSelect;

/** The outbox row and its attachments' records, in the caller's transaction. */
export async function insertMail(db: Db, mail: NewMail, attachments: NewMailAttachment[] = []): Promise<MailRow> {
  const [row] = await db.insert(mailOutbox).values(mail).returning();
  if (attachments.length > 0) {
    await db.insert(mailAttachments).values(attachments.map((a) => ({ ...a, mailId: row!.id })));
  }
  return row!;
}

export interface OfficeRef {
  id: string;
  name: string;
  phone: string;
  email: string | null;
  streetAddress: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  status: 'ACTIVE' | 'INACTIVE';
  timeZone: string;
}

export async function findOffice(db: Db, id: string): Promise<OfficeRef | undefined> {
  const [row] = await db
    .select({
      id: offices.id,
      name: offices.name,
      phone: offices.phone,
      email: offices.email,
      streetAddress: offices.streetAddress,
      city: offices.city,
      state: offices.state,
      zip: offices.zip,
      status: offices.status,
      timeZone: offices.timeZone,
    })
    .from(offices)
    .where(eq(offices.id, id));
  return row;
}

/**
 * Takes an e-mail for one delivery attempt: a QUEUED one, or one whose earlier attempt's lease ran out (its
 * process died mid-send). The row lock of the UPDATE makes two runs at once take it once.
 */
export async function claimMail(db: Db, id: string, leaseUntil: Date): Promise<MailRow | undefined> {
  const [row] = await db
    .update(mailOutbox)
    .set({
      status: 'SENDING',
      attempts: sql`${mailOutbox.attempts} + 1`,
      claimedUntil: leaseUntil,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(mailOutbox.id, id),
        or(
          eq(mailOutbox.status, 'QUEUED'),
          and(eq(mailOutbox.status, 'SENDING'), lt(mailOutbox.claimedUntil, sql`now()`)),
        ),
      ),
    )
    .returning();
  return row;
}

export async function findMailStatus(db: Db, id: string): Promise<MailStatus | undefined> {
  const [row] = await db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, id));
  return row?.status;
}

export async function markMailSent(db: Db, id: string, smtpResponse: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: 'SENT',
      sentAt: sql`now()`,
      smtpResponse,
      lastError: null,
      claimedUntil: null,
      updatedAt: sql`now()`,
    })
    .where(eq(mailOutbox.id, id));
}

/** An attempt failed: back to QUEUED for the next retry, or FAILED when none is left. */
export async function markAttemptFailed(db: Db, id: string, error: string, final: boolean): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: final ? 'FAILED' : 'QUEUED', lastError: error, claimedUntil: null, updatedAt: sql`now()` })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'SENDING')));
}

/** A FAILED e-mail queued again (POST /mail/:id/retry); undefined when it is not FAILED (any more). */
export async function requeueFailedMail(db: Db, id: string): Promise<MailRow | undefined> {
  const [row] = await db
    .update(mailOutbox)
    .set({ status: 'QUEUED', updatedAt: sql`now()` })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'FAILED')))
    .returning();
  return row;
}

/** QUEUED e-mails stored between `since` and `before` (whose job may have been lost). */
export async function findStrandedQueued(db: Db, since: Date, before: Date): Promise<string[]> {
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        sql`${mailOutbox.status} in ('QUEUED', 'SENDING')`,
        sql`${mailOutbox.createdAt} >= ${since.toISOString()}::timestamptz`,
        sql`${mailOutbox.createdAt} < ${before.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(mailOutbox.createdAt))
    .limit(5_000);
  return rows.map((r) => r.id);
}

export async function findAttachmentsOf(db: Db, mailId: string): Promise<MailAttachmentRow[]> {
  return db
    .select()
    .from(mailAttachments)
    .where(eq(mailAttachments.mailId, mailId))
    .orderBy(asc(mailAttachments.position));
}

export async function findAttachment(
  db: Db,
  mailId: string,
  attachmentId: string,
): Promise<MailAttachmentRow | undefined> {
  const [row] = await db
    .select()
    .from(mailAttachments)
    .where(and(eq(mailAttachments.id, attachmentId), eq(mailAttachments.mailId, mailId)));
  return row;
}

const clientOffice = sql.raw('c.office_id');

/** A client's name, for a caller whose CLIENT_PROFILE READ reaches the client's office (reading mail is not reading the client). */
const clientName = (scope: Scope) => sql<string | null>`(select c.first_name || ' ' || c.last_name from clients c
  where c.id = ${mailOutbox.clientId} and ${officeScopeSql(clientOffice, scope) ?? sql`true`})`;
const officeName = sql<string | null>`(select o.name from offices o where o.id = ${mailOutbox.officeId})`;
const createdByName = sql<string | null>`(select u.display_name from users u where u.id = ${mailOutbox.createdById})`;
// The outbox row's id named with its table: Drizzle writes a one-table select's column bare, and a bare "id"
// inside this subquery would be the attachment's own (every count was 0).
const attachmentCount = sql<number>`(select count(*)::int from mail_attachments a where a.mail_id = mail_outbox.id)`;

const summaryColumns = (clientNames: Scope) => ({
  id: mailOutbox.id,
  officeId: mailOutbox.officeId,
  officeName,
  to: mailOutbox.toAddresses,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  clientId: mailOutbox.clientId,
  clientName: clientName(clientNames),
  collectionAccountId: mailOutbox.collectionAccountId,
  createdByName,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
  attachmentCount,
});
export interface MailSummaryRow {
  id: string;
  officeId: string | null;
  officeName: string | null;
  to: string[];
  subject: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  clientId: string | null;
  clientName: string | null;
  collectionAccountId: string | null;
  createdByName: string | null;
  createdAt: Date;
  sentAt: Date | null;
  attachmentCount: number;
}

const SORT_COLUMNS = {
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
  status: mailOutbox.status,
  subject: mailOutbox.subject,
  attempts: mailOutbox.attempts,
} as const;

function listConditions(request: MailListRequest, scope: Scope): SQL | undefined {
  const filter = request.filter ?? {};
  const keyword = filter.searchKeyword?.trim();
  const pattern = keyword ? `%${escapeLike(keyword)}%` : undefined;
  return and(
    officeScopeSql(mailOutbox.officeId, scope),
    filter.status ? eq(mailOutbox.status, filter.status) : undefined,
    filter.officeId ? eq(mailOutbox.officeId, filter.officeId) : undefined,
    filter.clientId ? eq(mailOutbox.clientId, filter.clientId) : undefined,
    filter.collectionAccountId ? eq(mailOutbox.collectionAccountId, filter.collectionAccountId) : undefined,
    pattern
      ? or(
          ilike(mailOutbox.subject, pattern),
          sql`exists (select 1 from unnest(${mailOutbox.toAddresses}) t where t ilike ${pattern})`,
        )
      : undefined,
  );
}

/** One page of the outbox within the caller's MAIL READ offices ("All" streamed, see listPage). */
export async function findMailPage<Item>(
  database: Pick<Database, 'db' | 'cursor'>,
  request: MailListRequest,
  scope: { mail: Scope; clientNames: Scope },
  toItem: (row: MailSummaryRow) => Item,
) {
  const { db } = database;
  const columns = summaryColumns(scope.clientNames);
  const direction = request.sortOrder === 'ASC' ? sql`asc nulls last` : sql`desc nulls last`;
  const order = request.sortBy
    ? [sql`${SORT_COLUMNS[request.sortBy]} ${direction}`]
    : [sql`${mailOutbox.createdAt} desc`];
  const where = listConditions(request, scope.mail);
  const rows = db
    .select(columns)
    .from(mailOutbox)
    .where(where)
    .orderBy(...order, mailOutbox.id)
    .limit(request.pageSize)
    .offset(pageOffset(request.pageNumber, request.pageSize));
  return listPage(database, request, {
    rows,
    fields: columns,
    count: async () => Number((await db.select({ n: count() }).from(mailOutbox).where(where))[0]?.n ?? 0),
    toItem: (row) => toItem(row as MailSummaryRow),
  });
}

/** One e-mail with its body, within the caller's MAIL READ offices; undefined outside them. */
export async function findMail(
  db: Db,
  id: string,
  scope: { mail: Scope; clientNames: Scope },
): Promise<(MailSummaryRow & { body: string }) | undefined> {
  const [row] = await db
    .select({ ...summaryColumns(scope.clientNames), body: mailOutbox.body })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, id), officeScopeSql(mailOutbox.officeId, scope.mail)));
  return row as (MailSummaryRow & { body: string }) | undefined;
}

/** The mail's row as stored (for the job), whatever its office. */
export async function findMailRow(db: Db, id: string): Promise<MailRow | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

/** The named clients that exist and are not merged away, with their office (the caller's scope is judged by the service). */
export async function findLiveClients(
  db: Db,
  ids: string[],
): Promise<{ id: string; officeId: string | null; firstName: string; lastName: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: clients.id, officeId: clients.officeId, firstName: clients.firstName, lastName: clients.lastName })
    .from(clients)
    .where(and(inArray(clients.id, ids), sql`${clients.mergedIntoId} is null`));
}
