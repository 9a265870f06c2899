import type { Scope } from '@casedesk/contract/access/permissions';
import type { CallStatus } from '@casedesk/contract/calls/call-status';
import type { OutgoingCallNumber } from '@casedesk/contract/calls/click-to-call';
import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { officeScopeSql } from '../../platform/db/office-scope.ts';
import { clients } from '../clients/clients.tables.ts';
import { inquiries } from '../inquiries/inquiries.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { calls } from './calls.tables.ts';

export type NewCall = typeof calls.$inferInsert;

/** Whether the call exists within this office scope. */
export async function callWithinScope(db: Db, id: string, scope: Scope): Promise<boolean> {
  const [row] = await db
    .select({ id: calls.id })
    .from(calls)
    .where(and(eq(calls.id, id), officeScopeSql(calls.officeId, scope)))
    .limit(1);
  return row !== undefined;
}

/** SPEC §5: only exactly-10-digit outbound caller ids are offered, from active offices in scope. */
export async function findOutgoingNumbers(db: Db, scope: Scope): Promise<OutgoingCallNumber[]> {
  if (scope.kind === 'none') return [];
  return db
    .select({ id: offices.id, outboundCallerId: offices.outboundCallerId, name: offices.name })
    .from(offices)
    .where(
      and(
        eq(offices.status, 'ACTIVE'),
        sql`${offices.outboundCallerId} ~ '^[0-9]{10}$'`,
        officeScopeSql(offices.id, scope),
      ),
    )
    .orderBy(asc(offices.name));
}

export interface ClientPhones {
  id: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  officeId: string | null;
  primaryNumber: string | null;
  secondaryNumber: string | null;
  mobileNumber: string | null;
  homeNumber: string | null;
}

const clientColumns = {
  id: clients.id,
  firstName: clients.firstName,
  middleName: clients.middleName,
  lastName: clients.lastName,
  officeId: clients.officeId,
  primaryNumber: clients.primaryNumber,
  secondaryNumber: clients.secondaryNumber,
  mobileNumber: clients.mobileNumber,
  homeNumber: clients.homeNumber,
};

export async function findClientPhones(db: Db, clientId: string): Promise<ClientPhones | undefined> {
  const [row] = await db.select(clientColumns).from(clients).where(eq(clients.id, clientId)).limit(1);
  return row;
}

export async function findInquiryOffice(
  db: Db,
  inquiryId: string,
): Promise<{ clientId: string; officeId: string | null } | undefined> {
  const [row] = await db
    .select({ clientId: inquiries.clientId, officeId: inquiries.officeId })
    .from(inquiries)
    .where(eq(inquiries.id, inquiryId))
    .limit(1);
  return row;
}

/**
 * The most recently created client (not merged away) with this number in any of the four phone
 * fields; each equality reads the reversed-number index of migration 0005.
 */
export async function findClientByPhone(db: Db, digits: string): Promise<ClientPhones | undefined> {
  const reversed = sql`reverse(${digits})`;
  const [row] = await db
    .select(clientColumns)
    .from(clients)
    .where(
      and(
        isNull(clients.mergedIntoId),
        or(
          sql`reverse(${clients.primaryNumber}) = ${reversed}`,
          sql`reverse(${clients.mobileNumber}) = ${reversed}`,
          sql`reverse(${clients.homeNumber}) = ${reversed}`,
          sql`reverse(${clients.secondaryNumber}) = ${reversed}`,
        ),
      ),
    )
    .orderBy(desc(clients.createdAt), desc(clients.id))
    .limit(1);
  return row;
}

/** The client's newest inquiry: an incoming call is about it, and shows its law type. */
export async function findLatestInquiryId(db: Db, clientId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: inquiries.id })
    .from(inquiries)
    .where(eq(inquiries.clientId, clientId))
    .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
    .limit(1);
  return row?.id;
}

/** Whether this caller id called in the 30 days before `at` (the duplicate flag). */
export async function calledWithin(db: Db, callerId: string, at: Date, days: number): Promise<boolean> {
  const [row] = await db
    .select({ id: calls.id })
    .from(calls)
    .where(
      and(
        eq(calls.callerId, callerId),
        eq(calls.direction, 'INBOUND'),
        gte(calls.callStartTime, new Date(at.getTime() - days * 86_400_000)),
        lt(calls.callStartTime, at),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function findCallIdBySid(db: Db, sid: string): Promise<string | undefined> {
  const [row] = await db.select({ id: calls.id }).from(calls).where(eq(calls.providerCallSid, sid)).limit(1);
  return row?.id;
}

/** Inserts a call; with a provider sid already stored, nothing is written and undefined comes back. */
export async function insertCall(db: Db, call: NewCall): Promise<string | undefined> {
  const [row] = await db
    .insert(calls)
    .values(call)
    .onConflictDoNothing({ target: calls.providerCallSid })
    .returning({ id: calls.id });
  return row?.id;
}

/**
 * Moves a call's status forward from one of `from` (so a late or repeated report changes nothing).
 * A final status also fixes the talk time: the provider's duration, else what is stored, else 0.
 */
export async function advanceCallStatus(
  db: Db,
  sid: string,
  next: CallStatus,
  from: CallStatus[],
  finalDuration: number | null | undefined,
): Promise<boolean> {
  if (from.length === 0) return false;
  const rows = await db
    .update(calls)
    .set({
      status: next,
      statusUpdatedAt: new Date(),
      ...(finalDuration !== undefined
        ? { durationInSeconds: sql`coalesce(${finalDuration}::int, ${calls.durationInSeconds}, 0)` }
        : {}),
    })
    .where(and(eq(calls.providerCallSid, sid), inArray(calls.status, from)))
    .returning({ id: calls.id });
  return rows.length > 0;
}
