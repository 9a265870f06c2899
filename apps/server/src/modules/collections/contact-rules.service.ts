import { scopeOf } from '@casedesk/contract/access/permissions';
import type { ContactCheckResponse, ContactRule, ContactRuleWrite } from '@casedesk/contract/collections/contact-rules';
import { CONTACT_RULE_ADMIN_MESSAGES, contactRuleSchema } from '@casedesk/contract/collections/contact-rules';
import type { ContactRuleChange } from '@casedesk/contract/collections/contact-rule-history';
import { CONTACT_RULE_HISTORY_LIMIT } from '@casedesk/contract/collections/contact-rule-history';
import { COLLECTION_ACCOUNT_MESSAGES } from '@casedesk/contract/collections/account';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { findReachableAccount, judgeCollectionContact } from './collection-contact.service.ts';
import { toContactRefusal } from './contact-rules/check-contact.ts';
import {
  findContactRule,
  findContactRuleChanges,
  findContactRules,
  upsertContactRule,
} from './contact-guard.repository.ts';

/** GET /collectionContactRule: the rule table, for the account screens and collection management. */
export async function listContactRules(db: Db): Promise<ContactRule[]> {
  return findContactRules(db);
}

/**
 * PUT /collectionContactRule: sets one state's rule (or DEFAULT). The rules are the firm's, like terms: the
 * caller needs COLLECTION_MANAGEMENT UPDATE with no office condition (the route checks the level and SPEC §6's
 * ADMIN role). Audited with the rule before and after.
 */
export async function saveContactRule(db: Db, actor: Actor, rule: ContactRuleWrite): Promise<ContactRule> {
  if (scopeOf(actor.permissions, 'COLLECTION_MANAGEMENT', 'UPDATE', 'OFFICE').kind !== 'all') {
    throw AppError.forbiddenBecause(CONTACT_RULE_ADMIN_MESSAGES.firmWide);
  }
  return db.transaction(async (tx) => {
    const before = (await findContactRule(tx, rule.state)) ?? null;
    const after = await upsertContactRule(tx, rule, actor.userId);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'collectionContactRule.save',
      entity: 'collection_contact_rules',
      entityId: rule.state,
      before,
      after,
      ip: actor.ip,
      requestId: actor.requestId,
    });
    return after;
  });
}

/** An audited rule as the history shows it (null for none, or for a row the audit redacted). */
function ruleOrNull(value: unknown) {
  const parsed = contactRuleSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** GET /collectionContactRule/history: who changed which state's rule, when, from what to what; newest first. */
export async function listContactRuleChanges(db: Db): Promise<ContactRuleChange[]> {
  const rows = await findContactRuleChanges(db, CONTACT_RULE_HISTORY_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    occurredAt: row.occurredAt,
    byName: row.byName,
    state: row.state ?? '',
    before: ruleOrNull(row.before),
    after: ruleOrNull(row.after),
  }));
}

/** POST /collectionContactRule/check: what the guard would answer now, without logging an attempt. */
export async function checkAccountContact(
  db: Db,
  actor: Actor,
  input: { accountId: string; channel: 'CALL' | 'TEXT'; toNumber: string },
): Promise<ContactCheckResponse> {
  const account = await findReachableAccount(db, actor, input.accountId);
  if (!account) {
    throw new AppError('NOT_FOUND', COLLECTION_ACCOUNT_MESSAGES.notFound, {
      accountId: COLLECTION_ACCOUNT_MESSAGES.notFound,
    });
  }
  const verdict = await judgeCollectionContact(db, {
    account,
    channel: input.channel,
    toNumber: input.toNumber,
    at: new Date(),
  });
  return {
    allowed: verdict.result.allowed,
    refusal: verdict.result.allowed ? null : toContactRefusal(verdict.result),
    timeZone: verdict.timeZone,
    timeZoneSource: verdict.source,
    rule: verdict.rule,
  };
}
