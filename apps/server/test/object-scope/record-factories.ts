import { createHash } from 'node:crypto';
import { base, en, en_US, Faker } from '@faker-js/faker';
import { appointments } from '../../src/modules/appointments/appointments.tables.ts';
import { attorneys } from '../../src/modules/attorneys/attorneys.tables.ts';
import { attorneySchedules, calendarEvents, holidays } from '../../src/modules/calendar/calendar.tables.ts';
import { calls } from '../../src/modules/calls/calls.tables.ts';
import { clients } from '../../src/modules/clients/clients.tables.ts';
import { inquiries } from '../../src/modules/inquiries/inquiries.tables.ts';
import { trackingLineMappings, trackingLines } from '../../src/modules/marketing/marketing.tables.ts';
import { payments } from '../../src/modules/accounting/accounting.tables.ts';
import { collectionAccounts } from '../../src/modules/collections/collections.tables.ts';
import {
  paymentPlanInstalments,
  paymentPlans,
  paymentPlanVersions,
} from '../../src/modules/collections/payment-plans.tables.ts';
import { trustLedgerEntries } from '../../src/modules/accounting/trust.tables.ts';
import { cannedTexts, smsMessages } from '../../src/modules/sms/sms.tables.ts';
import {
  mailAttachments,
  mailCaptured,
  mailCapturedAttachments,
  mailLetters,
  mailOutbox,
} from '../../src/modules/mail/mail.tables.ts';
import { mailDraftAttachments, mailDrafts } from '../../src/modules/mail/draft.tables.ts';
import { draftContentHash } from '../../src/modules/mail/draft-hash.ts';
import type { FileStorage } from '../../src/platform/files/file-storage.ts';
import type { RecordKind } from '../../src/platform/access/record-scope.ts';
import { buildClient } from '../factories/clients.factory.ts';
import { insertCollectionAccount } from '../factories/collection-accounts.factory.ts';
import { JURISDICTIONS, LAW_TYPES } from '../factories/reference-data.ts';
import type { Db, OfficeRef, Refs } from './caller-and-refs.ts';
import { insertUser, next, phone, uniqueHolidayDate } from './caller-and-refs.ts';

/**
 * Records of each RecordKind in a given office, made by direct inserts, as the services judge their office:
 * a client, inquiry, call, text, holiday and appointment by their own office_id (an appointment's is its
 * attorney's), an attorney by attorneys.office_id (their user is put in the same office), a user by
 * users.office_id, a canned response shared with an office by its office_id, an office by its id.
 */

/** A stored row: its table and id. */
export interface RowRef {
  table: string;
  id: string;
}

/** Made on first use, so a route's world holds only what its request names (and what that needs). */
class Lazy {
  private readonly made = new Map<string, Promise<unknown>>();
  /** Every row made, to read them back. */
  readonly rows: RowRef[] = [];
  protected once<T>(key: string, make: () => Promise<T>): Promise<T> {
    if (!this.made.has(key)) this.made.set(key, make());
    return this.made.get(key) as Promise<T>;
  }
  protected track<T extends { id: string }>(table: string, row: T | undefined): T {
    this.rows.push({ table, id: row!.id });
    return row!;
  }
}

/**
 * One office's records. A route gets a fresh set in officeA (so its positive control may delete or merge
 * them); officeB's set is made once and must never change.
 */
export class OfficeRecords extends Lazy {
  constructor(
    readonly db: Db,
    readonly office: OfficeRef,
    private readonly refs: Refs,
    private readonly faker: Faker,
    /** Where the app keeps file bytes (an attachment's, a letter's PDF), for records that have some. */
    private readonly storage: FileStorage,
  ) {
    super();
    this.rows.push({ table: 'offices', id: office.id });
  }

