import type { Control } from 'react-hook-form';
import { z } from 'zod';
import type { ClientDetail, ClientSummary } from '@casedesk/contract/clients/client';
import {
  sendSmsRequestSchema,
  type SendSmsRequestInput,
  type SmsMessage,
  type SmsOfficeOption,
} from '@casedesk/contract/sms/sms';
import type { TemplateValues } from '@casedesk/contract/sms/template-fill';

/**
 * The Text Message drawer's form (SPEC §2): the send request's fields, validated by the contract's
 * own schema so the messages are the server's (SPEC §5), plus what only the drawer needs.
 */
export const textFormSchema = sendSmsRequestSchema.extend({
  /** Shown, and used for the template's name placeholders; the server knows the client by id. */
  name: z.string(),
  useTemplate: z.boolean(),
  templateId: z.string().nullable(),
  cannedTextId: z.string().nullable(),
});

/** The form's values as typed (numbers as digits, ids as strings; '' until chosen). */
export type TextFormValues = z.input<typeof textFormSchema>;
export type TextFormOutput = z.output<typeof textFormSchema>;
/** The form's control, as the drawer's field groups bind their inputs to it. */
export type TextFormControl = Control<TextFormValues, unknown, TextFormOutput>;

export const BLANK_TEXT_FORM: TextFormValues = {
  fromNumber: '',
  toNumber: '',
  body: '',
  categoryId: '',
  reasonId: '',
  clientId: null,
  inquiryId: null,
  collectionAccountId: null,
  name: '',
  useTemplate: false,
  templateId: null,
  cannedTextId: null,
};

/** The send request: the form's output without the drawer-only fields. */
export function sendRequestOf(values: TextFormOutput): SendSmsRequestInput {
  return {
    fromNumber: values.fromNumber,
    toNumber: values.toNumber,
    body: values.body,
    direction: 'OUTBOUND',
    clientId: values.clientId ?? null,
    inquiryId: values.inquiryId ?? null,
    // Only a text about a collection account says so (it joins that account's timeline).
    ...(values.collectionAccountId ? { collectionAccountId: values.collectionAccountId } : {}),
    categoryId: values.categoryId,
    reasonId: values.reasonId,
  };
}

type ClientPhones = Pick<ClientSummary, 'mobileNumber' | 'primaryNumber' | 'homeNumber' | 'secondaryNumber'>;

/** The number a client is texted on: the mobile first (the same order the server's chat options use). */
export function textablePhone(client: ClientPhones): string {
  return client.mobileNumber ?? client.primaryNumber ?? client.homeNumber ?? client.secondaryNumber ?? '';
}

type NamedClient = Pick<ClientSummary, 'firstName' | 'middleName' | 'lastName'>;
const fullName = (c: NamedClient) => [c.firstName, c.middleName, c.lastName].filter(Boolean).join(' ');

/** What picking a client (search, or a client/lead target) fills: SPEC §2 "fills Name and Phone". */
export function clientFields(client: NamedClient & ClientPhones & { id: string }): Partial<TextFormValues> {
  return { clientId: client.id, name: fullName(client), toNumber: textablePhone(client) };
}

/** SPEC §6: only offered office numbers can be sent from; a single one is chosen for the user. */
function officeOrOnly(offices: readonly SmsOfficeOption[], smsNumber: string | null): string {
  if (smsNumber && offices.some((o) => o.smsNumber === smsNumber)) return smsNumber;
  return offices.length === 1 ? offices[0]!.smsNumber : '';
}

/**
 * SPEC §4 edit mode: an outbound text went from the office number to the recipient; an inbound one
 * came from the participant to the office, so the two numbers are swapped to answer it.
 */
export function valuesForMessage(message: SmsMessage, offices: readonly SmsOfficeOption[]): TextFormValues {
  const outbound = message.direction === 'OUTBOUND';
  return {
    ...BLANK_TEXT_FORM,
    fromNumber: officeOrOnly(offices, outbound ? message.fromNumber : message.toNumber),
    toNumber: outbound ? message.toNumber : message.fromNumber,
    categoryId: message.category?.id ?? '',
    reasonId: message.reason?.id ?? '',
    clientId: message.clientId,
    inquiryId: message.inquiryId,
    name: message.clientName ?? '',
  };
}

export interface AddTarget {
  client?: ClientDetail | null;
  inquiryId?: string | null;
  phoneNumber?: string | null;
  collectionAccountId?: string | null;
}

/** SPEC §4 add mode: empty, or prefilled for a client, a lead or a number. */
export function valuesForAdd(target: AddTarget, offices: readonly SmsOfficeOption[]): TextFormValues {
  const client = target.client ? clientFields(target.client) : {};
  const phone = target.phoneNumber ? target.phoneNumber.replace(/\D/g, '') : undefined;
  return {
    ...BLANK_TEXT_FORM,
    ...client,
    fromNumber: officeOrOnly(offices, null),
    inquiryId: target.inquiryId ?? null,
    collectionAccountId: target.collectionAccountId ?? null,
    ...(phone ? { toNumber: phone } : {}),
  };
}

/**
 * SPEC §3 placeholders a text template can fill here: the client's names. Balance, collector, payment
 * and due date belong to collection accounts, which do not exist yet: they stay as placeholders.
 */
export function templateValuesOf(
  client: Pick<ClientSummary, 'firstName' | 'lastName'> | null,
  name: string,
): TemplateValues {
  if (client) return { clientFirstName: client.firstName, clientLastName: client.lastName };
  const [first, ...rest] = name.trim().split(/\s+/).filter(Boolean);
  return { clientFirstName: first ?? null, clientLastName: rest.length ? rest.join(' ') : null };
}

/** Initials for a history avatar: "Ana Lopez" → "AL"; a number or nothing → "?". */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').split(/\s+/).filter((w) => /^\p{L}/u.test(w));
  if (words.length === 0) return '?';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}
