import {
  contactCheckRequestSchema,
  contactCheckResponseSchema,
  contactRuleListSchema,
  contactRuleSchema,
  contactRuleWriteSchema,
} from '@casedesk/contract/collections/contact-rules';
import { contactRuleHistorySchema } from '@casedesk/contract/collections/contact-rule-history';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import {
  checkAccountContact,
  listContactRuleChanges,
  listContactRules,
  saveContactRule,
} from './contact-rules.service.ts';

const tags = ['collections'];

/**
 * The collection contact rules (docs/collections-contact-rules.md): read by whoever works accounts, written in
 * collection management (SPEC §6: COLLECTION_MANAGEMENT with the ADMIN role condition), and a dry run of the
 * guard for an account's Call and Send Text buttons.
 */
export async function contactRulesRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/v1/collectionContactRule',
    {
      config: { permission: ['ALL_ACCOUNTS', 'READ'] },
      schema: {
        tags,
        summary: 'The contact rule table: DEFAULT and each state that differs',
        response: { 200: contactRuleListSchema },
      },
    },
    async () => listContactRules(app.db),
  );

  app.put(
    '/api/v1/collectionContactRule',
    {
      config: { permission: ['COLLECTION_MANAGEMENT', 'UPDATE'] },
      schema: {
        tags,
        summary:
          'Sets one state’s contact rule (or DEFAULT); audited; 403 with an office condition (rules are firm-wide)',
        body: contactRuleWriteSchema,
        response: { 200: contactRuleSchema },
      },
    },
    async (request) => saveContactRule(app.db, request.actor!, request.body),
  );

  app.get(
    '/api/v1/collectionContactRule/history',
    {
      config: { permission: ['COLLECTION_MANAGEMENT', 'READ'] },
      schema: {
        tags,
        summary:
          'The latest audited changes of the rule table (who, when, which state, before and after), newest first',
        response: { 200: contactRuleHistorySchema },
      },
    },
    async () => listContactRuleChanges(app.db),
  );

  app.post(
    '/api/v1/collectionContactRule/check',
    {
      config: { permission: ['ALL_ACCOUNTS', 'READ'], records: { accountId: 'collectionAccount' } },
      schema: {
        tags,
        summary: 'Would a collection call or text on the account be allowed now? Nothing is logged',
        body: contactCheckRequestSchema,
        response: { 200: contactCheckResponseSchema },
      },
    },
    async (request) => checkAccountContact(app.db, request.actor!, request.body),
  );
}
