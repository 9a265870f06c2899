import type { Scope } from '@casedesk/contract/access/permissions';
import type { ClientCall, ClientInquiry } from '@casedesk/contract/clients/client-details';
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/database.ts';
import { officeScopeSql } from '../../platform/db/office-scope.ts';
import { calls } from '../calls/calls.tables.ts';
import { dropdownOptions } from '../dropdowns/dropdowns.tables.ts';
import { inquiries } from '../inquiries/inquiries.tables.ts';
import { users } from '../users/users.tables.ts';

/** The client's calls in the offices `scope` (the caller's CALLS READ) reaches, newest first. */
export async function findClientCalls(db: Db, clientId: string, scope: Scope): Promise<ClientCall[]> {
  const rows = await db
    .select({
      id: calls.id,
      direction: calls.direction,
      durationInSeconds: calls.durationInSeconds,
      callStartTime: calls.callStartTime,
      callerId: calls.callerId,
      numberDialed: calls.numberDialed,
      inquiryId: calls.inquiryId,
      operatorName: users.displayName,
    })
    .from(calls)
    .leftJoin(users, eq(users.id, calls.operatorId))
    .where(and(eq(calls.clientId, clientId), officeScopeSql(calls.officeId, scope)))
    .orderBy(desc(calls.callStartTime), desc(calls.id));
  return rows.map((r) => ({ ...r, callStartTime: r.callStartTime.toISOString() }));
}

const leadOwner = alias(users, 'lead_owner');

/**
 * The client's inquiries in the offices `scope` (the caller's LEADS READ) reaches, newest first; `limit` 1
 * is the "open lead" one.
 */
export async function findClientInquiries(
  db: Db,
  clientId: string,
  scope: Scope,
  limit?: number,
): Promise<ClientInquiry[]> {
  const query = db
    .select({
      id: inquiries.id,
      lawType: dropdownOptions.value,
      caseDescription: inquiries.caseDescription,
      source: inquiries.source,
      leadOwnerName: leadOwner.displayName,
      createdAt: inquiries.createdAt,
    })
    .from(inquiries)
    .leftJoin(dropdownOptions, eq(dropdownOptions.id, inquiries.lawTypeId))
    .leftJoin(leadOwner, eq(leadOwner.id, inquiries.leadOwnerId))
    .where(and(eq(inquiries.clientId, clientId), officeScopeSql(inquiries.officeId, scope)))
    .orderBy(desc(inquiries.createdAt), desc(inquiries.id));
  const rows = limit ? await query.limit(limit) : await query;
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
