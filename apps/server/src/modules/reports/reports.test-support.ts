import { addDays, dayOfWeekOf, instantOfWallTime, wallTimeOf } from '@casedesk/contract/appointments/zoned-time';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { TestApp } from '../../../test/support/test-app.ts';
import { SEEDED } from '../../../test/support/test-app.ts';
import { attorneys } from '../attorneys/attorneys.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';

/** A report CSV's two parts: the heading (label → value, the title under 'Report') and the table's lines. */
export function csvReport(body: string): { heading: Record<string, string>; table: string[] } {
  const [above, below] = body.replace(/^\ufeff/, '').split('\r\n\r\n');
  const lines = above!.split('\r\n');
  const heading: Record<string, string> = { Report: lines[0]! };
  for (const line of lines.slice(1)) {
    const [label, ...value] = line.split(',');
    heading[label!] = value.join(',').replace(/^"|"$/g, '');
  }
  return { heading, table: below!.trim().split('\r\n') };
}

/** An XLSX report's rows as arrays of values (ExcelJS's leading undefined dropped). */
export async function xlsxRows(payload: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** A request as a user (null: no token), for the report tests. */
export function sender(t: TestApp) {
  return async (method: 'POST' | 'PUT', url: string, as: string | null, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: as ? await t.authFor(as) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** Seeded attorneys: Avery in Los Angeles (the manager's office) and one in Dallas (outside it). */
export async function attorneyRefs(t: TestApp) {
  const rows = await t
    .db()
    .select({ id: attorneys.id, mail: users.mail, office: offices.name, officeId: offices.id })
    .from(attorneys)
    .innerJoin(users, eq(users.id, attorneys.userId))
    .innerJoin(offices, eq(offices.id, attorneys.officeId));
  return {
    avery: rows.find((r) => r.mail === SEEDED.attorney)!,
    dallas: rows.find((r) => r.office === 'Dallas')!,
  };
}

export const LA = 'America/Los_Angeles';

/** A Tuesday `weeksAhead` weeks or more from now, beyond the seeded appointments, as yyyy-MM-dd. */
export function futureTuesday(weeksAhead: number, now = new Date()): string {
  let date = addDays(wallTimeOf(now, LA).date, weeksAhead * 7);
  while (dayOfWeekOf(date) !== 2) date = addDays(date, 1);
  return date;
}

/** The instant of a wall-clock time in Los Angeles. */
export function la(date: string, clock: string): string {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  return instantOfWallTime(date, h * 60 + m, LA)!.toISOString();
}

/** The offices and users the review tests name. */
export async function officeAndUserRefs(t: TestApp) {
  const officeRows = await t.db().select().from(offices);
  const userRows = await t.db().select({ id: users.id, mail: users.mail }).from(users);
  const office = (name: string) => officeRows.find((o) => o.name === name)!;
  return {
    la: office('Los Angeles'),
    lv: office('Las Vegas'),
    userId: (mail: string) => userRows.find((u) => u.mail === mail)!.id,
  };
}

let nextNumber = 0;
/** A phone number no other test of this process uses. */
export function freshNumber(): string {
  nextNumber += 1;
  return `${String(201 + (process.pid % 700)).padStart(3, '0')}556${String(9000 + nextNumber).slice(-4)}`;
}
