import type { ContactChannel, ContactRule, ContactRuleKind } from '@casedesk/contract/collections/contact-rules';
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import { auditEvents } from '../../platform/audit/audit.tables.ts';
import type { Db } from '../../platform/db/database.ts';
import { calls } from '../calls/calls.tables.ts';
import { clients } from '../clients/clients.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { smsOptOuts } from '../sms/sms.tables.ts';
import { users } from '../users/users.tables.ts';
import { collectionAccounts } from './collections.tables.ts';
import { collectionContactAttempts, collectionContactRules } from './contact-rules.tables.ts';

/** A call that lasted this long reached the client and was a conversation, not a ring or a voicemail greeting. */
export const CONVERSATION_MIN_SECONDS = 60;

const ruleColumns = {
  state: collectionContactRules.state,
  earliestHour: collectionContactRules.earliestHour,
  latestHour: collectionContactRules.latestHour,
  maxCallAttempts: collectionContactRules.maxCallAttempts,
  windowDays: collectionContactRules.windowDays,
  quietDaysAfterConversation: collectionContactRules.quietDaysAfterConversation,
};

export async function findContactRules(db: Db): Promise<ContactRule[]> {
  const rows = await db.select(ruleColumns).from(collectionContactRules).orderBy(asc(collectionContactRules.state));
  return rows as ContactRule[];
}

export async function findContactRule(db: Db, state: string): Promise<ContactRule | undefined> {
  const [row] = await db
    .select(ruleColumns)
    .from(collectionContactRules)
    .where(eq(collectionContactRules.state, state));
  return row as ContactRule | undefined;
}

export async function upsertContactRule(db: Db, rule: ContactRule, byId: string): Promise<ContactRule> {
  const values = { ...rule, updatedById: byId, updatedAt: new Date() };
  const [row] = await db
    .insert(collectionContactRules)
    .values(values)
    .onConflictDoUpdate({ target: collectionContactRules.state, set: values })
    .returning(ruleColumns);
  return row as ContactRule;
}

/** The audited saves of the rule table, newest first, with who made them. */
export async function findContactRuleChanges(db: Db, limit: number) {
  return db
    .select({
      id: auditEvents.id,
      occurredAt: sql<string>`to_char(${auditEvents.occurredAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      byName: users.displayName,
      state: auditEvents.entityId,
      before: auditEvents.before,
      after: auditEvents.after,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .where(
      and(eq(auditEvents.entity, 'collection_contact_rules'), eq(auditEvents.action, 'collectionContactRule.save')),
    )
    .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
    .limit(limit);
}

/** Where the account's client lives and which office's clock applies when nothing else tells. */
export async function findContactWhereabouts(db: Db, accountId: string) {
  const [row] = await db
    .select({ addressState: clients.state, officeTimeZone: offices.timeZone })
    .from(collectionAccounts)
    .innerJoin(clients, eq(clients.id, collectionAccounts.clientId))
    .innerJoin(offices, eq(offices.id, collectionAccounts.officeId))
    .where(eq(collectionAccounts.id, accountId));
  return row;
}

/** The account's outbound collection calls since an instant, with whether each was a conversation. */
export async function findAccountCallHistory(db: Db, accountId: string, since: Date) {
  return db
    .select({
      at: calls.callStartTime,
      direction: calls.direction,
      conversation: sql<boolean>`coalesce(${calls.durationInSeconds}, 0) >= ${CONVERSATION_MIN_SECONDS}`,
    })
    .from(calls)
    .where(
      and(eq(calls.collectionAccountId, accountId), eq(calls.direction, 'OUTBOUND'), gte(calls.callStartTime, since)),
    );
}

export async function isOptedOut(db: Db, phoneNumber: string): Promise<boolean> {
  const [row] = await db
    .select({ optedOut: smsOptOuts.optedOut })
    .from(smsOptOuts)
    .where(eq(smsOptOuts.phoneNumber, phoneNumber));
  return row?.optedOut ?? false;
}

export interface ContactAttempt {
  accountId: string;
  channel: ContactChannel;
  toNumber: string;
  at: Date;
  allowed: boolean;
  rule: ContactRuleKind | null;
  message: string | null;
  nextAllowedAt: Date | null;
  timeZone: string;
  /** Null: the product contacted the client by itself (a payment plan's reminder). */
  byId: string | null;
}

export async function insertContactAttempt(db: Db, attempt: ContactAttempt): Promise<void> {
  await db.insert(collectionContactAttempts).values(attempt);
}
