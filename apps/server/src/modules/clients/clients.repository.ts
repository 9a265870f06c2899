import type { Scope } from '@casedesk/contract/access/permissions';
import type { ClientDetail, ClientFields } from '@casedesk/contract/clients/client';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { officeScopeSql } from '../../platform/db/office-scope.ts';
import { inquiries } from '../inquiries/inquiries.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { clients } from './clients.tables.ts';

export type ClientRow = typeof clients.$inferSelect;
export type ClientWrite = Partial<{ [K in keyof ClientFields]: Exclude<ClientFields[K], undefined> }> & {
  officeId?: string | null;
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toClientDetail(row: ClientRow): ClientDetail {
  return {
    id: row.id,
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    maidenName: row.maidenName,
    email: row.email,
    placeOfBirth: row.placeOfBirth,
    driverLicenseNumber: row.driverLicenseNumber,
    driverLicenseState: row.driverLicenseState,
    lmsClientNumber: row.lmsClientNumber,
    needlesClientNumber: row.needlesClientNumber,
    streetAddress: row.streetAddress,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    county: row.county,
    country: row.country,
    address: row.address,
    primaryNumber: row.primaryNumber,
    secondaryNumber: row.secondaryNumber,
    mobileNumber: row.mobileNumber,
    homeNumber: row.homeNumber,
    dateOfBirth: row.dateOfBirth,
    autoText: row.autoText,
    officeId: row.officeId,
    mergedIntoId: row.mergedIntoId,
    mergedAt: iso(row.mergedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * One client inside the office scope, tombstones included (the caller decides what they mean). `lock` holds
 * the row for the transaction, so a merge running at the same time is waited for and then seen.
 */
export async function findClientRow(db: Db, id: string, scope: Scope, lock = false): Promise<ClientRow | undefined> {
  const query = db
    .select()
    .from(clients)
    .where(and(eq(clients.id, id), officeScopeSql(clients.officeId, scope)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertClientRow(db: Db, values: ClientWrite & { firstName: string; lastName: string }) {
  const [row] = await db.insert(clients).values(values).returning();
  return row!;
}

export async function updateClientRow(db: Db, id: string, changes: ClientWrite): Promise<ClientRow | undefined> {
  const [row] = await db
    .update(clients)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(clients.id, id))
    .returning();
  return row;
}

export async function findInquiryRef(db: Db, inquiryId: string) {
  const [row] = await db
    .select({ id: inquiries.id, clientId: inquiries.clientId, officeId: inquiries.officeId })
    .from(inquiries)
    .where(eq(inquiries.id, inquiryId));
  return row;
}

export async function officeExists(db: Db, officeId: string): Promise<boolean> {
  const [row] = await db.select({ id: offices.id }).from(offices).where(eq(offices.id, officeId));
  return row !== undefined;
}
