import { insertProfile } from '../../src/modules/access/access-admin.repository.ts';
import type { RequestParts } from '../fuzz/operations.ts';
import type { Refs } from './caller-and-refs.ts';
import { next, uniqueHolidayDate } from './caller-and-refs.ts';
import { cashFlowReconciliations } from '../../src/modules/accounting/accounting.tables.ts';
import { trustReconciliations } from '../../src/modules/accounting/trust.tables.ts';
import { collectionAccounts } from '../../src/modules/collections/collections.tables.ts';
import type { OfficeRecords } from './record-factories.ts';

/** A past office day no other request names (reconciliation works day by day), in 2024. */
function pastDay(): string {
  const day = new Date(Date.UTC(2024, 0, 1) + (next() % 600) * 86_400_000);
  return day.toISOString().slice(0, 10);
}

/** A past month no other request names (the three-way reconciliation works month by month), from 2001. */
function pastMonth(): string {
  const n = next() % 240;
  return `${2001 + Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`;
}

/**
 * Base requests the route schemas cannot give (a phone number of the office, a day free for a holiday, a
 * time for a booking, a second client), keyed "METHOD /url" as in app.routeAccessTable. Every other route's
 * base request is generated from its OpenAPI schema (request-builder.ts). A base request names officeA's
 * records in every declared id field; the test then swaps one field at a time.
 *
 * Bookings are dated in 2031, off every holiday, and `schedulePast` (or the attorney's all-day hours) makes
 * them valid whatever today is.
 */
export interface RouteTemplate {
  /** The request naming officeA's records; left out, the route's schema gives it. */
  base?: (records: OfficeRecords, refs: Refs) => Promise<RequestParts>;
  /**
   * Fields left out of the base request while one field is checked, because with them present the route
   * never looks that field up (it would answer the same for any id, and prove nothing).
   */
  isolate?: Readonly<Record<string, { leaveOut: readonly string[]; why: string }>>;
}

const body = (values: Record<string, unknown>): RequestParts => ({ path: {}, query: {}, body: values });

/** An inquiry's client is taken from the inquiry; a client id beside it is only compared with it. */
const clientBesideInquiry = {
  clientId: { leaveOut: ['inquiryId'], why: 'with an inquiry the route calls its client and only compares the two' },
} as const;

/** Books officeA's inquiry with officeA's attorney, tied to officeA's call. */
async function booking(records: OfficeRecords, appointmentDateTime: string) {
  return {
    inquiryId: (await records.inquiry()).id,
    attorneyId: (await records.attorney()).id,
    callId: (await records.call()).id,
    appointmentDateTime,
    appointmentLength: 30,
    schedulePast: true,
  };
}

/** Terms a payment plan's account can take: $100.00 a month from a day after any test's today. */
const planTerms = { amountCents: 10_000, frequency: 'MONTHLY', firstDueDate: '2031-03-10', instalmentCount: null };

