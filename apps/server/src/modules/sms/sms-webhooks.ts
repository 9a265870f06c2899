import { formatPhone } from '@casedesk/contract/common/text';
import { normalizeKeyword, optOutKeyword } from '@casedesk/contract/sms/opt-out';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Db } from '../../platform/db/database.ts';
import { toNationalNumber } from '../../platform/providers/phone-numbers.ts';
import { mapTwilioSmsStatus } from '../../platform/providers/twilio-status.ts';
import type { WebhookEvent, WebhookHandlers } from '../../platform/providers/webhook-handlers.ts';
import type { RealtimeBus } from '../../platform/realtime/realtime-bus.ts';
import { accountOfInboundText, notifyCollectorOfText } from '../collections/collection-contact.service.ts';
import { notifyUsers, usersReachingOffice } from '../notifications/notifications.service.ts';
import { afterCommitBus } from './after-commit-bus.ts';
import { recordOptChange } from './opt-out.repository.ts';
import { findInboundContext } from './sms-lookups.repository.ts';
import { advanceStatusBySid, insertMessageOnce } from './sms-write.repository.ts';

export interface SmsWebhookDeps {
  db: Db;
  realtime: RealtimeBus;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * An inbound text (Twilio params MessageSid, From, To, Body). In one transaction: the message (once per
 * MessageSid — a replay inserts nothing and changes nothing), the opt-out or opt-in it carries (before
 * anything else can send to the number), and a notification for everyone whose SMS READ reaches the
 * office it was sent to; a text from a client with an open collection account is that account's, and its
 * collector is told with a COLLECTION_SMS notification instead. Live messages go out after the commit.
 */
export async function handleInboundSms(deps: SmsWebhookDeps, event: WebhookEvent): Promise<void> {
  const { MessageSid: sid, From, To, Body } = event.params;
  if (!sid || !From || !To) {
    deps.log.warn({ eventId: event.id }, 'inbound SMS webhook without MessageSid, From or To; ignored');
    return;
  }
  const from = toNationalNumber(From);
  const to = toNationalNumber(To);
  const body = Body ?? '';
  const live = afterCommitBus();
  await deps.db.transaction(async (tx) => {
    const context = await findInboundContext(tx, from, to);
    // A text from a client with an open collection account belongs to that account and its collector.
    const account = await accountOfInboundText(tx, context.clientId, context.collectionAccountId);
    const inserted = await insertMessageOnce(tx, {
      direction: 'INBOUND',
      fromNumber: from,
      toNumber: to,
      body,
      status: 'received',
      providerMessageSid: sid,
      officeId: context.officeId,
      clientId: context.clientId,
      inquiryId: context.inquiryId,
      collectionAccountId: account?.id ?? context.collectionAccountId,
      collectorId: account ? account.collectorId : context.collectorId,
    });
    if (!inserted) return;
    const action = optOutKeyword(body);
    if (action) {
      await recordOptChange(tx, { phoneNumber: from, action, keyword: normalizeKeyword(body), messageId: inserted.id });
      await recordAudit(tx, {
        action: action === 'OPT_OUT' ? 'sms.opt_out' : 'sms.opt_in',
        entity: 'sms_opt_out',
        entityId: inserted.id,
        after: { phoneNumber: from, optedOut: action === 'OPT_OUT' },
        detail: { keyword: normalizeKeyword(body), webhookEventId: event.id },
      });
    }
    const who = context.clientName ? `${context.clientName} ${formatPhone(from)}` : formatPhone(from);
    const description =
      action === 'OPT_OUT'
        ? `${who} opted out of texts (${normalizeKeyword(body)})`
        : action === 'OPT_IN'
          ? `${who} opted back in to texts (${normalizeKeyword(body)})`
          : `New text from ${who}`;
    // Nobody has categorized an inbound text yet, so every category condition lets it be read (sms.repository).
    const readers = await usersReachingOffice(tx, ['SMS', 'READ'], context.officeId, ['SMS_CATEGORY_TYPE']);
    await notifyUsers(tx, live.bus, {
      // The account's collector hears of it once, as a collection text (it opens the account page).
      userIds: readers.filter((id) => id !== account?.collectorId),
      notificationType: 'SMS',
      notificationId: inserted.id,
      description,
    });
    if (account) await notifyCollectorOfText(tx, live.bus, account, who);
  });
  await live.flush(deps.realtime);
}

/**
 * A delivery-status callback (MessageSid, MessageStatus, ErrorCode). The status only moves forward
 * (queued < sent < delivered | failed | undelivered), so an out-of-order or replayed report changes
 * nothing. A final report for a text whose provider id is not stored yet (the callback overtook the
 * send job's write) fails the job, which pg-boss retries a little later; earlier states are dropped.
 */
export async function handleSmsStatus(deps: SmsWebhookDeps, event: WebhookEvent): Promise<void> {
  const { MessageSid: sid, MessageStatus, ErrorCode } = event.params;
  const status = MessageStatus ? mapTwilioSmsStatus(MessageStatus) : undefined;
  if (!sid || !status) return;
  const result = await advanceStatusBySid(deps.db, sid, status, ErrorCode || null);
  if (!result.found && (status === 'delivered' || status === 'failed' || status === 'undelivered')) {
    throw new Error(`No text with provider id ${sid} yet; the status report is retried`);
  }
}

export function registerSmsWebhooks(webhooks: WebhookHandlers, deps: SmsWebhookDeps): void {
  webhooks.on('SMS_INBOUND', (event) => handleInboundSms(deps, event));
  webhooks.on('SMS_STATUS', (event) => handleSmsStatus(deps, event));
}
