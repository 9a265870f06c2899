import { refuseUnfilledPlaceholders } from '../templates/templates.service.ts';
import { allowsRecord, scopeAllows } from '@casedesk/contract/access/permissions';
import type { WelcomeTextOutcome } from '@casedesk/contract/appointments/appointment-link';
import {
  APPOINTMENT_LINK_MESSAGES,
  APPOINTMENT_LINK_PLACEHOLDER,
  officeAddressLine,
} from '@casedesk/contract/appointments/appointment-link';
import { formatPhone } from '@casedesk/contract/common/text';
import type { ChatOptionRequest, ChatOptionResponse } from '@casedesk/contract/sms/chat-option';
import { CHAT_OPTION_MESSAGES, CHAT_OPTIONS } from '@casedesk/contract/sms/chat-option';
import { SMS_MESSAGES } from '@casedesk/contract/sms/sms';
import type { TemplateValues } from '@casedesk/contract/sms/template-fill';
import { fillTemplate } from '@casedesk/contract/sms/template-fill';
import type { TemplatePurpose } from '@casedesk/contract/templates/template';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { AppointmentLinks } from '../appointments/appointment-links.service.ts';
import type { SendOptions } from '../../platform/jobs/jobs.ts';
import { currentAppointmentLink } from '../appointments/appointment-links.service.ts';
import { requireLiveClient } from '../clients/clients.service.ts';
import { requireInquiryRef } from '../inquiries/inquiries.service.ts';
import { dispatchMail, queueMail } from '../mail/mail.service.ts';
import { templateForPurpose } from '../templates/templates.service.ts';
import type { SmsOfficeRow } from './sms-lookups.repository.ts';
import { findActiveOffices, findActiveOptions } from './sms-lookups.repository.ts';
import { insertMailReviewRequest } from './sms-write.repository.ts';
import type { SmsDeps } from './sms.service.ts';
import { sendSms, smsScope } from './sms.service.ts';

/** Where "leave us a review" points; one firm-wide page until offices carry their own review links. */
export const REVIEW_LINK = 'https://g.page/r/casedesk-law/review';

/** The reason each text option is filed under (SMS_REASON values of the seed), else the first active one. */
const REASON_BY_PURPOSE: Partial<Record<TemplatePurpose, string>> = {
  REVIEW_TEXT: 'Case Status',
  WELCOME_TEXT: 'New Inquiry',
  MEETING_INSTRUCTIONS: 'Appointment Confirmation',
};

/** What the chat options need beyond sending: how to sign the client's appointment link, how mail is retried. */
export interface ChatOptionDeps extends SmsDeps {
  appointmentLinks: AppointmentLinks;
  /** The `mail.send` job's retry policy (the review e-mail goes out through the outbox like any other). */
  mailJobOptions: SendOptions;
}

/**
 * The firm's own placeholders of the chat templates (the office's name, address and phone, and the review link),
 * filled with the SPEC §3 ones. Without an office they stay, and the send is refused naming them.
 */
function officeValues(office: SmsOfficeRow | undefined): TemplateValues {
  if (!office) return { reviewLink: REVIEW_LINK };
  return {
    officeName: office.name,
    officeAddress: officeAddressLine(office) || null,
    officePhone: formatPhone(office.phone),
    reviewLink: REVIEW_LINK,
  };
}

/** The office a text goes from: the one named, else the client's if the caller may text from it, else the caller's first. */
function chooseOffice(
  actor: Actor,
  offices: SmsOfficeRow[],
  fromNumber: string | null | undefined,
  clientOfficeId: string | null,
): SmsOfficeRow | undefined {
  if (fromNumber) return offices.find((o) => o.smsNumber === fromNumber);
  const scope = smsScope(actor, 'CREATE').office;
  const allowed = offices.filter((o) => scopeAllows(scope, o.id));
  return allowed.find((o) => o.id === clientOfficeId) ?? allowed[0];
}