  /** The n-th client of the office (n > 0 for a route that names two, such as a merge). */
  client(n = 0) {
    return this.once(`client${n}`, async () => {
      const i = next();
      const values = buildClient(this.faker, {
        officeId: this.office.id,
        email: `scope.client${i}@example.com`,
        mobileNumber: phone(i),
        autoText: true,
      });
      const [row] = await this.db.insert(clients).values(values).returning();
      return this.track('clients', row);
    });
  }

  inquiry() {
    return this.once('inquiry', async () => {
      const client = await this.client();
      const [row] = await this.db
        .insert(inquiries)
        .values({ clientId: client.id, officeId: this.office.id, caseDescription: 'Object-level scope check' })
        .returning();
      return this.track('inquiries', row);
    });
  }

  call() {
    return this.once('call', async () => {
      const [client, inquiry] = [await this.client(), await this.inquiry()];
      const [row] = await this.db
        .insert(calls)
        .values({
          direction: 'INBOUND',
          callerId: client.mobileNumber,
          numberDialed: this.office.outboundCallerId,
          clientId: client.id,
          inquiryId: inquiry.id,
          officeId: this.office.id,
          durationInSeconds: 60,
        })
        .returning();
      return this.track('calls', row);
    });
  }

  /**
   * A failed outbound text from the office's number, so it can be retried. Its category is the seeded
   * 'Office' (type OFFICE): with office conditions only, SMS needs nothing about categories to reach it.
   */
  sms() {
    return this.once('sms', async () => {
      const [client, inquiry] = [await this.client(), await this.inquiry()];
      const [row] = await this.db
        .insert(smsMessages)
        .values({
          direction: 'OUTBOUND',
          fromNumber: this.office.smsNumber,
          toNumber: client.mobileNumber!,
          body: 'Object-level scope check',
          clientId: client.id,
          inquiryId: inquiry.id,
          officeId: this.office.id,
          categoryId: this.refs.smsCategoryId,
          reasonId: this.refs.smsReasonId,
          status: 'failed',
        })
        .returning();
      return this.track('sms_messages', row);
    });
  }

  /** A plain user of the office (no attorney). */
  user() {
    return this.once('user', async () => this.track('users', await insertUser(this.db, this.office.id, 'OPERATOR')));
  }

