import {
  assignmentRuleListSchema,
  assignmentRuleSchema,
  assignmentRuleWriteSchema,
} from '@casedesk/contract/collections/assignment-rules';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { listAssignmentRules, saveAssignmentRule } from './assignment-rules.service.ts';

const tags = ['collections'];

/**
 * The assignment rules of collection management (docs/collections.md "Assignment rules"): SPEC §6
 * COLLECTION_MANAGEMENT with the ADMIN role condition, as the contact rules; a rule is an office's, so an office
 * condition limits which offices the caller sees and sets.
 */
export async function assignmentRulesRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/v1/collectionAssignmentRule',
    {
      config: { permission: ['COLLECTION_MANAGEMENT', 'READ'] },
      schema: {
        tags,
        summary: 'Each office the caller manages, with the collectors newly opened unassigned accounts rotate to',
        response: { 200: assignmentRuleListSchema },
      },
    },
    async (request) => ({ rules: await listAssignmentRules(app.db, request.actor!) }),
  );

  app.put(
    '/api/v1/collectionAssignmentRule',
    {
      config: {
        permission: ['COLLECTION_MANAGEMENT', 'UPDATE'],
        records: { officeId: 'office' },
        unscopedIds: {
          collectorIds:
            'a collector is judged by whether their ALL_ACCOUNTS UPDATE reaches the office (400 otherwise), not by their own office',
        },
      },
      schema: {
        tags,
        summary:
          'Replaces an office’s rotation (in turn order; empty removes it); audited; 404 for an office outside the caller’s',
        body: assignmentRuleWriteSchema,
        response: { 200: assignmentRuleSchema },
      },
    },
    async (request) => saveAssignmentRule(app.db, request.actor!, request.body),
  );
}
