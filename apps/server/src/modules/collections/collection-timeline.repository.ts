import type { TimelineKind } from '@casedesk/contract/collections/account';
import type { SQL } from 'drizzle-orm';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Scope } from '@casedesk/contract/access/permissions';
import type { Db } from '../../platform/db/database.ts';
import { officeScopeSql } from '../../platform/db/office-scope.ts';
import { payments } from '../accounting/accounting.tables.ts';
import { calls } from '../calls/calls.tables.ts';
import { mailLetters, mailOutbox } from '../mail/mail.tables.ts';
import { smsMessages } from '../sms/sms.tables.ts';
import { users } from '../users/users.tables.ts';
import { collectionAccountEvents, collectionAdjustments } from './collections.tables.ts';

/**
 * The account's activity, source by source: each read newest first, from before an instant, at most `limit`
 * rows, through the partial index each source keeps on its account column. The service merges them.
 */

export interface TimelineWindow {
  accountId: string;
  before: Date | null;
  limit: number;
}

const nameOf = (userId: AnyPgColumn) =>
  sql<string | null>`(select u.display_name from ${users} u where u.id = ${userId})`;

function windowOf(account: AnyPgColumn, at: AnyPgColumn, w: TimelineWindow): SQL | undefined {
  return and(eq(account, w.accountId), w.before ? lt(at, w.before) : undefined);
}

/** The account's own history: status changes, notes, assignments, follow-ups, terms, plan and workflow steps. */
export async function findEventItems(db: Db, w: TimelineWindow) {
  const e = collectionAccountEvents;
  return db
    .select({
      id: e.id,
      kind: sql<TimelineKind>`${e.kind}`,
      at: e.at,
      title: e.title,
      detail: e.detail,
      by: nameOf(e.byId),
      amountCents: sql<string | null>`case when jsonb_typeof(${e.data} -> 'amountCents') = 'number'
        then (${e.data} ->> 'amountCents') end`,
    })
    .from(e)
    .where(windowOf(e.accountId, e.at, w))
    .orderBy(desc(e.at), desc(e.id))
    .limit(w.limit);
}

export async function findAdjustmentItems(db: Db, w: TimelineWindow) {
  const j = collectionAdjustments;
  return db
    .select({ id: j.id, at: j.at, amountCents: j.amountCents, reason: j.reason, by: nameOf(j.byId) })
    .from(j)
    .where(windowOf(j.accountId, j.at, w))
    .orderBy(desc(j.at), desc(j.id))
    .limit(w.limit);
}

/** The cash-flow entries carrying the account, reversals included, by when they were entered. */
export async function findPaymentItems(db: Db, w: TimelineWindow) {
  const p = payments;
  return db
    .select({
      id: p.id,
      at: p.enteredAt,
      paymentDate: p.paymentDate,
      paymentType: p.paymentType,
      receiptNumber: p.receiptNumber,
      reversesId: p.reversesId,
      reason: p.reason,
      amountCents: sql<string>`${p.feesCents} + ${p.costCents}`,
      by: nameOf(p.enteredById),
    })
    .from(p)
    .where(windowOf(p.collectionAccountId, p.enteredAt, w))
    .orderBy(desc(p.enteredAt), desc(p.id))
    .limit(w.limit);
}

/** The calls made or taken about the account in the caller's CALLS READ scope, and the caller's own calls. */
export async function findCallItems(db: Db, w: TimelineWindow, scope: Scope, ownerId: string) {
  const c = calls;
  const inScope = officeScopeSql(c.officeId, scope);
  const visible = inScope ? or(inScope, eq(c.operatorId, ownerId)) : undefined;
  return db
    .select({
      id: c.id,
      at: c.callStartTime,
      direction: c.direction,
      durationInSeconds: c.durationInSeconds,
      callResolution: c.callResolution,
      number: sql<string | null>`case when ${c.direction} = 'OUTBOUND' then ${c.numberDialed} else ${c.callerId} end`,
      status: c.status,
      by: nameOf(c.operatorId),
    })
    .from(c)
    .where(and(windowOf(c.collectionAccountId, c.callStartTime, w), visible))
    .orderBy(desc(c.callStartTime), desc(c.id))
    .limit(w.limit);
}

/** The e-mails about the account in the offices of `scope` (the caller's MAIL READ). */
export async function findEmailItems(db: Db, w: TimelineWindow, scope: Scope) {
  const m = mailOutbox;
  return db
    .select({
      id: m.id,
      at: m.createdAt,
      subject: m.subject,
      status: m.status,
      to: m.toAddresses,
      by: nameOf(m.createdById),
    })
    .from(m)
    .where(and(windowOf(m.collectionAccountId, m.createdAt, w), officeScopeSql(m.officeId, scope)))
    .orderBy(desc(m.createdAt), desc(m.id))
    .limit(w.limit);
}

/** The letters saved about the account (printed: a batch's are written first), in the offices of `scope`. */
export async function findLetterItems(db: Db, w: TimelineWindow, scope: Scope) {
  const l = mailLetters;
  return db
    .select({ id: l.id, at: l.createdAt, subject: l.subject, pages: l.pages, by: nameOf(l.createdById) })
    .from(l)
    .where(
      and(windowOf(l.collectionAccountId, l.createdAt, w), eq(l.status, 'STORED'), officeScopeSql(l.officeId, scope)),
    )
    .orderBy(desc(l.createdAt), desc(l.id))
    .limit(w.limit);
}

/** The texts about the account that `visible` (the caller's SMS READ scope) lets the caller read. */
export async function findTextItems(db: Db, w: TimelineWindow, visible: SQL | undefined) {
  const s = smsMessages;
  return db
    .select({
      id: s.id,
      at: s.createdDate,
      direction: s.direction,
      body: s.body,
      status: s.status,
      by: nameOf(s.operatorId),
    })
    .from(s)
    .where(and(windowOf(s.collectionAccountId, s.createdDate, w), visible))
    .orderBy(desc(s.createdDate), desc(s.id))
    .limit(w.limit);
}
