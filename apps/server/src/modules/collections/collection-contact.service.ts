import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import type { RealtimeBus } from '../../platform/realtime/realtime-bus.ts';
import { notifyUsers } from '../notifications/notifications.service.ts';
import { findAccountRef, findOpenAccountOfClient } from './collection-accounts.repository.ts';
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
 * throws the refusal when the contact rules (time of day in the client's zone, call frequency, quiet days after a
 * conversation, opt-out) hold the contact back. The contact rules engine fills this in; until it does, every
 * contact is allowed.
 */
export async function guardCollectionContact(_db: Db, _contact: CollectionContact): Promise<void> {}

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
