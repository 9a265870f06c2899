import type { DraftKind } from '@casedesk/contract/mail/draft';
import { DRAFT_MESSAGES } from '@casedesk/contract/mail/draft';
import type { TemplateValues } from '@casedesk/contract/sms/template-fill';
import { fillTemplate } from '@casedesk/contract/sms/template-fill';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { accountTemplateContext } from '../collections/account-template-values.service.ts';
import { listTemplates } from '../templates/templates.service.ts';

export interface DraftAddressees {
  client: { firstName: string; lastName: string } | null;
  collectionAccountId: string | null;
}

/**
 * The placeholders a draft can fill: about an account, everything a workflow step fills for it (collections'
 * `accountTemplateContext`: client, balance, collector, next instalment, office); about a client, their names.
 */
async function draftTemplateValues(db: Db, actor: Actor, to: DraftAddressees): Promise<TemplateValues> {
  if (to.collectionAccountId) return (await accountTemplateContext(db, actor, to.collectionAccountId)).values;
  return { clientFirstName: to.client?.firstName, clientLastName: to.client?.lastName };
}

/**
 * A draft "built from a template": the template of the draft's kind (an EMAIL template for an e-mail, a LETTER
 * one for a letter) filled for the draft's client or account. A placeholder with no value (@payment on an account
 * without a plan) is left as written for the writer to complete: the approval refuses it until then.
 */
export async function draftBodyFromTemplate(
  db: Db,
  actor: Actor,
  templateId: string,
  kind: DraftKind,
  to: DraftAddressees,
): Promise<string> {
  const template = (await listTemplates(db)).find((t) => t.id === templateId);
  if (!template) {
    throw new AppError('NOT_FOUND', DRAFT_MESSAGES.templateUnknown, { templateId: DRAFT_MESSAGES.templateUnknown });
  }
  if (template.templateType !== kind) {
    const message = DRAFT_MESSAGES.templateKind(kind);
    throw AppError.validation(message, { templateId: message });
  }
  return fillTemplate(template.content, await draftTemplateValues(db, actor, to));
}
