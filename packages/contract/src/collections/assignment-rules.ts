import { z } from 'zod';
import { collectorOptionSchema } from './account.ts';

/**
 * Collection assignment rules: who gets a newly opened collection account that names no collector. Each office
 * may keep a rotation of collectors; an account opened there without a collector goes to the next one in turn
 * (round-robin by turn, not by load: predictable for the team, and a collector on leave is simply taken out of
 * the rotation). A collector who can no longer work the office (disabled, or their ALL_ACCOUNTS UPDATE no longer
 * reaches it) is skipped. Definitions: docs/collections.md "Assignment rules".
 */
export const ASSIGNMENT_RULE_MAX_COLLECTORS = 50;

export const ASSIGNMENT_RULE_MESSAGES = {
  officeId: 'Office is a required field.',
  collectorIds: `Choose at most ${ASSIGNMENT_RULE_MAX_COLLECTORS} collectors.`,
  duplicate: 'Each collector can be in the rotation only once.',
  collector: 'Each collector must be able to work the office’s accounts (ALL_ACCOUNTS UPDATE reaching the office).',
} as const;

/** One office's rotation: its collectors in turn order, and who gets the next account. */
export const assignmentRuleSchema = z.object({
  officeId: z.uuid(),
  officeName: z.string(),
  collectors: z.array(collectorOptionSchema),
  /** The collector the next unassigned account of the office goes to; null without a rotation. */
  nextCollectorId: z.uuid().nullable(),
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
  updatedByName: z.string().nullable(),
});
export type AssignmentRule = z.infer<typeof assignmentRuleSchema>;

/** GET /api/v1/collectionAssignmentRule: every office the caller manages, with or without a rotation. */
export const assignmentRuleListSchema = z.object({ rules: z.array(assignmentRuleSchema) });
export type AssignmentRuleList = z.infer<typeof assignmentRuleListSchema>;

/** PUT /api/v1/collectionAssignmentRule: an office's whole rotation, in turn order; an empty list removes it. */
export const assignmentRuleWriteSchema = z
  .object({
    officeId: z.uuid({ error: ASSIGNMENT_RULE_MESSAGES.officeId }),
    collectorIds: z
      .array(z.uuid({ error: ASSIGNMENT_RULE_MESSAGES.collector }), { error: ASSIGNMENT_RULE_MESSAGES.collectorIds })
      .max(ASSIGNMENT_RULE_MAX_COLLECTORS, { error: ASSIGNMENT_RULE_MESSAGES.collectorIds })
      .refine((ids) => new Set(ids).size === ids.length, { error: ASSIGNMENT_RULE_MESSAGES.duplicate }),
  })
  .strict();
export type AssignmentRuleWrite = z.infer<typeof assignmentRuleWriteSchema>;

/**
 * The rotation's pick: starting at `turn`, the first collector who may still work the office; the next turn is
 * the one after them. Null when none may.
 */
export function pickInTurn<T>(
  collectors: readonly T[],
  turn: number,
  canWork: (collector: T) => boolean,
): { collector: T; nextTurn: number } | null {
  const n = collectors.length;
  for (let step = 0; step < n; step += 1) {
    const index = (((turn + step) % n) + n) % n;
    if (canWork(collectors[index]!)) return { collector: collectors[index]!, nextTurn: (index + 1) % n };
  }
  return null;
}
