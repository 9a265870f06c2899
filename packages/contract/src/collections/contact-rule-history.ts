import { z } from 'zod';
import { contactRuleSchema } from './contact-rules.ts';

/** How many of the latest contact-rule changes collection management shows. */
export const CONTACT_RULE_HISTORY_LIMIT = 100;

/** One audited change of the contact rule table: who set which state's rule, when, from what to what. */
export const contactRuleChangeSchema = z.object({
  id: z.number().int(),
  occurredAt: z.iso.datetime({ offset: true }),
  byName: z.string().nullable(),
  state: z.string(),
  /** Null when the state had no rule of its own before. */
  before: contactRuleSchema.nullable(),
  after: contactRuleSchema.nullable(),
});
export type ContactRuleChange = z.infer<typeof contactRuleChangeSchema>;

/** GET /api/v1/collectionContactRule/history: the latest changes, newest first. */
export const contactRuleHistorySchema = z.array(contactRuleChangeSchema);