export const TEMPLATES: Readonly<Record<string, RouteTemplate>> = {
  // An update of officeA's draft waiting for approval, about its client and that client's account.
  'PUT /api/v1/draft': {
    base: async (records) => {
      const account = await records.collectionAccount();
      return body({
        id: (await records.draft()).id,
        kind: 'EMAIL',
        officeId: records.office.id,
        clientId: account.clientId,
        collectionAccountId: account.id,
        to: ['scope.draft@example.com'],
        subject: 'Object-level scope check',
        body: 'Object-level scope check',
      });
    },
  },
  'POST /api/v1/draft/send': { base: async (records) => body({ id: (await records.draft('EMAIL', true)).id }) },
  'POST /api/v1/draft/print': { base: async (records) => body({ id: (await records.draft('LETTER', true)).id }) },
  'GET /api/v1/draft/:id/attachment/:attachmentId': {
    base: async (records) => ({
      path: { id: (await records.draft()).id, attachmentId: (await records.draftAttachment()).id },
      query: {},
    }),
  },
  'GET /api/v1/mail/:id/attachment/:attachmentId': {
    base: async (records) => ({
      path: { id: (await records.mail()).id, attachmentId: (await records.mailAttachment()).id },
      query: {},
    }),
  },
  'GET /api/v1/mail/:id/captured/:attachmentId': {
    base: async (records) => ({
      path: { id: (await records.mail()).id, attachmentId: (await records.capturedAttachment()).id },
      query: {},
    }),
  },
  'POST /api/v1/mail/letterBatch': {
    // The clients are looked up in the caller's CLIENT_PROFILE READ scope (declared unscoped: an array of ids).
    base: async (records) =>
      body({
        officeId: records.office.id,
        clientIds: [(await records.client()).id],
        subject: 'Scope',
        body: 'Dear @clientFirstName,',
      }),
  },
  'POST /api/v1/accessControl/explain': {
    base: async (records) =>
      body({ userId: (await records.user()).id, recordKind: 'client', recordId: (await records.client()).id }),
  },
  'POST /api/v1/accessControl/profile/apply': {
    // An empty profile: what is checked is whose access the caller may set, not what the profile holds.
    base: async (records) =>
      body({
        profileId: await insertProfile(records.db, `Scope check ${crypto.randomUUID()}`, []),
        userIds: [(await records.user()).id],
        reason: 'Object-level access check',
      }),
  },
  'GET /api/v1/appointment/calendarEvents': {
    base: async (records) => ({
      path: {},
      query: {
        userId: (await records.user()).id,
        startDateTime: '2031-03-01T00:00:00.000Z',
        endDateTime: '2031-03-08T00:00:00.000Z',
      },
    }),
  },
  'PUT /api/v1/appointment': {
    base: async (records) =>
      body({
        ...(await booking(records, '2031-03-05T18:00:00.000Z')),
        appointmentId: (await records.appointment()).id,
      }),
    isolate: {
      inquiryId: { leaveOut: ['appointmentId'], why: 'with appointmentId the save moves that appointment only' },
      callId: { leaveOut: ['appointmentId'], why: 'with appointmentId the save moves that appointment only' },
    },
  },
  'POST /api/v1/appointment/bookAppointment': {
    base: async (records) => body(await booking(records, '2031-03-06T18:00:00.000Z')),
  },
  'PUT /api/v1/appointment/rescheduleAppointment': {
    base: async (records) =>
      body({
        appointmentId: (await records.appointment()).id,
        attorneyId: (await records.attorney()).id,
        appointmentDateTime: '2031-03-07T18:00:00.000Z',
      }),
  },
  'POST /api/v1/call/click2Call': {
    base: async (records, refs) =>
      body({
        participantNumber: '6025550123',
        outboundCallerId: refs.officeA.outboundCallerId,
        clientId: (await records.client()).id,
        inquiryId: (await records.inquiry()).id,
        collectionAccountId: (await records.collectionAccount()).id,
      }),
    isolate: clientBesideInquiry,
  },
  'GET /api/v1/dropdown/smartDial': { isolate: clientBesideInquiry },
  'POST /api/v1/inquiry/mergeWithExisting': {
    // The inquiry's client is merged into another client, so the existing one is a second client.
    base: async (records) =>
      body({ inquiryId: (await records.inquiry()).id, existingClientId: (await records.client(1)).id }),
  },
  'POST /api/v1/holiday': {
    base: async (records) => body({ date: uniqueHolidayDate(), name: 'Scope Day', officeId: records.office.id }),
  },
  'PUT /api/v1/holiday/:id': {
    base: async (records) => ({
      path: { id: (await records.holiday()).id },
      query: {},
      body: { date: uniqueHolidayDate(), name: 'Scope Day moved', officeId: records.office.id },
    }),
  },
  'PUT /api/v1/office/:officeId': {
    // Every field is sent; officeA keeps its name and numbers, so only the lookup of the office can fail.
    base: async (records) => ({
      path: { officeId: records.office.id },
      query: {},
      body: {
        name: records.office.name,
        officeType: 'OFFICE',
        phone: records.office.smsNumber,
        smsNumber: records.office.smsNumber,
        outboundCallerId: records.office.outboundCallerId,
        timeZone: 'America/Phoenix',
      },
    }),
  },
  // A collection report names its office; the range is what every report but AGING needs.
  'POST /api/v1/collectionAccount/report': {
    base: async (records) =>
      body({ report: 'COLLECTED', dateFrom: '2024-01-01', dateTo: '2024-01-31', officeId: records.office.id }),
  },
  'POST /api/v1/collectionAccount/report/export': {
    base: async (records) =>
      body({
        report: 'COLLECTED',
        dateFrom: '2024-01-01',
        dateTo: '2024-01-31',
        officeId: records.office.id,
        format: 'csv',
      }),
  },
  'POST /api/v1/cashFlow/payment': {
    // The matter is the client's own (the route refuses one of another client).
    base: async (records) =>
      body({
        officeId: records.office.id,
        clientId: (await records.client()).id,
        inquiryId: (await records.inquiry()).id,
        paymentType: 'CASH',
        feesCents: 5_000,
        costCents: 0,
        paymentDate: '2026-01-05',
        collectionAccountId: (await records.collectionAccount()).id,
      }),
  },
  'POST /api/v1/paymentPlan/create': {
    base: async (records) => body({ accountId: (await records.collectionAccount()).id, ...planTerms }),
  },
  'POST /api/v1/paymentPlan/preview': {
    base: async (records) => body({ accountId: (await records.collectionAccount()).id, ...planTerms }),
  },
  'POST /api/v1/paymentPlan/list': {
    base: async (records) => body({ accountId: (await records.collectionAccount()).id }),
  },
  'POST /api/v1/paymentPlan/change': {
    base: async (records) => body({ planId: (await records.paymentPlan()).id, ...planTerms, amountCents: 5_000 }),
  },
  'POST /api/v1/paymentPlan/pause': {
    base: async (records) => body({ planId: (await records.paymentPlan()).id, reason: 'Scope check' }),
  },
  'POST /api/v1/trust/disbursement': {
    // The factory's trust entry leaves the matter $90.00 in trust: enough for this one.
    base: async (records) => {
      await records.trustEntry();
      const inquiryId = (await records.inquiry()).id;
      return body({ officeId: records.office.id, inquiryId, amountCents: 100, payee: 'Scope', purpose: 'Check' });
    },
  },
  'POST /api/v1/trust/reverseDisbursement': {
    base: async (records) => body({ id: (await records.trustEntry()).id, reason: 'Scope check' }),
  },
  'POST /api/v1/trust/threeWay': {
    base: async (records) => body({ officeId: records.office.id, month: pastMonth(), statementBalanceCents: 0 }),
  },
  'POST /api/v1/trust/signThreeWay': {
    // A month of its own long before any entry: all three balances are zero, so it can be signed.
    base: async (records) => body({ officeId: records.office.id, month: pastMonth(), statementBalanceCents: 0 }),
  },
  'POST /api/v1/trust/reopenThreeWay': {
    // Only a signed month can be reopened: the base signs a month of its own first.
    base: async (records) => {
      const month = pastMonth();
      await records.db.insert(trustReconciliations).values({
        officeId: records.office.id,
        month,
        version: 1,
        status: 'SIGNED',
        statementCents: 0,
        bookCents: 0,
        ledgersCents: 0,
      });
      return body({ officeId: records.office.id, month, reason: 'Scope check' });
    },
  },
  'POST /api/v1/cashFlow/deposit': {
    base: async (records) =>
      body({ officeId: records.office.id, depositDate: pastDay(), amountCents: 5_000, reference: 'Scope check' }),
  },
  'POST /api/v1/cashFlow/reconcile': {
    // A day of its own with nothing on it: it balances at zero, so it can be signed.
    base: async (records) => body({ officeId: records.office.id, day: pastDay() }),
  },
  'POST /api/v1/cashFlow/reopenRecon': {
    // Only a signed day can be reopened: the base signs a day of its own first.
    base: async (records) => {
      const day = pastDay();
      await records.db.insert(cashFlowReconciliations).values({
        officeId: records.office.id,
        day,
        version: 1,
        status: 'RECONCILED',
        officeEnteredCents: 0,
        accountingCents: 0,
        depositCents: 0,
      });
      return body({ officeId: records.office.id, day, reason: 'Scope check' });
    },
  },
  'POST /api/v1/dnis': {
    // A fresh number each time: a second active line on one number is a 409, which would prove nothing.
    base: async (records) =>
      body({
        dnis: `520555${String(next() % 10_000).padStart(4, '0')}`,
        source: 'Scope check',
        type: 'OTHER',
        pointToOfficeId: records.office.id,
        officeId: records.office.id,
      }),
  },
  'PUT /api/v1/dnis/:id': {
    base: async (records) => ({
      path: { id: (await records.trackingLine()).id },
      query: {},
      body: {
        source: 'Scope check re-mapped',
        type: 'OTHER',
        pointToOfficeId: records.office.id,
        officeId: records.office.id,
      },
    }),
  },
  'POST /api/v1/sms/send': {
    base: async (records, refs) =>
      body({
        fromNumber: refs.officeA.smsNumber,
        toNumber: (await records.client()).mobileNumber,
        body: 'Object-level scope check',
        categoryId: refs.smsCategoryId,
        reasonId: refs.smsReasonId,
        clientId: (await records.client()).id,
        inquiryId: (await records.inquiry()).id,
        collectionAccountId: (await records.collectionAccount()).id,
      }),
  },
  'PUT /api/v1/sms': {
    // A change of nothing is no change to prove anything with: the reason is set again.
    base: async (records, refs) => body({ id: (await records.sms()).id, reason: refs.smsReasonId }),
  },
  'PATCH /api/v1/collectionAccount': {
    // A change of nothing is refused before the account is looked up: the follow-up date is set.
    base: async (records) => body({ id: (await records.collectionAccount()).id, followUpDate: '2031-01-07' }),
  },
  'POST /api/v1/collectionAccount/adjustment': {
    // An adjustment is never 0, and a positive one never takes the balance below zero.
    base: async (records) =>
      body({ accountId: (await records.collectionAccount()).id, amountCents: 100, reason: 'Scope check' }),
  },
  'POST /api/v1/workflow/runs': {
    // The record factories make no collection accounts yet: the base request opens one on officeA's client.
    base: async (records) => {
      const [account] = await records.db
        .insert(collectionAccounts)
        .values({ officeId: records.office.id, clientId: (await records.client()).id, originalCents: 10_000 })
        .returning({ id: collectionAccounts.id });
      return body({ accountId: account!.id });
    },
  },
  'PUT /api/v1/user': {
    base: async (records) => ({
      path: {},
      query: { userId: (await records.user()).id },
      body: { workNumber: '6025550142' },
    }),
  },
};
