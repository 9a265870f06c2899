import type { Faker } from '@faker-js/faker';
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { calls } from '../modules/calls/calls.tables.ts';
import { clients } from '../modules/clients/clients.tables.ts';
import { inquiries } from '../modules/inquiries/inquiries.tables.ts';
import { offices } from '../modules/offices/offices.tables.ts';
import type { TrackingLine } from '../modules/marketing/tracking-lines.repository.ts';
import { addTrackingLines } from '../modules/marketing/tracking-lines.service.ts';
import { DEMO_LINES_FROM, DEMO_TRACKING_LINES } from '../modules/marketing/marketing.seed-data.ts';
import { users } from '../modules/users/users.tables.ts';
import type { Db } from '../platform/db/database.ts';

const INBOUND_RESOLUTIONS = [
  'Intake taken',
  'Appointment set',
  'Callback requested',
  'Existing client',
  'Not a case',
  'Referred out',
];
const OUTBOUND_RESOLUTIONS = ['Left voicemail', 'No answer', 'Appointment confirmed', 'Follow-up done', 'Intake taken'];
const BATCH = 500;

/**
 * Calls demo data: the tracking lines, then the details of the calls inquiries.seed.ts wrote (office,
 * title, operator, resolution, tracking line, duplicate flag), then a few calls happening right now so
 * the ongoing highlight (SPEC §4) shows on a fresh demo.
 */
export async function seedCalls(db: Db, faker: Faker): Promise<void> {
  const officeRows = await db
    .select({ id: offices.id, name: offices.name, outboundCallerId: offices.outboundCallerId })
    .from(offices);
  const officeId = (name: string) => officeRows.find((o) => o.name === name)!.id;
  const lines = await addTrackingLines(
    db,
    DEMO_TRACKING_LINES.map(({ dnis, source, campaign, type, pointTo, office }) => ({
      dnis,
      source,
      campaign,
      type,
      pointToOfficeId: officeId(pointTo),
      officeId: officeId(office),
      effectiveFrom: DEMO_LINES_FROM,
    })),
  );
  if (lines.length === 0) return;
  const operatorIds = (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.accountEnabled, true), inArray(users.role, ['OPERATOR', 'MANAGER', 'ADMIN'])))
  ).map((u) => u.id);
  await detailSeededCalls(db, faker, { lines, operatorIds, offices: officeRows });
  await markDuplicates(db);
  await seedLiveCalls(db, faker, lines);
  await placeSeededTexts(db);
}

/**
 * The chat count summary counts texts per office and operator; the demo texts inquiries.seed.ts writes
 * get their inquiry's office and, when outbound, an operator (only where none is set).
 */
async function placeSeededTexts(db: Db): Promise<void> {
  await db.execute(sql`
    update sms_messages s set office_id = i.office_id
    from inquiries i where s.inquiry_id = i.id and s.office_id is null`);
  await db.execute(sql`
    update sms_messages s set operator_id = (
      select u.id from users u
      where u.account_enabled and u.role in ('OPERATOR', 'MANAGER', 'ADMIN')
      order by md5(s.id::text || u.id::text) limit 1)
    where s.direction = 'OUTBOUND' and s.operator_id is null`);
}

interface Context {
  lines: TrackingLine[];
  operatorIds: string[];
  offices: { id: string; outboundCallerId: string }[];
}

