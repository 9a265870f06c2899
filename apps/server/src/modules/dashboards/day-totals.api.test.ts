import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { createTestApp } from '../../../test/support/test-app.ts';

/*
 * The running day counts the corporate dashboard reads (appointment_day_totals, lead_day_totals) against the
 * rows counted from scratch: after the seed, and after statements of every kind a writer sends — inserts of
 * several rows, a stage change, a move to another day and office, a soft delete, an undelete and a delete.
 */
let t: TestApp;

async function appointmentTotals() {
  return t.database.query(
    `select office_id, day::text, stage_id, appointments::int from appointment_day_totals
     where appointments <> 0 order by 1, 2, 3`,
  );
}

async function appointmentsFromScratch() {
  return t.database.query(
    `select office_id, ((appointment_date_time at time zone 'UTC')::date)::text as day, stage_id,
            count(*)::int as appointments
     from appointments where deleted_at is null group by 1, 2, 3 order by 1, 2, 3`,
  );
}

async function leadTotals() {
  return t.database.query(
    `select office_id, day::text, leads::int from lead_day_totals where leads <> 0 order by 1, 2`,
  );
}

async function leadsFromScratch() {
  return t.database.query(
    `select office_id, ((created_at at time zone 'UTC')::date)::text as day, count(*)::int as leads
     from inquiries group by 1, 2 order by 1, 2`,
  );
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('the running day counts', () => {
  it('equal the appointments and leads counted from scratch after the seed', async () => {
    const appointments = await appointmentsFromScratch();
    expect(appointments.length).toBeGreaterThan(0);
    expect(await appointmentTotals()).toEqual(appointments);
    const leads = await leadsFromScratch();
    expect(leads.length).toBeGreaterThan(0);
    expect(await leadTotals()).toEqual(leads);
  });

  it('follow appointments inserted, moved, restaged, soft-deleted, restored and deleted', async () => {
    const [office, other] = await t.database.query<{ id: string }>(`select id from offices order by name limit 2`);
    const [seed] = await t.database.query<{ client_id: string; attorney_id: string }>(
      `select client_id, attorney_id from appointments limit 1`,
    );
    const added = await t.database.query<{ id: string }>(
      `insert into appointments (client_id, attorney_id, office_id, appointment_date_time, stage_id)
       select $1, $2, $3, timestamptz '2025-03-09 23:30:00+00' + make_interval(hours => n), 117
       from generate_series(0, 4) n returning id`,
      [seed!.client_id, seed!.attorney_id, office!.id],
    );
    const ids = added.map((a) => a.id);
    await t.database.query(`update appointments set stage_id = 118 where id = any($1::uuid[])`, [ids.slice(0, 2)]);
    await t.database.query(
      `update appointments set appointment_date_time = appointment_date_time + interval '3 days', office_id = $2
       where id = $1`,
      [ids[2], other!.id],
    );
    await t.database.query(`update appointments set notes = 'no move' where id = any($1::uuid[])`, [ids]);
    await t.database.query(`update appointments set deleted_at = now() where id = any($1::uuid[])`, [ids.slice(3)]);
    await t.database.query(`update appointments set deleted_at = null where id = $1`, [ids[4]]);
    await t.database.query(`delete from appointments where id = $1`, [ids[1]]);
    expect(await appointmentTotals()).toEqual(await appointmentsFromScratch());
  });

  it('follow leads inserted, moved to another office and day, and deleted', async () => {
    const [office, other] = await t.database.query<{ id: string }>(`select id from offices order by name limit 2`);
    const [seed] = await t.database.query<{ client_id: string }>(`select client_id from inquiries limit 1`);
    const added = await t.database.query<{ id: string }>(
      `insert into inquiries (client_id, office_id, created_at)
       select $1, $2, timestamptz '2025-11-02 06:00:00+00' + make_interval(hours => 6 * n)
       from generate_series(0, 3) n returning id`,
      [seed!.client_id, office!.id],
    );
    const ids = added.map((a) => a.id);
    await t.database.query(
      `update inquiries set office_id = $2, created_at = created_at - interval '1 day' where id = $1`,
      [ids[0], other!.id],
    );
    await t.database.query(`update inquiries set office_id = null where id = $1`, [ids[1]]);
    await t.database.query(`delete from inquiries where id = $1`, [ids[2]]);
    expect(await leadTotals()).toEqual(await leadsFromScratch());
  });
});
