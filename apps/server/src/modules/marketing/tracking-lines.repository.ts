import type { Scope } from '@casedesk/contract/access/permissions';
import { pageOffset } from '@casedesk/contract/common/paging';
import type {
  TrackingLineColumnId,
  TrackingLineListRequest,
  TrackingLineMapping,
  TrackingLineRow,
  TrackingLineType,
} from '@casedesk/contract/marketing/tracking-line';
import type { SQL } from 'drizzle-orm';
import { and, asc, count, desc, eq, ilike, inArray, like, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../../platform/db/database.ts';
import { listPage } from '../../platform/db/list-page.ts';
import { escapeLike } from '../../platform/db/like.ts';
import { officeScopeSql } from '../../platform/db/office-scope.ts';
import { offices } from '../offices/offices.tables.ts';
import { mappingInForceAt, trackingLineMappings, trackingLines } from './marketing.tables.ts';

/** A line and the mapping in force at a call's time, as the calls module stores and shows it. */
export interface TrackingLine {
  id: string;
  mappingId: string;
  dnis: string;
  source: string;
  pointTo: string;
  officeId: string;
}

const pointToOffices = alias(offices, 'point_to_offices');

/** The active line of a dialed number and the mapping in force at `at` (none in force: no line). */
export async function findLineInForce(db: Db, dnis: string, at: Date): Promise<TrackingLine | undefined> {
  const [row] = await db
    .select({
      id: trackingLines.id,
      mappingId: trackingLineMappings.id,
      dnis: trackingLines.dnis,
      source: trackingLineMappings.source,
      pointTo: pointToOffices.name,
      officeId: trackingLineMappings.officeId,
    })
    .from(trackingLines)
    .innerJoin(trackingLineMappings, mappingInForceAt(trackingLines.id, sql`${at.toISOString()}::timestamptz`))
    .innerJoin(pointToOffices, eq(pointToOffices.id, trackingLineMappings.pointToOfficeId))
    .where(and(eq(trackingLines.dnis, dnis), eq(trackingLines.active, true)))
    .limit(1);
  return row;
}

/** The office whose own main number was dialed, for calls that came in on no tracking line. */
export async function findOfficeIdByPhone(db: Db, phone: string): Promise<string | undefined> {
  const [row] = await db.select({ id: offices.id }).from(offices).where(eq(offices.phone, phone)).limit(1);
  return row?.id;
}

export interface MappingValues {
  source: string;
  campaign: string;
  type: TrackingLineType;
  pointToOfficeId: string;
  officeId: string;
  effectiveFrom: Date;
  createdById: string | null;
}

/** A new line with its first mapping; undefined when an active line has the number already. */
export async function insertLine(tx: Db, dnis: string, mapping: MappingValues): Promise<string | undefined> {
  const [line] = await tx
    .insert(trackingLines)
    .values({ dnis })
    .onConflictDoNothing({ target: trackingLines.dnis, where: sql`${trackingLines.active}` })
    .returning({ id: trackingLines.id });
  if (!line) return undefined;
  await insertMapping(tx, line.id, mapping);
  return line.id;
}

export async function insertMapping(tx: Db, trackingLineId: string, mapping: MappingValues): Promise<string> {
  const [row] = await tx
    .insert(trackingLineMappings)
    .values({ trackingLineId, ...mapping })
    .returning({ id: trackingLineMappings.id });
  return row!.id;
}

/** Ends a mapping at `at` (a mapping is only ever closed, never rewritten). */
export async function closeMapping(tx: Db, mappingId: string, at: Date): Promise<void> {
  await tx.update(trackingLineMappings).set({ effectiveTo: at }).where(eq(trackingLineMappings.id, mappingId));
}

export async function setLineInactive(tx: Db, id: string, at: Date): Promise<void> {
  await tx.update(trackingLines).set({ active: false, deactivatedAt: at }).where(eq(trackingLines.id, id));
}

/** Locks the line so two re-maps of it cannot both close the same mapping. */
export async function lockLine(tx: Db, id: string): Promise<{ id: string; active: boolean } | undefined> {
  const [row] = await tx
    .select({ id: trackingLines.id, active: trackingLines.active })
    .from(trackingLines)
    .where(eq(trackingLines.id, id))
    .for('update');
  return row;
}

const mappingColumns = {
  id: trackingLineMappings.id,
  source: trackingLineMappings.source,
  campaign: trackingLineMappings.campaign,
  type: trackingLineMappings.type,
  pointToOfficeId: trackingLineMappings.pointToOfficeId,
  pointTo: pointToOffices.name,
  officeId: trackingLineMappings.officeId,
  officeName: offices.name,
  effectiveFrom: trackingLineMappings.effectiveFrom,
  effectiveTo: trackingLineMappings.effectiveTo,
};

type MappingRecord = Omit<TrackingLineMapping, 'effectiveFrom' | 'effectiveTo'> & {
  effectiveFrom: Date;
  effectiveTo: Date | null;
};

function toMapping(row: MappingRecord): TrackingLineMapping {
  return {
    ...row,
    effectiveFrom: row.effectiveFrom.toISOString(),
    effectiveTo: row.effectiveTo?.toISOString() ?? null,
  };
}

/** A line's mapping versions, newest first. */
export async function findMappings(db: Db, trackingLineId: string): Promise<TrackingLineMapping[]> {
  const rows = await db
    .select(mappingColumns)
    .from(trackingLineMappings)
    .innerJoin(pointToOffices, eq(pointToOffices.id, trackingLineMappings.pointToOfficeId))
    .innerJoin(offices, eq(offices.id, trackingLineMappings.officeId))
    .where(eq(trackingLineMappings.trackingLineId, trackingLineId))
    .orderBy(desc(trackingLineMappings.effectiveFrom));
  return rows.map(toMapping);
}

/** The latest mapping of each line: the one in force, or the scheduled one that follows it. */
const latestMapping = and(
  eq(trackingLineMappings.trackingLineId, trackingLines.id),
  eq(
    trackingLineMappings.effectiveFrom,
    sql`(select max(m2.effective_from) from tracking_line_mappings m2 where m2.tracking_line_id = ${trackingLines.id})`,
  ),
);

const rowColumns = {
  ...mappingColumns,
  id: trackingLines.id,
  mappingId: trackingLineMappings.id,
  dnis: trackingLines.dnis,
  active: trackingLines.active,
};

type LineRecord = Omit<TrackingLineRow, 'effectiveFrom' | 'effectiveTo'> & {
  effectiveFrom: Date;
  effectiveTo: Date | null;
};

function toRow(row: LineRecord): TrackingLineRow {
  return {
    ...row,
    effectiveFrom: row.effectiveFrom.toISOString(),
    effectiveTo: row.effectiveTo?.toISOString() ?? null,
  };
}

function joinedLines<T extends ReturnType<Db['select']>>(query: T) {
  return query
    .from(trackingLines)
    .innerJoin(trackingLineMappings, latestMapping)
    .innerJoin(pointToOffices, eq(pointToOffices.id, trackingLineMappings.pointToOfficeId))
    .innerJoin(offices, eq(offices.id, trackingLineMappings.officeId));
}

/** One line with its latest mapping, whatever the scope (the service judges it). */
export async function findLine(db: Db, id: string): Promise<TrackingLineRow | undefined> {
  const [row] = await joinedLines(db.select(rowColumns)).where(eq(trackingLines.id, id)).limit(1);
  return row ? toRow(row as LineRecord) : undefined;
}

const SORT_COLUMNS: Record<TrackingLineColumnId, SQL> = {
  dnis: sql`${trackingLines.dnis}`,
  source: sql`${trackingLineMappings.source}`,
  campaign: sql`${trackingLineMappings.campaign}`,
  type: sql`${trackingLineMappings.type}`,
  pointTo: sql`${pointToOffices.name}`,
  office: sql`${offices.name}`,
  effectiveFrom: sql`${trackingLineMappings.effectiveFrom}`,
};

function lineConditions(request: TrackingLineListRequest, scope: Scope): SQL | undefined {
  const filter = request.filter ?? {};
  const conditions: (SQL | undefined)[] = [officeScopeSql(trackingLineMappings.officeId, scope)];
  if (!filter.includeInactive) conditions.push(eq(trackingLines.active, true));
  if (filter.type) conditions.push(eq(trackingLineMappings.type, filter.type));
  const keyword = filter.searchKeyword?.trim();
  if (keyword) {
    const pattern = `%${escapeLike(keyword)}%`;
    const digits = keyword.replace(/\D/g, '');
    conditions.push(
      or(
        ilike(trackingLineMappings.source, pattern),
        ilike(trackingLineMappings.campaign, pattern),
        digits.length >= 3 ? like(trackingLines.dnis, `%${digits}%`) : undefined,
      ),
    );
  }
  return and(...conditions);
}

/** A page of lines with their latest mapping, within the caller's office scope. */
export async function findLinePage(
  database: Pick<Database, 'db' | 'cursor'>,
  request: TrackingLineListRequest,
  scope: Scope,
) {
  const { db } = database;
  const direction = request.sortOrder === 'DESC' ? sql`desc` : sql`asc`;
  const sortBy = request.sortBy as TrackingLineColumnId | undefined;
  const order =
    sortBy && SORT_COLUMNS[sortBy]
      ? sql`${SORT_COLUMNS[sortBy]} ${direction}`
      : sql`${trackingLineMappings.source} asc`;
  const where = lineConditions(request, scope);
  const rows = joinedLines(db.select(rowColumns))
    .where(where)
    .orderBy(order, trackingLines.dnis, trackingLines.id)
    .limit(request.pageSize)
    .offset(pageOffset(request.pageNumber, request.pageSize));
  return listPage(database, request, {
    rows,
    fields: rowColumns,
    count: async () => Number((await joinedLines(db.select({ n: count() })).where(where))[0]?.n ?? 0),
    toItem: (row) => toRow(row as LineRecord),
  });
}

/** Active lines per type (of their latest mapping) within the scope. */
export async function countLinesByType(db: Db, scope: Scope): Promise<{ type: TrackingLineType; count: number }[]> {
  const rows = await db
    .select({ type: trackingLineMappings.type, count: count() })
    .from(trackingLines)
    .innerJoin(trackingLineMappings, latestMapping)
    .where(and(eq(trackingLines.active, true), officeScopeSql(trackingLineMappings.officeId, scope)))
    .groupBy(trackingLineMappings.type)
    .orderBy(asc(trackingLineMappings.type));
  return rows.map((r) => ({ type: r.type, count: Number(r.count) }));
}

/** Which of these offices exist. */
export async function existingOfficeIds(db: Db, ids: string[]): Promise<Set<string>> {
  const rows = await db.select({ id: offices.id }).from(offices).where(inArray(offices.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** Every line whose latest mapping gives its calls to this office, active ones first, by number. */
export async function findLinesOfOffice(db: Db, officeId: string): Promise<TrackingLineRow[]> {
  const rows = await joinedLines(db.select(rowColumns))
    .where(eq(trackingLineMappings.officeId, officeId))
    .orderBy(desc(trackingLines.active), asc(trackingLines.dnis));
  return rows.map((row) => toRow(row as LineRecord));
}
