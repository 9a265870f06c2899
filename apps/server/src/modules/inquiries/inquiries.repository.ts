import type { Scope } from '@casedesk/contract/access/permissions';
import type { ClientDetail } from '@casedesk/contract/clients/client';
import type { IntakeQuestion } from '@casedesk/contract/inquiries/intake-question';
import type { InquiryDetail, InquirySummary, OpposingParty } from '@casedesk/contract/inquiries/inquiry';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { officeScopeSql } from '../../platform/db/office-scope.ts';
import { calls } from '../calls/calls.tables.ts';
import { dropdownOptions } from '../dropdowns/dropdowns.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';
import { inquiries, inquiryOpposingParties, intakeQuestions } from './inquiries.tables.ts';

export type InquiryRow = typeof inquiries.$inferSelect;
export type InquiryChanges = Partial<typeof inquiries.$inferInsert>;

/** Drops the fields a caller left out, so an update never clears what it did not send. */
function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The inquiry row, if it exists and `scope` (the caller's office condition) lets them reach it. */
export async function findInquiryRow(db: Db, id: string, scope: Scope): Promise<InquiryRow | undefined> {
  const [row] = await db
    .select()
    .from(inquiries)
    .where(and(eq(inquiries.id, id), officeScopeSql(inquiries.officeId, scope)));
  return row;
}

export async function insertInquiryRow(db: Db, values: typeof inquiries.$inferInsert): Promise<InquiryRow> {
  const [row] = await db.insert(inquiries).values(values).returning();
  return row!;
}

export async function updateInquiryRow(db: Db, id: string, changes: InquiryChanges): Promise<InquiryRow> {
  const [row] = await db
    .update(inquiries)
    .set({ ...definedOnly(changes), updatedAt: new Date() })
    .where(eq(inquiries.id, id))
    .returning();
  return row!;
}

const EMPTY_PARTY: OpposingParty = {
  firstName: null,
  middleName: null,
  lastName: null,
  dateOfBirth: null,
  phoneNumber: null,
  lmsClientNumber: null,
};

export async function findOpposingParty(db: Db, inquiryId: string): Promise<OpposingParty> {
  const [row] = await db
    .select({
      firstName: inquiryOpposingParties.firstName,
      middleName: inquiryOpposingParties.middleName,
      lastName: inquiryOpposingParties.lastName,
      dateOfBirth: inquiryOpposingParties.dateOfBirth,
      phoneNumber: inquiryOpposingParties.phoneNumber,
      lmsClientNumber: inquiryOpposingParties.lmsClientNumber,
    })
    .from(inquiryOpposingParties)
    .where(eq(inquiryOpposingParties.inquiryId, inquiryId));
  return row ?? EMPTY_PARTY;
}

/** One opposing party per inquiry (unique key): insert it or change the given fields. */
export async function upsertOpposingParty(db: Db, inquiryId: string, values: Partial<OpposingParty>): Promise<void> {
  const changes = definedOnly(values);
  await db
    .insert(inquiryOpposingParties)
    .values({ inquiryId, ...changes })
    .onConflictDoUpdate({
      target: inquiryOpposingParties.inquiryId,
      set: Object.keys(changes).length ? changes : { inquiryId },
    });
}

export async function findLawType(db: Db, id: string): Promise<{ id: string; value: string } | undefined> {
  const [row] = await db
    .select({ id: dropdownOptions.id, value: dropdownOptions.value })
    .from(dropdownOptions)
    .where(and(eq(dropdownOptions.id, id), eq(dropdownOptions.dropdownType, 'INQUIRY_LAW_TYPE')));
  return row;
}

export async function findActiveLawType(db: Db, id: string) {
  const [row] = await db
    .select({ id: dropdownOptions.id, value: dropdownOptions.value })
    .from(dropdownOptions)
    .where(
      and(
        eq(dropdownOptions.id, id),
        eq(dropdownOptions.dropdownType, 'INQUIRY_LAW_TYPE'),
        eq(dropdownOptions.active, true),
      ),
    );
  return row;
}

export async function findUserRef(db: Db, id: string, activeOnly = false) {
  const [row] = await db
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(and(eq(users.id, id), activeOnly ? eq(users.accountEnabled, true) : undefined));
  return row;
}

export async function findIntakeQuestions(db: Db, lawType: string): Promise<IntakeQuestion[]> {
  return db
    .select()
    .from(intakeQuestions)
    .where(eq(intakeQuestions.lawType, lawType))
    .orderBy(asc(intakeQuestions.sortOrder), asc(intakeQuestions.question));
}

/**
 * Everything the inquiry screen shows (SPEC §3 Inquiry) but its client and its texts, which the clients
 * and SMS modules read: a few indexed reads, none per row.
 */
export async function loadInquiryDetail(
  db: Db,
  row: InquiryRow,
  client: ClientDetail | undefined,
  texts: InquiryDetail['smsMessages'],
  callScope: Scope,
): Promise<InquiryDetail> {
  const [lawType, leadOwner, party, callRows] = await Promise.all([
    row.lawTypeId ? findLawType(db, row.lawTypeId) : undefined,
    row.leadOwnerId ? findUserRef(db, row.leadOwnerId) : undefined,
    findOpposingParty(db, row.id),
    db
      .select({
        id: calls.id,
        direction: calls.direction,
        durationInSeconds: calls.durationInSeconds,
        callStartTime: calls.callStartTime,
        callerId: calls.callerId,
      })
      .from(calls)
      .where(and(eq(calls.inquiryId, row.id), officeScopeSql(calls.officeId, callScope)))
      .orderBy(desc(calls.callStartTime)),
  ]);
  return {
    id: row.id,
    clientId: row.clientId,
    client: client ?? null,
    officeId: row.officeId,
    caseDescription: row.caseDescription,
    lawType: lawType ?? null,
    clientIntake: {
      mvaResponse: { incidentDateTime: row.incidentDateTime?.toISOString() ?? null },
      answers: row.intakeAnswers,
    },
    intakeOpposingParty: party,
    calls: callRows.map((c) => ({ ...c, callStartTime: c.callStartTime.toISOString() })),
    emails: [],
    smsMessages: texts,
    appointments: [],
    leadOwner: leadOwner ?? null,
    source: row.source,
    noApptReason: row.noApptReason,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A client's inquiries within the caller's scope, newest first. */
export async function findInquiriesOfClient(db: Db, clientId: string, scope: Scope): Promise<InquirySummary[]> {
  const rows = await db
    .select({
      id: inquiries.id,
      clientId: inquiries.clientId,
      officeId: inquiries.officeId,
      caseDescription: inquiries.caseDescription,
      createdAt: inquiries.createdAt,
      lawTypeId: dropdownOptions.id,
      lawTypeValue: dropdownOptions.value,
      leadOwnerId: users.id,
      leadOwnerName: users.displayName,
    })
    .from(inquiries)
    .leftJoin(dropdownOptions, eq(dropdownOptions.id, inquiries.lawTypeId))
    .leftJoin(users, eq(users.id, inquiries.leadOwnerId))
    .where(and(eq(inquiries.clientId, clientId), officeScopeSql(inquiries.officeId, scope)))
    .orderBy(desc(inquiries.createdAt), asc(inquiries.id));
  return rows.map((r) => ({
    id: r.id,
    clientId: r.clientId,
    officeId: r.officeId,
    caseDescription: r.caseDescription,
    createdAt: r.createdAt.toISOString(),
    lawType: r.lawTypeId && r.lawTypeValue ? { id: r.lawTypeId, value: r.lawTypeValue } : null,
    leadOwner: r.leadOwnerId && r.leadOwnerName ? { id: r.leadOwnerId, displayName: r.leadOwnerName } : null,
  }));
}

/** The office block of the inquiry PDF's letterhead. */
export async function findOfficeLetterhead(db: Db, officeId: string) {
  const [row] = await db
    .select({
      name: offices.name,
      phone: offices.phone,
      email: offices.email,
      streetAddress: offices.streetAddress,
      city: offices.city,
      state: offices.state,
      zip: offices.zip,
    })
    .from(offices)
    .where(eq(offices.id, officeId));
  return row;
}
