import { PAYMENT_REMINDER_TEXT } from '@casedesk/contract/collections/payment-plan';
import { reminderWindow } from '@casedesk/contract/collections/payment-plan-rules';
import { formatMoney } from '@casedesk/contract/common/money';
import { fillTemplate, unfilledPlaceholders } from '@casedesk/contract/sms/template-fill';
import { TEMPLATE_MESSAGES } from '@casedesk/contract/templates/template';
import type { Db } from '../../platform/db/database.ts';
import type { StoredText } from '../sms/automated-text.service.ts';
import { dispatchAutomatedTexts, storeAutomatedText } from '../sms/automated-text.service.ts';
import { judgeCollectionContact, logAllowedAutomatedText } from './collection-contact.service.ts';
import { templateForPurpose } from '../templates/templates.service.ts';
import { insertAccountEvent } from './payment-plan.repository.ts';
import type { ReminderAccount, ReminderCandidate } from './plan-day.repository.ts';
import { claimReminder, findReminderCandidates, lockReminderAccount } from './plan-day.repository.ts';
import type { PlanDayDeps } from './plan-day-deps.ts';
import { shownDate } from './plan-dates.ts';

/** Where a reminder is filed in the texts (the seeded SMS category and reason; docs/collections-payment-plans.md). */
const REMINDER_FILING = { category: 'Payment Plan', categoryType: 'COLLECTIONS', reason: 'Payment Reminder' } as const;

/**
 * When the reminder may go out under the contact rules (docs/collections-contact-rules.md), judged in the
 * transaction that claimed it and logged for compliance like any collection contact, with no user: now if the
 * client's hours allow it; else the rules' next allowed time (the plan day runs at 6:00 at the office, before any
 * client's 8:00, so most reminders wait for the client's morning); a refusal with no next time (opt-out) is the
 * reason it is not sent.
 */
async function reminderSendTime(
  tx: Db,
  account: ReminderAccount,
  phone: string,
  now: Date,
): Promise<{ at: Date } | { refused: string }> {
  const contact = { account: { id: account.accountId }, channel: 'TEXT' as const, toNumber: phone };
  let verdict = await judgeCollectionContact(tx, { ...contact, at: now });
  let at = now;
  if (!verdict.result.allowed) {
    if (!verdict.result.nextAllowedAt) return { refused: verdict.result.message };
    // Judged again at the time it would go, so the log records the verdict of that instant.
    at = verdict.result.nextAllowedAt;
    verdict = await judgeCollectionContact(tx, { ...contact, at });
    if (!verdict.result.allowed) return { refused: verdict.result.message };
  }
  await logAllowedAutomatedText(tx, { accountId: account.accountId, toNumber: phone, at, timeZone: verdict.timeZone });
  return { at };
}

/** The firm's reminder template (TEXT, purpose PAYMENT_REMINDER), else the contract's default text. */
async function reminderTemplate(db: Db): Promise<string> {
  const template = await templateForPurpose(db, 'PAYMENT_REMINDER');
  return template?.templateType === 'TEXT' ? template.content : PAYMENT_REMINDER_TEXT;
}

type ReminderOutcome = ({ sent: true } & StoredText) | { sent: false } | null;

const REFUSALS = {
  OPTED_OUT: 'The client’s number opted out of texts.',
  NO_OFFICE_NUMBER: 'The account’s office has no active text number.',
  NO_PHONE: 'The client has no phone number.',
} as const;

/**
 * One instalment's reminder, in one transaction: the account is locked (as every plan write locks it first), the
 * instalment claimed (`reminded_at` set while unset), then the text stored as queued through the SMS module, which
 * refuses an opted-out number. A claim that finds it already set sends nothing (null): a retry or another
 * instance got there first. A reminder that may not go keeps its claim and says why on the timeline.
 */
async function remind(db: Db, candidate: ReminderCandidate, template: string, now: Date): Promise<ReminderOutcome> {
  return db.transaction(async (tx) => {
    const account = await lockReminderAccount(tx, candidate.accountId);
    if (!account) return null;
    const claimed = await claimReminder(tx, candidate.id);
    if (!claimed) return null;
    const notSent = async (detail: string): Promise<ReminderOutcome> => {
      await insertAccountEvent(tx, {
        accountId: account.accountId,
        kind: 'PLAN',
        title: 'Reminder not sent',
        detail: `Instalment ${claimed.seq} due ${shownDate(claimed.dueDate)}: ${detail}`,
        data: { instalmentId: candidate.id },
        byId: null,
      });
      return { sent: false };
    };
    if (!account.phone) return notSent(REFUSALS.NO_PHONE);
    const when = await reminderSendTime(tx, account, account.phone, now);
    if ('refused' in when) return notSent(when.refused);
    const body = fillTemplate(template, {
      clientFirstName: account.clientFirstName,
      clientLastName: account.clientLastName,
      balance: formatMoney(account.balanceCents),
      collectorName: account.collectorName ?? 'our office',
      payment: formatMoney(candidate.owedCents),
      dueDate: shownDate(claimed.dueDate),
    });
    // The reminder fills the SPEC §3 six: any other placeholder the firm put in its template is not sent blank.
    const unfilled = unfilledPlaceholders(body);
    if (unfilled.length > 0) return notSent(TEMPLATE_MESSAGES.unfilled(unfilled));
    const stored = await storeAutomatedText(tx, {
      officeId: account.officeId,
      toNumber: account.phone,
      body,
      clientId: account.clientId,
      collectionAccountId: account.accountId,
      collectorId: account.collectorId,
      ...REMINDER_FILING,
      action: 'payment_plan.reminder',
      ...(when.at > now ? { sendAfter: when.at } : {}),
    });
    if (!stored.stored) return notSent(REFUSALS[stored.refused]);
    return { sent: true, messageId: stored.messageId, ...(stored.sendAfter ? { sendAfter: stored.sendAfter } : {}) };
  });
}

/** The reminders of an office's day: every unpaid instalment due from today to REMINDER_DAYS_BEFORE days on. */
export async function sendDueReminders(
  deps: PlanDayDeps,
  officeId: string,
  today: string,
): Promise<{ sent: number; notSent: number }> {
  const candidates = await findReminderCandidates(deps.db, officeId, reminderWindow(today));
  if (candidates.length === 0) return { sent: 0, notSent: 0 };
  const template = await reminderTemplate(deps.db);
  const now = deps.now?.() ?? new Date();
  let sent = 0;
  let notSent = 0;
  for (const candidate of candidates) {
    const outcome = await remind(deps.db, candidate, template, now);
    if (outcome?.sent) {
      sent += 1;
      dispatchAutomatedTexts(deps.jobs, [outcome]);
    } else if (outcome) notSent += 1;
  }
  return { sent, notSent };
}
