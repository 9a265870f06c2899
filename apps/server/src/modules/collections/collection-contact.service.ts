import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import type { RealtimeBus } from '../../platform/realtime/realtime-bus.ts';
import { contactRuleFor } from '@casedesk/contract/collections/contact-rules';
import { digitsOnly } from '@casedesk/contract/common/text';
import { AppError } from '../../platform/errors/app-error.ts';
import { notifyUsers } from '../notifications/notifications.service.ts';
import { checkContact } from './contact-rules/check-contact.ts';
import { resolveClientTimeZone } from './contact-rules/client-time-zone.ts';
import {
  findAccountCallHistory,
  findContactRules,
  findContactWhereabouts,
  insertContactAttempt,
  isOptedOut,
} from './contact-guard.repository.ts';
import { findAccountRef, findOpenAccountOfClient } from './collection-account-refs.repository.ts';
import { accountScope } from './collection-accounts.service.ts';

/**
 * What other modules need of collection accounts: a call, a text or a payment that names an account (checked
 * against the caller's reach, and the contact rules' guard), and the collector an inbound text is for.
 */

export interface AccountRef {
  id: string;
  accountNumber: number;
  officeId: string;
  clientId: string;
  collectorId: string | null;
  status: string;
}

/**
 * The account a call, a text or a payment names, when the caller's ALL_ACCOUNTS READ reaches its office;
 * undefined when it does not exist or lies outside (the caller answers 404 alike, with its own wording).
 */
export async function findReachableAccount(db: Db, actor: Actor, id: string): Promise<AccountRef | undefined> {
  return findAccountRef(db, id, accountScope(actor, 'READ'));
}

export interface CollectionContact {
  actor: Actor;
  account: AccountRef;
  channel: 'CALL' | 'TEXT';
  /** The number rung or texted (digits). */
  toNumber: string;
  /** When it would go out. */
  at: Date;
}

/**
 * The collection contact guard, asked before a collection call is dialled or a collection text is stored: it
 * throws the refusal (422, the rule's words with the next allowed time) when the contact rules hold the contact
 * back (docs/collections-contact-rules.md), and logs every contact it was asked about, allowed or refused, for
 * compliance. Only collection contacts reach it: a call or text without an account is never judged.
 */
export async function guardCollectionContact(db: Db, contact: CollectionContact): Promise<void> {
  const verdict = await judgeCollectionContact(db, contact);
  await insertContactAttempt(db, {
    accountId: contact.account.id,
    channel: contact.channel,
    toNumber: contact.toNumber,
    at: contact.at,
    allowed: verdict.result.allowed,
    rule: verdict.result.allowed ? null : verdict.result.rule,
    message: verdict.result.allowed ? null : verdict.result.message,
    nextAllowedAt: verdict.result.allowed ? null : verdict.result.nextAllowedAt,
    timeZone: verdict.timeZone,
    byId: contact.actor.userId,
  });
  if (!verdict.result.allowed) {
    throw new AppError('BUSINESS_RULE', verdict.result.message, { collectionAccountId: verdict.result.message });
  }
}

/** What the guard would answer for this contact, without logging it (the account page's dry run). */
export async function judgeCollectionContact(
  db: Db,
  contact: Omit<CollectionContact, 'actor' | 'account'> & { account: Pick<AccountRef, 'id'> },
) {
  const where = await findContactWhereabouts(db, contact.account.id);
  const zone = resolveClientTimeZone({
    addressState: where?.addressState,
    phone: contact.toNumber,
    officeTimeZone: where?.officeTimeZone ?? 'America/New_York',
  });
  const rules = await findContactRules(db);
  const rule = contactRuleFor(rules, zone.state);
  // The longest look-back any rule can need: its window or quiet days, plus a day for the zone's edges.
  const lookBackDays = Math.max(rule.windowDays, rule.quietDaysAfterConversation) + 2;
  const [history, optedOut] = await Promise.all([
    contact.channel === 'CALL'
      ? findAccountCallHistory(db, contact.account.id, new Date(contact.at.getTime() - lookBackDays * 86_400_000))
      : Promise.resolve([]),
    contact.channel === 'TEXT' ? isOptedOut(db, digitsOnly(contact.toNumber)) : Promise.resolve(false),
  ]);
  const result = checkContact({
    channel: contact.channel,
    at: contact.at,
    timeZone: zone.timeZone,
    rule,
    history,
    optedOut,
  });
  return { result, timeZone: zone.timeZone, source: zone.source, rule };
}

export interface InboundTextAccount {
  id: string;
  accountNumber: number;
  collectorId: string | null;
}

/**
 * The open account an inbound text from this client is about: the one its conversation was about if still open,
 * else the client's open account (one with a collector first, then the newest). Null when the client has none.
 */
export async function accountOfInboundText(
  db: Db,
  clientId: string | null,
  conversationAccountId: string | null,
): Promise<InboundTextAccount | null> {
  if (!clientId) return null;
  return (await findOpenAccountOfClient(db, clientId, conversationAccountId)) ?? null;
}

/**
 * Tells the account's collector of an inbound text (COLLECTION_SMS, about the account: SPEC §4 opens the account
 * page). Pass the transaction that stored the text and a bus that holds live messages until it commits.
 */
export async function notifyCollectorOfText(
  tx: Db,
  bus: RealtimeBus,
  account: InboundTextAccount,
  from: string,
): Promise<void> {
  if (!account.collectorId) return;
  await notifyUsers(tx, bus, {
    userIds: [account.collectorId],
    notificationType: 'COLLECTION_SMS',
    notificationId: account.id,
    description: `New text from ${from} on account ${account.accountNumber}`,
  });
}

/**
 * An automated collection text the rules allowed (a payment reminder, a workflow step), in the contact log as a
 * contact with no user at the instant it goes, for compliance like any other.
 */
export async function logAllowedAutomatedText(
  db: Db,
  text: { accountId: string; toNumber: string; at: Date; timeZone: string },
): Promise<void> {
  await insertContactAttempt(db, {
    accountId: text.accountId,
    channel: 'TEXT',
    toNumber: digitsOnly(text.toNumber),
    at: text.at,
    allowed: true,
    rule: null,
    message: null,
    nextAllowedAt: null,
    timeZone: text.timeZone,
    byId: null,
  });
}