  /** An attorney (and their user) of the office, working all day every day so any test time is bookable. */
  attorney() {
    return this.once('attorney', async () => {
      const user = this.track('users', await insertUser(this.db, this.office.id, 'ATTORNEY'));
      const [row] = await this.db
        .insert(attorneys)
        .values({ userId: user.id, officeId: this.office.id, lawType: LAW_TYPES[0], jurisdiction: JURISDICTIONS[0] })
        .returning();
      const week = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, startTime: '00:00', endTime: '24:00' }));
      await this.db.insert(attorneySchedules).values(week.map((w) => ({ ...w, attorneyId: row!.id })));
      return this.track('attorneys', row);
    });
  }

  /** The inquiry's current appointment with the office's attorney, holding its time as a booking does. */
  appointment() {
    return this.once('appointment', async () => {
      const [inquiry, attorney] = [await this.inquiry(), await this.attorney()];
      const startsAt = new Date(APPOINTMENT_AT);
      const [row] = await this.db
        .insert(appointments)
        .values({
          clientId: inquiry.clientId,
          inquiryId: inquiry.id,
          attorneyId: attorney.id,
          officeId: this.office.id,
          appointmentDateTime: startsAt,
          appointmentLength: 30,
          isCurrent: true,
        })
        .returning();
      this.track('appointments', row);
      const [event] = await this.db
        .insert(calendarEvents)
        .values({
          attorneyId: attorney.id,
          appointmentId: row!.id,
          kind: 'APPOINTMENT',
          subject: 'Appointment',
          startsAt,
          endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        })
        .returning({ id: calendarEvents.id });
      this.track('calendar_events', event);
      return row!;
    });
  }

  holiday() {
    return this.once('holiday', async () => {
      const values = { date: uniqueHolidayDate(), name: 'Scope Day', officeId: this.office.id };
      const [row] = await this.db.insert(holidays).values(values).returning();
      return this.track('holidays', row);
    });
  }

  /** A canned text shared with the office (no user). */
  cannedResponse() {
    return this.once('cannedResponse', async () => {
      const values = { message: 'Object-level scope check', officeId: this.office.id, userId: null };
      const [row] = await this.db.insert(cannedTexts).values(values).returning();
      return this.track('canned_texts', row);
    });
  }

  /** A tracking line whose mapping puts its calls in the office (its office scope, SPEC §6). */
  trackingLine() {
    return this.once('trackingLine', async () => {
      const [row] = await this.db
        .insert(trackingLines)
        .values({ dnis: phone(next()).replace(/^602/, '480') })
        .returning();
      await this.db.insert(trackingLineMappings).values({
        trackingLineId: row!.id,
        source: 'Object-level scope check',
        type: 'OTHER',
        pointToOfficeId: this.office.id,
        officeId: this.office.id,
        effectiveFrom: new Date('2020-01-01T00:00:00Z'),
      });
      return this.track('tracking_lines', row);
    });
  }

  /** A payment of the office's client (its office scope, SPEC §6: CASH_FLOW by office). */
  payment() {
    return this.once('payment', async () => {
      const client = await this.client();
      const [row] = await this.db
        .insert(payments)
        .values({
          officeId: this.office.id,
          clientId: client.id,
          paymentType: 'CHECK',
          feesCents: 10_000,
          costCents: 0,
          receiptNumber: 900_000 + next(),
          paymentDate: '2026-01-05',
        })
        .returning();
      return this.track('payments', row);
    });
  }

  /**
   * A disbursement from the office's trust account for the office's inquiry, after a trust payment's deposit
   * that leaves money to spare (so a route may disburse again from the same matter).
   */
  trustEntry() {
    return this.once('trustEntry', async () => {
      const inquiry = await this.inquiry();
      const [payment] = await this.db
        .insert(payments)
        .values({
          officeId: this.office.id,
          clientId: inquiry.clientId,
          inquiryId: inquiry.id,
          paymentType: 'CHECK',
          account: 'TRUST',
          feesCents: 10_000,
          costCents: 0,
          receiptNumber: 900_000 + next(),
          paymentDate: '2026-01-05',
        })
        .returning();
      const common = { officeId: this.office.id, inquiryId: inquiry.id, entryDate: '2026-01-05' };
      await this.db
        .insert(trustLedgerEntries)
        .values({ ...common, kind: 'DEPOSIT', amountCents: 10_000, paymentId: payment!.id });
      const [row] = await this.db
        .insert(trustLedgerEntries)
        .values({ ...common, kind: 'DISBURSEMENT', amountCents: -1_000, payee: 'Court clerk', purpose: 'Filing fee' })
        .returning();
      return this.track('trust_ledger_entries', row);
    });
  }

  /** A collection account of the office's client, on the office's inquiry (its matter). */
  collectionAccount() {
    return this.once('collectionAccount', async () => {
      const inquiry = await this.inquiry();
      const row = await insertCollectionAccount(this.db, {
        officeId: this.office.id,
        clientId: inquiry.clientId,
        inquiryId: inquiry.id,
      });
      return this.track('collection_accounts', row);
    });
  }

  /** An active payment plan on an account of its own: three weekly instalments of $100.00 from 2031-03-10. */
  paymentPlan() {
    return this.once('paymentPlan', async () => {
      const client = await this.client();
      const [account] = await this.db
        .insert(collectionAccounts)
        .values({ officeId: this.office.id, clientId: client.id, originalCents: 30_000, status: 'PAYMENT_PLAN' })
        .returning();
      this.track('collection_accounts', account);
      const [row] = await this.db.insert(paymentPlans).values({ accountId: account!.id }).returning();
      const terms = { amountCents: 10_000, frequency: 'WEEKLY' as const, firstDueDate: '2031-03-10' };
      await this.db
        .insert(paymentPlanVersions)
        .values({ planId: row!.id, version: 1, ...terms, instalmentCount: null });
      await this.db.insert(paymentPlanInstalments).values(
        ['2031-03-10', '2031-03-17', '2031-03-24'].map((dueDate, i) => ({
          planId: row!.id,
          version: 1,
          seq: i + 1,
          dueDate,
          amountCents: 10_000,
        })),
      );
      return this.track('payment_plans', row);
    });
  }

  /** A text attachment of the office's e-mail, its bytes in the file storage. */
  mailAttachment() {
    return this.once('mailAttachment', async () => {
      const mail = await this.mail();
      const data = Buffer.from('Object-level scope check\n');
      const [row] = await this.db
        .insert(mailAttachments)
        .values({
          mailId: mail.id,
          position: 0,
          filename: 'scope.txt',
          contentType: 'text/plain',
          size: data.length,
          sha256: createHash('sha256').update(data).digest('hex'),
        })
        .returning();
      await this.storage.put(row!.id, data);
      return this.track('mail_attachments', row);
    });
  }

  /** What the embedded SMTP server received of the office's e-mail, with one attachment. */
  capturedAttachment() {
    return this.once('capturedAttachment', async () => {
      const mail = await this.mail();
      const [captured] = await this.db
        .insert(mailCaptured)
        .values({
          messageId: `<${mail.id}@casedesk.local>`,
          mailId: mail.id,
          envelopeTo: mail.toAddresses,
          subject: mail.subject,
          text: mail.body,
          headers: [['Subject', `Subject: ${mail.subject}`]],
          size: 100,
        })
        .returning();
      this.track('mail_captured', captured);
      const [row] = await this.db
        .insert(mailCapturedAttachments)
        .values({
          capturedId: captured!.id,
          position: 0,
          filename: 'scope.txt',
          contentType: 'text/plain',
          size: 25,
          content: Buffer.from('Object-level scope check\n'),
        })
        .returning({ id: mailCapturedAttachments.id });
      return this.track('mail_captured_attachments', row);
    });
  }

  /** A FAILED e-mail sent for the office to its client (so a route may send it again). */
  mail() {
    return this.once('mail', async () => {
      const client = await this.client();
      const [row] = await this.db
        .insert(mailOutbox)
        .values({
          officeId: this.office.id,
          toAddresses: [client.email ?? 'scope.client@example.com'],
          subject: 'Object-level scope check',
          body: 'Object-level scope check',
          clientId: client.id,
          status: 'FAILED',
          attempts: 9,
          lastError: '550 Mailbox unavailable',
        })
        .returning();
      return this.track('mail_outbox', row);
    });
  }

  /** A letter saved on the office's client, a one-line PDF in the file storage. */
  letter() {
    return this.once('letter', async () => {
      const client = await this.client();
      const [row] = await this.db
        .insert(mailLetters)
        .values({
          officeId: this.office.id,
          clientId: client.id,
          subject: 'Object-level scope check',
          body: 'Object-level scope check',
          status: 'STORED',
          size: 15,
          sha256: '0'.repeat(64),
          pages: 1,
          createdById: (await this.user()).id,
          storedAt: new Date(),
        })
        .returning();
      await this.storage.put(row!.id, Buffer.from('%PDF-1.4\n%%EOF\n'));
      return this.track('mail_letters', row);
    });
  }

  /**
   * A draft about the office's client, written by another user of the office (so the caller may approve it):
   * an e-mail waiting for approval by default; `approved` gives one approved with its true content hash.
   */
  draft(kind: 'EMAIL' | 'LETTER' = 'EMAIL', approved = false) {
    return this.once(`draft-${kind}-${approved}`, async () => {
      const [client, author] = [await this.client(), await this.user()];
      const content = {
        kind,
        officeId: this.office.id,
        clientId: client.id,
        collectionAccountId: null,
        to: kind === 'EMAIL' ? [client.email ?? 'scope.client@example.com'] : [],
        subject: 'Object-level scope check',
        body: 'Object-level scope check',
      };
      const { to, ...columns } = content;
      const [row] = await this.db
        .insert(mailDrafts)
        .values({
          ...columns,
          toAddresses: to,
          createdById: author.id,
          writerIds: [author.id],
          ...(approved
            ? {
                status: 'APPROVED' as const,
                approvedById: this.track('users', await insertUser(this.db, this.office.id, 'MANAGER')).id,
                approvedAt: new Date(),
                contentHash: draftContentHash({ ...content, attachments: [] }),
              }
            : {}),
        })
        .returning();
      return this.track('mail_drafts', row);
    });
  }

  /** A text attachment of the office's draft waiting for approval, its bytes in the file storage. */
  draftAttachment() {
    return this.once('draftAttachment', async () => {
      const draft = await this.draft();
      const data = Buffer.from('Object-level scope check\n');
      const [row] = await this.db
        .insert(mailDraftAttachments)
        .values({
          draftId: draft.id,
          position: 0,
          filename: 'scope.txt',
          contentType: 'text/plain',
          size: data.length,
          sha256: createHash('sha256').update(data).digest('hex'),
        })
        .returning();
      await this.storage.put(row!.id, data);
      return this.track('mail_draft_attachments', row);
    });
  }

  /** The id of the office's record of a kind (the n-th of it: routes that name two clients get two). */
  async id(kind: RecordKind, n = 0): Promise<string | undefined> {
    if (n > 0 && kind !== 'client') throw new Error(`Only clients come in several per office; ${kind} #${n} asked`);
    switch (kind) {
      case 'client':
        return (await this.client(n)).id;
      case 'inquiry':
        return (await this.inquiry()).id;
      case 'appointment':
        return (await this.appointment()).id;
      case 'call':
        return (await this.call()).id;
      case 'sms':
        return (await this.sms()).id;
      case 'attorney':
        return (await this.attorney()).id;
      case 'user':
        return (await this.user()).id;
      case 'office':
        return this.office.id;
      case 'holiday':
        return (await this.holiday()).id;
      case 'cannedResponse':
        return (await this.cannedResponse()).id;
      case 'trackingLine':
        return (await this.trackingLine()).id;
      case 'payment':
        return (await this.payment()).id;
      case 'trustEntry':
        return (await this.trustEntry()).id;
      case 'mail':
        return (await this.mail()).id;
      case 'letter':
        return (await this.letter()).id;
      case 'draft':
        return (await this.draft()).id;
      case 'collectionAccount':
        return (await this.collectionAccount()).id;
      case 'paymentPlan':
        return (await this.paymentPlan()).id;
    }
  }

  /**
   * The records of a kind a caller of another office must not reach. A user is tried both as a plain user
   * and as an attorney's user, since the attorney routes look users up through their attorney row.
   */
  async others(kind: RecordKind): Promise<{ id: string; label: string }[]> {
    if (kind === 'user') {
      return [
        { id: (await this.user()).id, label: 'user' },
        { id: (await this.attorney()).userId, label: "attorney's user" },
      ];
    }
    if (kind === 'collectionAccount') return [{ id: (await this.collectionAccount()).id, label: kind }];
    return [{ id: (await this.id(kind))!, label: kind }];
  }
}

/** When the factory's appointment is: far from the seeded ones, and on no holiday. */
export const APPOINTMENT_AT = '2031-03-04T17:00:00.000Z';

export function recordFaker(seed: number): Faker {
  const faker = new Faker({ locale: [en_US, en, base] });
  faker.seed(seed);
  return faker;
}
