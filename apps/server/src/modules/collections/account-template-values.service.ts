import { scopeAllows } from '@casedesk/contract/access/permissions';
import type { TemplateValues } from '@casedesk/contract/sms/template-fill';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { accountNotFound, accountScope } from './collection-accounts.service.ts';
import { accountTemplateValues } from './workflow-steps.ts';
import { findAccountForWorkflow } from './workflow-runs.repository.ts';

export interface AccountTemplateContext {
  officeId: string;
  clientId: string;
  /** The SPEC §3 placeholders as a workflow step fills them for this account. */
  values: TemplateValues;
  /** SPEC §5: @payment and @dueDate belong to a Payment Plan term. */
  termIsPaymentPlan: boolean;
}

/**
 * What a template is filled with for an account the caller's ALL_ACCOUNTS READ reaches (by its office); any
 * other account reads as not found. For the template preview of collection management.
 */
export async function accountTemplateContext(db: Db, actor: Actor, accountId: string): Promise<AccountTemplateContext> {
  const account = await findAccountForWorkflow(db, accountId);
  if (!account || !scopeAllows(accountScope(actor, 'READ'), account.officeId)) throw accountNotFound();
  return {
    officeId: account.officeId,
    clientId: account.clientId,
    values: accountTemplateValues(account),
    termIsPaymentPlan: account.termIsPaymentPlan,
  };
}
