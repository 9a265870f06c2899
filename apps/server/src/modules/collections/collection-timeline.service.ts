import { scopeOf } from '@casedesk/contract/access/permissions';
import { PAYMENT_TYPE_LABELS } from '@casedesk/contract/accounting/payment';
import type { TimelineItem } from '@casedesk/contract/collections/account';
import type { timelineRequestSchema } from '@casedesk/contract/collections/account';
import { formatPhone } from '@casedesk/contract/common/text';
import { MAIL_STATUS_LABELS } from '@casedesk/contract/mail/mail';
import type { z } from 'zod';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { smsScope, smsScopeSql } from '../sms/sms.service.ts';
import { findAccountRef } from './collection-account-refs.repository.ts';
import { accountNotFound, accountScope } from './collection-accounts.service.ts';
import type { TimelineWindow } from './collection-timeline.repository.ts';
import {
  findAdjustmentItems,
  findCallItems,
  findEmailItems,
  findEventItems,
  findLetterItems,
  findPaymentItems,
  findTextItems,
} from './collection-timeline.repository.ts';

type TimelineRequest = z.output<typeof timelineRequestSchema>;

const iso = (at: Date | string) => new Date(at).toISOString();

function duration(seconds: number | null): string | null {
  if (seconds === null) return null;
  const m = Math.floor(seconds / 60);
  return m > 0 ? `${m} min ${seconds % 60} s` : `${seconds} s`;
}

/** The e-mails and letters about the account (the mail module's outbox and letters), where MAIL READ reaches. */
async function mailItems(db: Db, actor: Actor, w: TimelineWindow): Promise<TimelineItem[]> {
  const scope = scopeOf(actor.permissions, 'MAIL', 'READ', 'OFFICE');
  const [emails, letters] = [await findEmailItems(db, w, scope), await findLetterItems(db, w, scope)];
  return [
    ...emails.map((r): TimelineItem => ({
      id: r.id,
      kind: 'EMAIL',
      at: iso(r.at),
      title: `E-mail: ${r.subject}`,
      detail: [r.to.join(', '), MAIL_STATUS_LABELS[r.status]].join(' · '),
      by: r.by,
      amountCents: null,
    })),
    ...letters.map((r): TimelineItem => ({
      id: r.id,
      kind: 'LETTER',
      at: iso(r.at),
      title: `Letter: ${r.subject}`,
      detail: r.pages ? `${r.pages} ${r.pages === 1 ? 'page' : 'pages'}` : null,
      by: r.by,
      amountCents: null,
    })),
  ];
}

async function callItems(db: Db, actor: Actor, w: TimelineWindow): Promise<TimelineItem[]> {
  const rows = await findCallItems(db, w, scopeOf(actor.permissions, 'CALLS', 'READ', 'OFFICE'), actor.userId);
  return rows.map((r) => ({
    id: r.id,
    kind: 'CALL',
    at: iso(r.at),
    title: `${r.direction === 'OUTBOUND' ? 'Call to' : 'Call from'} ${formatPhone(r.number) || 'an unknown number'}`,
    detail:
      [duration(r.durationInSeconds), r.callResolution, r.status === 'completed' ? null : r.status]
        .filter(Boolean)
        .join(' · ') || null,
    by: r.by,
    amountCents: null,
  }));
}

async function textItems(db: Db, actor: Actor, w: TimelineWindow): Promise<TimelineItem[]> {
  const rows = await findTextItems(db, w, smsScopeSql(smsScope(actor, 'READ')));
  return rows.map((r) => ({
    id: r.id,
    kind: 'TEXT',
    at: iso(r.at),
    title: r.direction === 'OUTBOUND' ? `Text sent (${r.status})` : 'Text received',
    detail: r.body,
    by: r.by,
    amountCents: null,
  }));
}

async function paymentItems(db: Db, w: TimelineWindow): Promise<TimelineItem[]> {
  const rows = await findPaymentItems(db, w);
  return rows.map((r) => ({
    id: r.id,
    kind: 'PAYMENT',
    at: iso(r.at),
    title: r.reversesId
      ? `Payment reversed (${PAYMENT_TYPE_LABELS[r.paymentType]})`
      : `Payment by ${PAYMENT_TYPE_LABELS[r.paymentType].toLowerCase()}, receipt ${r.receiptNumber}`,
    detail: r.reversesId ? r.reason : null,
    by: r.by,
    amountCents: Number(r.amountCents),
  }));
}

async function adjustmentItems(db: Db, w: TimelineWindow): Promise<TimelineItem[]> {
  const rows = await findAdjustmentItems(db, w);
  return rows.map((r) => ({
    id: r.id,
    kind: 'ADJUSTMENT',
    at: iso(r.at),
    title: r.amountCents < 0 ? 'Written off' : 'Balance adjusted',
    detail: r.reason,
    by: r.by,
    amountCents: Number(r.amountCents),
  }));
}

async function eventItems(db: Db, w: TimelineWindow): Promise<TimelineItem[]> {
  const rows = await findEventItems(db, w);
  return rows.map((r) => ({
    ...r,
    at: iso(r.at),
    amountCents: r.amountCents === null ? null : Number(r.amountCents),
  }));
}

/**
 * POST /collectionAccount/timeline: everything that happened on an account the caller's ALL_ACCOUNTS READ reaches,
 * newest first: its own history (status changes, notes, assignments, follow-ups, terms, plan and workflow events),
 * adjustments, the payments carrying it, and its calls, texts and mail. Calls and texts follow the caller's own
 * CALLS READ and SMS READ (a collector always sees the calls they made); payments on the account are part of the
 * account's record, as its paid figure is. `before` pages back; `hasMore` says an older page exists.
 */
export async function accountTimeline(
  db: Db,
  actor: Actor,
  request: TimelineRequest,
): Promise<{ items: TimelineItem[]; hasMore: boolean }> {
  const account = await findAccountRef(db, request.accountId, accountScope(actor, 'READ'));
  if (!account) throw accountNotFound();
  const w: TimelineWindow = {
    accountId: account.id,
    before: request.before ? new Date(request.before) : null,
    limit: request.limit + 1,
  };
  // One source after another: PGlite runs one statement at a time anyway, and each is an index range.
  const sources = [
    await eventItems(db, w),
    await adjustmentItems(db, w),
    await paymentItems(db, w),
    await callItems(db, actor, w),
    await textItems(db, actor, w),
    await mailItems(db, actor, w),
  ];
  const merged = sources.flat().sort((x, y) => (x.at === y.at ? (x.id < y.id ? 1 : -1) : x.at < y.at ? 1 : -1));
  return { items: merged.slice(0, request.limit), hasMore: merged.length > request.limit };
}
