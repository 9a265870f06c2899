import type { Scope } from '@casedesk/contract/access/permissions';
import { pageOffset } from '@casedesk/contract/common/paging';
import type {
  OfficeColumnId,
  OfficeDetail,
  OfficeListRequest,
  OfficeRow,
  OfficeStatus,
  OfficeWrite,
} from '@casedesk/contract/offices/office';
import type { SQL } from 'drizzle-orm';
import { and, count, eq, ilike, like, or, sql } from 'drizzle-orm';
import type { Database, Db } from '../../platform/db/database.ts';
import { listPage } from '../../platform/db/list-page.ts';
import { escapeLike } from '../../platform/db/like.ts';
import { officeScopeSql } from '../../platform/db/office-scope.ts';
import { offices } from './offices.tables.ts';

const rowColumns = {
  id: offices.id,
  name: offices.name,
  phone: offices.phone,
  lmsOfficeId: offices.lmsOfficeId,
  state: offices.state,
  streetAddress: offices.streetAddress,
  city: offices.city,
  zip: offices.zip,
  email: offices.email,
  status: offices.status,
  officeType: offices.officeType,
};

const detailColumns = {
  ...rowColumns,
  smsNumber: offices.smsNumber,
  outboundCallerId: offices.outboundCallerId,
  timeZone: offices.timeZone,
};

const SORT_COLUMNS: Record<OfficeColumnId, SQL> = Object.fromEntries(
  Object.entries(rowColumns)
    .filter(([id]) => id !== 'id')
    .map(([id, column]) => [id, sql`${column}`]),
) as Record<OfficeColumnId, SQL>;

/** The list filter; the caller's OFFICE READ scope is always part of it (DESIGN §3: in the query). */
function listConditions(request: OfficeListRequest, scope: Scope): SQL | undefined {
  const filter = request.filter ?? {};
  const conditions: (SQL | undefined)[] = [officeScopeSql(offices.id, scope)];
  const keyword = filter.searchKeyword?.trim();
  if (keyword) {
    const pattern = `%${escapeLike(keyword)}%`;
    const digits = keyword.replace(/\D/g, '');
    conditions.push(
      or(
        ilike(offices.name, pattern),
        ilike(offices.lmsOfficeId, pattern),
        ilike(offices.city, pattern),
        ilike(offices.state, pattern),
        ilike(offices.email, pattern),
        ilike(offices.streetAddress, pattern),
        digits.length >= 3 ? like(offices.phone, `%${digits}%`) : undefined,
      ),
    );
  }
  if (filter.status) conditions.push(eq(offices.status, filter.status));
  if (filter.officeType) conditions.push(eq(offices.officeType, filter.officeType));
  return and(...conditions);
}

/** One page of offices within the scope, by name unless sorted ("All" streamed, see listPage). */
export async function findOfficePage(
  database: Pick<Database, 'db' | 'cursor'>,
  request: OfficeListRequest,
  scope: Scope,
) {
  const { db } = database;
  if (scope.kind === 'none')
    return { items: [], totalCount: 0, pageNumber: request.pageNumber, pageSize: request.pageSize };
  const direction = request.sortOrder === 'DESC' ? sql`desc nulls last` : sql`asc nulls last`;
  const order = request.sortBy ? sql`${SORT_COLUMNS[request.sortBy]} ${direction}` : sql`${offices.name} asc`;
  const where = listConditions(request, scope);
  const rows = db
    .select(rowColumns)
    .from(offices)
    .where(where)
    .orderBy(order, offices.id)
    .limit(request.pageSize)
    .offset(pageOffset(request.pageNumber, request.pageSize));
  return listPage(database, request, {
    rows,
    fields: rowColumns,
    count: async () => Number((await db.select({ n: count() }).from(offices).where(where))[0]?.n ?? 0),
    toItem: (row) => row as OfficeRow,
  });
}

/** One office inside the scope; `forUpdate` locks it for the transaction's change. */
export async function findOffice(
  db: Db,
  id: string,
  scope: Scope,
  forUpdate = false,
): Promise<OfficeDetail | undefined> {
  if (scope.kind === 'none') return undefined;
  const query = db
    .select(detailColumns)
    .from(offices)
    .where(and(eq(offices.id, id), officeScopeSql(offices.id, scope)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function insertOffice(db: Db, values: OfficeWrite): Promise<OfficeDetail> {
  const [row] = await db.insert(offices).values(values).returning(detailColumns);
  return row!;
}

export async function updateOffice(db: Db, id: string, values: OfficeWrite | { status: OfficeStatus }) {
  const [row] = await db.update(offices).set(values).where(eq(offices.id, id)).returning(detailColumns);
  return row;
}
