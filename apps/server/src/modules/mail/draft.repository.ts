import type { Scope } from '@casedesk/contract/access/permissions';
import { pageOffset } from '@casedesk/contract/common/paging';
import type { DraftKind, DraftListRequest, DraftStatus } from '@casedesk/contract/mail/draft';
import type { SQL } from 'drizzle-orm';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../../platform/db/database.ts';
import { listPage } from '../../platform/db/list-page.ts';
import { officeScopeSql } from '../../platform/db/office-scope.ts';
import { mailDraftAttachments, mailDrafts } from './draft.tables.ts';

export type DraftRecord = typeof mailDrafts.$inferSelect;
export type NewDraft = typeof mailDrafts.$inferInsert;
export type DraftAttachmentRow = typeof mailDraftAttachments.$inferSelect;
export type NewDraftAttachment = Omit<typeof mailDraftAttachments.$inferInsert, 'draftId'>;

/** The content a PUT writes (the rest is the draft's history: who, when, approval, outcome). */
export type DraftContent = Pick<
  NewDraft,
  'kind' | 'officeId' | 'clientId' | 'collectionAccountId' | 'templateId' | 'toAddresses' | 'subject' | 'body'
>;

export async function insertDraft(tx: Db, draft: NewDraft): Promise<DraftRecord> {
  const [row] = await tx.insert(mailDrafts).values(draft).returning();
  return row!;
}