/**
 * The inquiry a chat option is sent about picks the appointment link, for the mail as for the texts: it
 * must be this client's and within the caller's LEADS READ (SPEC §6), else it reads as not found.
 */
async function requireInquiryOfClient(deps: ChatOptionDeps, actor: Actor, inquiryId: string, clientId: string) {
  const unknown = new AppError('NOT_FOUND', SMS_MESSAGES.inquiryUnknown, { inquiryId: SMS_MESSAGES.inquiryUnknown });
  const inquiry = await requireInquiryRef(deps.db, actor, inquiryId, 'READ').catch((error: unknown) => {
    throw error instanceof AppError && error.code === 'NOT_FOUND' ? unknown : error;
  });
  if (inquiry.clientId !== clientId) throw unknown;
}

/**
 * SPEC §2 chat options: Send Review (mail to the client's address), Send Review via text, Send welcome
 * text and Send meeting instructions (texts through the ordinary send path, so opt-out, permissions and
 * the history apply). Each sends its seeded template with the client's names filled in.
 */
export async function sendChatOption(
  deps: ChatOptionDeps,
  actor: Actor,
  input: ChatOptionRequest,
): Promise<ChatOptionResponse> {
  const option = CHAT_OPTIONS.find((o) => o.value === input.option)!;
  const client = await requireLiveClient(deps.db, actor, input.clientId);
  if (input.inquiryId) await requireInquiryOfClient(deps, actor, input.inquiryId, client.id);
  const template = await templateForPurpose(deps.db, option.purpose);
  if (!template) throw new AppError('BUSINESS_RULE', CHAT_OPTION_MESSAGES.templateMissing);
  const offices = await findActiveOffices(deps.db);
  const office = chooseOffice(actor, offices, input.fromNumber, client.officeId);
  const content = await fillAppointmentLink(
    deps,
    fillTemplate(template.content, {
      clientFirstName: client.firstName,
      clientLastName: client.lastName,
      ...officeValues(office ?? offices.find((o) => o.id === client.officeId)),
    }),
    { clientId: client.id, inquiryId: input.inquiryId },
  );
  // The firm may edit these templates: a placeholder a chat option has no value for is refused, named.
  refuseUnfilledPlaceholders(content);

  if (option.channel === 'MAIL') {
    if (!client.email) throw new AppError('BUSINESS_RULE', CHAT_OPTION_MESSAGES.noEmail);
    const mailOfficeId = (office ?? offices.find((o) => o.id === client.officeId))?.id ?? client.officeId;
    const mail = await deps.db.transaction(async (tx) => {
      const queued = await queueMail(tx, {
        toAddress: client.email!,
        subject: template.name,
        body: content,
        officeId: mailOfficeId,
        clientId: client.id,
        createdById: actor.userId,
      });
      await insertMailReviewRequest(tx, {
        clientId: client.id,
        officeId: mailOfficeId ?? null,
        operatorId: actor.userId,
        mailId: queued.id,
        phoneNumber: textableNumber(client),
      });
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'chat_option.send_review',
        entity: 'mail_outbox',
        entityId: queued.id,
        after: { clientId: client.id, templateId: template.id },
        ip: actor.ip,
        requestId: actor.requestId,
      });
      return queued;
    });
    // After the commit (jobs.ts: never inside a PGlite transaction); the mail.send job delivers it.
    await dispatchMail(deps.jobs, deps.mailJobOptions, mail.id);
    return { option: option.value, channel: 'MAIL', message: null, mailId: mail.id };
  }

  // SPEC §3/§5: with auto-text off, welcome texts cannot be sent.
  if (option.purpose === 'WELCOME_TEXT' && !client.autoText) {
    throw new AppError('BUSINESS_RULE', CHAT_OPTION_MESSAGES.autoTextDisabled);
  }
  const toNumber = textableNumber(client);
  if (!toNumber) throw new AppError('BUSINESS_RULE', CHAT_OPTION_MESSAGES.noPhone);
  if (!office) throw new AppError('FORBIDDEN', CHAT_OPTION_MESSAGES.noOffice);
  const { categoryId, reasonId } = await defaultRouting(deps, actor, option.purpose, input, office.id);
  const message = await sendSms(
    deps,
    actor,
    {
      fromNumber: office.smsNumber,
      toNumber,
      body: content,
      direction: 'OUTBOUND',
      clientId: client.id,
      inquiryId: input.inquiryId ?? null,
      categoryId,
      reasonId,
    },
    { action: `chat_option.${option.value.toLowerCase()}`, reviewRequest: option.purpose === 'REVIEW_TEXT' },
  );
  return { option: option.value, channel: 'TEXT', message, mailId: null };
}

