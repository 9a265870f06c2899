import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { smsMessages } from './sms.tables.ts';

export interface AutomatedTextContext {
  /** The office's SMS number, null when the office is gone or inactive. */
  fromNumber: string | null;
  optedOut: boolean;
  categoryId: string | null;
  reasonId: string | null;
}

/**
 * What an automated text needs, in one round trip: the office's number, whether the recipient opted out, and the
 * category and reason it is filed under (the named active option, else the first active one of the category type).
 */
export async function findAutomatedTextContext(
  db: Db,
  lookup: { officeId: string; toNumber: string; category: string; categoryType: string; reason: string },
): Promise<AutomatedTextContext> {
  const result = (await db.execute(sql`select
      (select o.sms_number from offices o where o.id = ${lookup.officeId}::uuid and o.status = 'ACTIVE') as from_number,
      coalesce((select s.opted_out from sms_opt_outs s where s.phone_number = ${lookup.toNumber}), false) as opted_out,
      (select d.id from dropdown_options d
        where d.dropdown_type = 'SMS_CATEGORY' and d.active
          and (d.value = ${lookup.category} or d.group_type = ${lookup.categoryType})
        order by (d.value = ${lookup.category}) desc, d.sort_order, d.value limit 1) as category_id,
      (select d.id from dropdown_options d
        where d.dropdown_type = 'SMS_REASON' and d.active and d.value = ${lookup.reason} limit 1) as reason_id`)) as unknown as {
    rows: { from_number: string | null; opted_out: boolean; category_id: string | null; reason_id: string | null }[];
  };
  const row = result.rows[0]!;
  return {
    fromNumber: row.from_number,
    optedOut: row.opted_out === true,
    categoryId: row.category_id,
    reasonId: row.reason_id,
  };
}

export type AutomatedRow = Omit<typeof smsMessages.$inferInsert, 'id' | 'participantNumber'>;

export async function insertAutomatedText(db: Db, row: AutomatedRow): Promise<string> {
  const [inserted] = await db.insert(smsMessages).values(row).returning({ id: smsMessages.id });
  return inserted!.id;
}