/** Replaces the content of a draft still DRAFT, adding the writer; undefined when it is not (any more). */
export async function updateDraftContent(
  tx: Db,
  id: string,
  content: DraftContent,
  writerId: string,
): Promise<DraftRecord | undefined> {
  const [row] = await tx
    .update(mailDrafts)
    .set({
      ...content,
      writerIds: sql`case when ${writerId}::uuid = any(${mailDrafts.writerIds}) then ${mailDrafts.writerIds}
        else array_append(${mailDrafts.writerIds}, ${writerId}::uuid) end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(mailDrafts.id, id), eq(mailDrafts.status, 'DRAFT')))
    .returning();
  return row;
}

/** The draft's attachments become exactly these, in this order (kept ones keep their ids, so their bytes). */
export async function replaceDraftAttachments(tx: Db, draftId: string, rows: NewDraftAttachment[]): Promise<void> {
  await tx.delete(mailDraftAttachments).where(eq(mailDraftAttachments.draftId, draftId));
  if (rows.length > 0) await tx.insert(mailDraftAttachments).values(rows.map((r) => ({ ...r, draftId })));
}

/** The draft as stored, locked for the rest of the transaction (approval, send and print take it so). */
export async function lockDraft(tx: Db, id: string): Promise<DraftRecord | undefined> {
  const [row] = await tx.select().from(mailDrafts).where(eq(mailDrafts.id, id)).for('update');
  return row;
}

export async function findDraftRecord(db: Db, id: string): Promise<DraftRecord | undefined> {
  const [row] = await db.select().from(mailDrafts).where(eq(mailDrafts.id, id));
  return row;
}

export async function findDraftAttachments(db: Db, draftId: string): Promise<DraftAttachmentRow[]> {
  return db
    .select()
    .from(mailDraftAttachments)
    .where(eq(mailDraftAttachments.draftId, draftId))
    .orderBy(asc(mailDraftAttachments.position));
}

export async function findDraftAttachment(
  db: Db,
  draftId: string,
  attachmentId: string,
): Promise<DraftAttachmentRow | undefined> {
  const [row] = await db
    .select()
    .from(mailDraftAttachments)
    .where(and(eq(mailDraftAttachments.id, attachmentId), eq(mailDraftAttachments.draftId, draftId)));
  return row;
}

/** Removes a draft still DRAFT with its attachments' rows; false when it is not (any more). */
export async function deleteUnapprovedDraft(tx: Db, id: string): Promise<boolean> {
  const rows = await tx
    .delete(mailDrafts)
    .where(and(eq(mailDrafts.id, id), eq(mailDrafts.status, 'DRAFT')))
    .returning({ id: mailDrafts.id });
  return rows.length > 0;
}

/** Records the approval of a locked DRAFT (the four-eyes check constraint holds it too). */
export async function markDraftApproved(tx: Db, id: string, approvedById: string, contentHash: string) {
  const [row] = await tx
    .update(mailDrafts)
    .set({ status: 'APPROVED', approvedById, approvedAt: sql`now()`, contentHash })
    .where(and(eq(mailDrafts.id, id), eq(mailDrafts.status, 'DRAFT')))
    .returning();
  return row;
}

/** Records what an approved draft made; only once, and only for the content that was approved. */
export async function markDraftCompleted(
  tx: Db,
  id: string,
  outcome: { status: 'SENT'; mailId: string } | { status: 'PRINTED'; letterId: string },
  completedById: string,
  contentHash: string,
): Promise<boolean> {
  const rows = await tx
    .update(mailDrafts)
    .set({ ...outcome, completedById, completedAt: sql`now()` })
    .where(and(eq(mailDrafts.id, id), eq(mailDrafts.status, 'APPROVED'), eq(mailDrafts.contentHash, contentHash)))
    .returning({ id: mailDrafts.id });
  return rows.length > 0;
}

/**
 * A column of the outer row inside a correlated subquery, named with its table: Drizzle writes a column of a
 * one-table select without it, and `"id"` inside `from mail_draft_attachments a` would be the attachment's own.
 */
const outer = (column: 'id' | 'office_id' | 'client_id' | UserColumn) => sql.raw(`"mail_drafts"."${column}"`);
type UserColumn = 'created_by_id' | 'approved_by_id' | 'completed_by_id';

const nameOf = (column: UserColumn) =>
  sql<string | null>`(select u.display_name from users u where u.id = ${outer(column)})`;

/** A client's name for a caller whose CLIENT_PROFILE READ reaches the client's office. */
const clientName = (scope: Scope) => sql<string | null>`(select c.first_name || ' ' || c.last_name from clients c
  where c.id = ${outer('client_id')} and ${officeScopeSql(sql.raw('c.office_id'), scope) ?? sql`true`})`;

const summaryColumns = (clientNames: Scope) => ({
  id: mailDrafts.id,
  kind: mailDrafts.kind,
  status: mailDrafts.status,
  officeId: mailDrafts.officeId,
  officeName: sql<string>`(select o.name from offices o where o.id = ${outer('office_id')})`,
  clientId: mailDrafts.clientId,
  clientName: clientName(clientNames),
  collectionAccountId: mailDrafts.collectionAccountId,
  templateId: mailDrafts.templateId,
  to: mailDrafts.toAddresses,
  subject: mailDrafts.subject,
  attachmentCount: sql<number>`(select count(*)::int from mail_draft_attachments a where a.draft_id = ${outer('id')})`,
  createdById: mailDrafts.createdById,
  createdByName: nameOf('created_by_id'),
  createdAt: mailDrafts.createdAt,
  updatedAt: mailDrafts.updatedAt,
  approvedById: mailDrafts.approvedById,
  approvedByName: nameOf('approved_by_id'),
  approvedAt: mailDrafts.approvedAt,
  contentHash: mailDrafts.contentHash,
  mailId: mailDrafts.mailId,
  letterId: mailDrafts.letterId,
  completedByName: nameOf('completed_by_id'),
  completedAt: mailDrafts.completedAt,
});

export interface DraftSummaryRow {
  id: string;
  kind: DraftKind;
  status: DraftStatus;
  officeId: string;
  officeName: string;
  clientId: string | null;
  clientName: string | null;
  collectionAccountId: string | null;
  templateId: string | null;
  to: string[];
  subject: string;
  attachmentCount: number;
  createdById: string;
  createdByName: string | null;
  createdAt: Date;
  updatedAt: Date;
  approvedById: string | null;
  approvedByName: string | null;
  approvedAt: Date | null;
  contentHash: string | null;
  mailId: string | null;
  letterId: string | null;
  completedByName: string | null;
  completedAt: Date | null;
}

const SORT_COLUMNS = {
  createdAt: mailDrafts.createdAt,
  updatedAt: mailDrafts.updatedAt,
  status: mailDrafts.status,
  subject: mailDrafts.subject,
} as const;

function listConditions(request: DraftListRequest, scope: Scope): SQL | undefined {
  const filter = request.filter ?? {};
  return and(
    officeScopeSql(mailDrafts.officeId, scope),
    filter.status ? eq(mailDrafts.status, filter.status) : undefined,
    filter.kind ? eq(mailDrafts.kind, filter.kind) : undefined,
    filter.officeId ? eq(mailDrafts.officeId, filter.officeId) : undefined,
    filter.clientId ? eq(mailDrafts.clientId, filter.clientId) : undefined,
    filter.collectionAccountId ? eq(mailDrafts.collectionAccountId, filter.collectionAccountId) : undefined,
  );
}

/** One page of the drafts within the caller's MAIL READ offices ("All" streamed, see listPage). */
export async function findDraftPage<Item>(
  database: Pick<Database, 'db' | 'cursor'>,
  request: DraftListRequest,
  scope: { mail: Scope; clientNames: Scope },
  toItem: (row: DraftSummaryRow) => Item,
) {
  const { db } = database;
  const columns = summaryColumns(scope.clientNames);
  const direction = request.sortOrder === 'ASC' ? sql`asc nulls last` : sql`desc nulls last`;
  const order = request.sortBy
    ? [sql`${SORT_COLUMNS[request.sortBy]} ${direction}`]
    : [sql`${mailDrafts.createdAt} desc`];
  const where = listConditions(request, scope.mail);
  const rows = db
    .select(columns)
    .from(mailDrafts)
    .where(where)
    .orderBy(...order, mailDrafts.id)
    .limit(request.pageSize)
    .offset(pageOffset(request.pageNumber, request.pageSize));
  return listPage(database, request, {
    rows,
    fields: columns,
    count: async () => Number((await db.select({ n: count() }).from(mailDrafts).where(where))[0]?.n ?? 0),
    toItem: (row) => toItem(row as DraftSummaryRow),
  });
}

/** One draft with its body, within the offices of `scope.mail`; undefined outside them. */
export async function findDraft(
  db: Db,
  id: string,
  scope: { mail: Scope; clientNames: Scope },
): Promise<(DraftSummaryRow & { body: string }) | undefined> {
  const [row] = await db
    .select({ ...summaryColumns(scope.clientNames), body: mailDrafts.body })
    .from(mailDrafts)
    .where(and(eq(mailDrafts.id, id), officeScopeSql(mailDrafts.officeId, scope.mail)));
  return row as (DraftSummaryRow & { body: string }) | undefined;
}
