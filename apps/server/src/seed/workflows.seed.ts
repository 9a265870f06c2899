import type { WorkflowStepInput } from '@casedesk/contract/collections/workflow';
import { workflowCreateSchema } from '@casedesk/contract/collections/workflow';
import { eq } from 'drizzle-orm';
import { toStepRows } from '../modules/collections/workflow-step-rows.ts';
import { workflows, workflowSteps } from '../modules/collections/workflow.tables.ts';
import { templates } from '../modules/templates/templates.tables.ts';
import { users } from '../modules/users/users.tables.ts';
import type { Db } from '../platform/db/database.ts';

export const DEMO_WORKFLOW = 'New account';

/**
 * The demo's one workflow, "New account": on the day an account opens a text with the balance notice; three
 * business days later a follow-up for that day; on day 7 a letter for approval; on day 14 the collector is
 * told. The templates are the demo's (seed/sms.seed.ts), found by name, else by kind.
 */
export async function seedWorkflows(db: Db): Promise<void> {
  const templateRows = await db.select().from(templates);
  const template = (name: string, type: 'TEXT' | 'LETTER') =>
    (templateRows.find((t) => t.name === name) ?? templateRows.find((t) => t.templateType === type))?.id;
  const text = template('Balance notice', 'TEXT');
  const letter = template('Case update letter', 'LETTER');
  const steps: WorkflowStepInput[] = [
    ...(text ? [{ kind: 'SEND_TEXT' as const, templateId: text }] : []),
    { kind: 'SET_FOLLOW_UP', daysFromNow: 0, delayDays: 3, atHour: 9, businessDaysOnly: true },
    ...(letter
      ? [{ kind: 'LETTER_FOR_APPROVAL' as const, templateId: letter, delayDays: 4, atHour: 10, businessDaysOnly: true }]
      : []),
    {
      kind: 'NOTIFY_COLLECTOR',
      message: 'Two weeks since @clientFirstName @clientLastName’s account opened: balance @balance. Time to call.',
      delayDays: 7,
      atHour: 9,
      businessDaysOnly: true,
    },
  ];
  const workflow = workflowCreateSchema.parse({ name: DEMO_WORKFLOW, trigger: 'ACCOUNT_OPENED', steps });
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.mail, 'admin@casedesk.local'));
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(workflows)
      .values({
        name: workflow.name,
        trigger: workflow.trigger,
        createdById: admin?.id ?? null,
        updatedById: admin?.id ?? null,
      })
      .onConflictDoNothing({ target: workflows.name })
      .returning({ id: workflows.id });
    if (row) await tx.insert(workflowSteps).values(toStepRows(row.id, 1, workflow.steps));
  });
}
