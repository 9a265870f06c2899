import { formatMoney } from '@casedesk/contract/common/money';
import type { DraftKind } from '@casedesk/contract/mail/draft';
import { DRAFT_MESSAGES } from '@casedesk/contract/mail/draft';
import type { TemplateValues } from '@casedesk/contract/sms/template-fill';
import { fillTemplate } from '@casedesk/contract/sms/template-fill';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { getAccount } from '../collections/collection-accounts.service.ts';
import { listTemplates } from '../templates/templates.service.ts';

export interface DraftAddressees {
  client: { firstName: string; lastName: string } | null;
  collectionAccountId: string | null;
}

/** SPEC §3 placeholders a draft can fill: the client's names and, about an account, its balance and collector. */
async function draftTemplateValues(db: Db, actor: Actor, to: DraftAddressees): Promise<TemplateValues> {
  const values: TemplateValues = { clientFirstName: to.client?.firstName, clientLastName: to.client?.lastName };
  if (!to.collectionAccountId) return values;
  // The account was found in the caller's reach already (requireAddressees): this reads its figures.
  const account = await getAccount(db, actor, to.collectionAccountId);
  return { ...values, balance: formatMoney(account.balanceCents), collectorName: account.collector };
}

/**
 * A draft "built from a template": the template of the draft's kind (an EMAIL template for an e-mail, a LETTER
 * one for a letter) filled for the draft's client or account. The one place drafts meet templates: when the
 * templates module gains its own fill-and-check (a placeholder with no value refusing the send), it goes here.
 * A placeholder with no value (@payment, @dueDate) is left as written, for the writer to complete.
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
