import { officeAddressLine } from '@casedesk/contract/appointments/appointment-link';
import { formatPhone } from '@casedesk/contract/common/text';
import type { TemplateValues } from '@casedesk/contract/sms/template-fill';
import {
  fillTemplate,
  PAYMENT_PLAN_TERM,
  termBlocksPaymentPlaceholders,
  unfilledPlaceholders,
} from '@casedesk/contract/sms/template-fill';
import type { TemplatePreview, TemplatePreviewRequest } from '@casedesk/contract/templates/template';
import { templateContentProblem } from '@casedesk/contract/templates/template';
import { unknownPlaceholders } from '@casedesk/contract/templates/template-rules';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { requireLiveClient } from '../clients/clients.service.ts';
import { accountTemplateContext } from '../collections/account-template-values.service.ts';
import { REVIEW_LINK } from '../sms/chat-options.service.ts';
import { findOfficeForPlaceholders } from './templates.repository.ts';

/**
 * @appointmentLink is a signed link made when the text is sent, for the client's current appointment (a send
 * without one is refused then): the preview shows where it goes rather than sign a live link.
 */
export const APPOINTMENT_LINK_STAND_IN = '[link to the client’s appointment]';

interface Recipient {
  values: TemplateValues;
  officeId: string | null;
  termIsPaymentPlan: boolean;
}

/** The account's values (its client, balance, collector, instalment), else the client's names; both in scope. */
async function recipientOf(db: Db, actor: Actor, input: TemplatePreviewRequest): Promise<Recipient> {
  const account = input.collectionAccountId
    ? await accountTemplateContext(db, actor, input.collectionAccountId)
    : undefined;
  const client = input.clientId ? await requireLiveClient(db, actor, input.clientId) : undefined;
  if (account)
    return { values: account.values, officeId: account.officeId, termIsPaymentPlan: account.termIsPaymentPlan };
  if (client) {
    return {
      values: { clientFirstName: client.firstName, clientLastName: client.lastName },
      officeId: client.officeId,
      termIsPaymentPlan: false,
    };
  }
  return { values: {}, officeId: null, termIsPaymentPlan: false };
}

async function officeValues(db: Db, officeId: string | null): Promise<TemplateValues> {
  const office = officeId ? await findOfficeForPlaceholders(db, officeId) : undefined;
  if (!office) return {};
  return {
    officeName: office.name,
    officeAddress: officeAddressLine(office) || null,
    officePhone: formatPhone(office.phone),
  };
}

/**
 * POST /api/v1/template/preview: a content filled as a send would fill it for the chosen collection account
 * (ALL_ACCOUNTS READ in its office) or client (CLIENT_PROFILE READ in its office) — out of scope is 404 — with
 * the placeholders that have no value (a send would refuse naming them), the unknown ones and the save's
 * refusal (unknown placeholder, missing opt-out line), and SPEC §5's 'Term is not Payment Plan'.
 */
export async function previewTemplate(db: Db, actor: Actor, input: TemplatePreviewRequest): Promise<TemplatePreview> {
  const recipient = await recipientOf(db, actor, input);
  const values: TemplateValues = {
    ...recipient.values,
    ...(await officeValues(db, recipient.officeId)),
    reviewLink: REVIEW_LINK,
    appointmentLink: APPOINTMENT_LINK_STAND_IN,
  };
  const content = fillTemplate(input.content, values);
  return {
    content,
    missing: unfilledPlaceholders(content),
    unknown: unknownPlaceholders(input.content),
    problem: templateContentProblem(input),
    termNotPaymentPlan: termBlocksPaymentPlaceholders(
      recipient.termIsPaymentPlan ? PAYMENT_PLAN_TERM : null,
      input.content,
    ),
  };
}