/** The number a chat option texts a client at; a review mail records it too, as the one replies come from. */
function textableNumber(client: {
  mobileNumber: string | null;
  primaryNumber: string | null;
  homeNumber: string | null;
  secondaryNumber: string | null;
}): string | null {
  return client.mobileNumber ?? client.primaryNumber ?? client.homeNumber ?? client.secondaryNumber;
}

const APPOINTMENT_LINK = `${APPOINTMENT_LINK_PLACEHOLDER}(?![A-Za-z0-9_])`;

/**
 * @appointmentLink: the signed /appt-detail link of the inquiry's current appointment, else the client's
 * next one. A template that promises a link is not sent without one.
 */
async function fillAppointmentLink(
  deps: ChatOptionDeps,
  content: string,
  ref: { clientId: string; inquiryId?: string | null },
): Promise<string> {
  if (!new RegExp(APPOINTMENT_LINK).test(content)) return content;
  const link = await currentAppointmentLink(deps.db, deps.appointmentLinks, ref);
  if (!link) throw new AppError('BUSINESS_RULE', APPOINTMENT_LINK_MESSAGES.noAppointment);
  return content.replace(new RegExp(APPOINTMENT_LINK, 'g'), link);
}

/**
 * The welcome SMS checkbox: the "Send welcome text" chat option for a client just booked, as the
 * booker. Auto-text off and an opted-out number skip it (the booking stands); any other refusal is FAILED.
 */
export async function sendWelcomeText(
  deps: ChatOptionDeps,
  actor: Actor,
  ref: { clientId: string; inquiryId: string | null },
): Promise<WelcomeTextOutcome> {
  try {
    await sendChatOption(deps, actor, {
      option: 'SEND_WELCOME_TEXT',
      clientId: ref.clientId,
      inquiryId: ref.inquiryId,
    });
    return 'SENT';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.message === CHAT_OPTION_MESSAGES.autoTextDisabled) return 'SKIPPED_AUTO_TEXT_OFF';
    if (error.message === SMS_MESSAGES.optedOut) return 'SKIPPED_OPTED_OUT';
    return 'FAILED';
  }
}

/** A chat text's category and reason: as given, else the first the caller may use from that office. */
async function defaultRouting(
  deps: SmsDeps,
  actor: Actor,
  purpose: TemplatePurpose,
  input: ChatOptionRequest,
  officeId: string,
): Promise<{ categoryId: string; reasonId: string }> {
  const [categories, reasons] = await Promise.all([
    input.categoryId ? [] : findActiveOptions(deps.db, 'SMS_CATEGORY'),
    input.reasonId ? [] : findActiveOptions(deps.db, 'SMS_REASON'),
  ]);
  const categoryId =
    input.categoryId ??
    categories.find((c) =>
      allowsRecord(actor.permissions, 'SMS', 'CREATE', { OFFICE: officeId, SMS_CATEGORY_TYPE: c.groupType }),
    )?.id;
  if (!categoryId) throw new AppError('FORBIDDEN', CHAT_OPTION_MESSAGES.noCategory);
  const reasonId = input.reasonId ?? (reasons.find((r) => r.value === REASON_BY_PURPOSE[purpose]) ?? reasons[0])?.id;
  if (!reasonId) throw AppError.validation(CHAT_OPTION_MESSAGES.templateMissing);
  return { categoryId, reasonId };
}