async function detailSeededCalls(db: Db, faker: Faker, ctx: Context): Promise<void> {
  const rows = await db
    .select({
      id: calls.id,
      direction: calls.direction,
      officeId: inquiries.officeId,
      firstName: clients.firstName,
      lastName: clients.lastName,
    })
    .from(calls)
    .innerJoin(inquiries, eq(inquiries.id, calls.inquiryId))
    .innerJoin(clients, eq(clients.id, inquiries.clientId))
    .where(isNull(calls.officeId))
    .orderBy(calls.callStartTime, calls.id);
  const callCentreLines = ctx.lines.filter((l) => l.pointTo === 'Call Center');
  const updates = rows.map((row) => {
    const inbound = row.direction === 'INBOUND';
    // An office's own line when it has one (most of its calls), else a call-centre campaign line.
    const ownLine = ctx.lines.find((l) => l.officeId === row.officeId);
    const line = ownLine && faker.datatype.boolean(0.6) ? ownLine : faker.helpers.arrayElement(callCentreLines);
    const office = ctx.offices.find((o) => o.id === row.officeId);
    return {
      id: row.id,
      officeId: row.officeId,
      title: `${row.firstName} ${row.lastName}`,
      operatorId: ctx.operatorIds.length ? faker.helpers.arrayElement(ctx.operatorIds) : null,
      callResolution: faker.helpers.arrayElement(inbound ? INBOUND_RESOLUTIONS : OUTBOUND_RESOLUTIONS),
      trackingLineId: inbound ? line.id : null,
      numberDialed: inbound ? line.dnis : null,
      callerId: inbound ? null : (office?.outboundCallerId ?? null),
    };
  });
  for (let i = 0; i < updates.length; i += BATCH) {
    const values = sql.join(
      updates
        .slice(i, i + BATCH)
        .map(
          (u) =>
            sql`(${u.id}::uuid, ${u.officeId}::uuid, ${u.title}, ${u.operatorId}::uuid, ${u.callResolution}, ${u.trackingLineId}::uuid, ${u.numberDialed}, ${u.callerId})`,
        ),
      sql`, `,
    );
    // One statement per batch; inbound calls keep the client's number as caller id, outbound ones keep the number dialed.
    await db.execute(sql`
      update calls c set
        office_id = v.office_id,
        title = v.title,
        operator_id = v.operator_id,
        call_resolution = v.call_resolution,
        tracking_line_id = v.tracking_line_id,
        number_dialed = coalesce(v.number_dialed, c.number_dialed),
        caller_id = coalesce(v.caller_id, c.caller_id),
        status = 'completed'
      from (values ${values}) as v(id, office_id, title, operator_id, call_resolution, tracking_line_id, number_dialed, caller_id)
      where c.id = v.id`);
  }
}

/** The duplicate flag as the incoming-call service sets it: the same caller id within the previous 30 days. */
async function markDuplicates(db: Db): Promise<void> {
  await db.execute(sql`
    update calls c set duplicate = true
    where c.direction = 'INBOUND' and exists (
      select 1 from calls p
      where p.caller_id = c.caller_id and p.direction = 'INBOUND'
        and p.call_start_time < c.call_start_time
        and p.call_start_time >= c.call_start_time - interval '30 days')`);
}

/** Two calls in progress (no duration, minutes old: ongoing) and a missed one from an unknown number. */
async function seedLiveCalls(db: Db, faker: Faker, lines: TrackingLine[]): Promise<void> {
  const callers = await db
    .select({
      id: clients.id,
      firstName: clients.firstName,
      lastName: clients.lastName,
      phone: clients.primaryNumber,
      inquiryId: inquiries.id,
    })
    .from(clients)
    .innerJoin(inquiries, eq(inquiries.clientId, clients.id))
    .where(isNotNull(clients.primaryNumber))
    .orderBy(desc(inquiries.createdAt))
    .limit(2);
  const now = Date.now();
  const live = callers.map((caller, i) => {
    const line = lines[i % lines.length]!;
    return {
      direction: 'INBOUND' as const,
      callStartTime: new Date(now - (3 + i * 8) * 60_000),
      callerId: caller.phone,
      numberDialed: line.dnis,
      trackingLineId: line.id,
      officeId: line.officeId,
      clientId: caller.id,
      inquiryId: caller.inquiryId,
      title: `${caller.firstName} ${caller.lastName}`,
      status: i === 0 ? ('in-progress' as const) : ('ringing' as const),
      duplicate: true,
    };
  });
  const missedLine = faker.helpers.arrayElement(lines);
  await db.insert(calls).values([
    ...live,
    {
      direction: 'INBOUND',
      callStartTime: new Date(now - 26 * 3_600_000),
      durationInSeconds: 0,
      callerId: '4155550199',
      numberDialed: missedLine.dnis,
      trackingLineId: missedLine.id,
      officeId: missedLine.officeId,
      title: 'Unknown caller',
      status: 'no-answer',
    },
  ]);
}
