import type { Control } from 'react-hook-form';
import type { z } from 'zod';
import type { ClientDetail, ClientFieldsInput } from '@casedesk/contract/clients/client';
import { formatDateInput } from '@casedesk/contract/common/field-rules';
import type {
  InquiryDetail,
  inquiryFormSchema,
  InquiryFormInput,
  OpposingPartyFieldsInput,
} from '@casedesk/contract/inquiries/inquiry';

/** What the inquiry form holds: the form schema's input (every section present). */
export type InquiryFormValues = InquiryFormInput;
/** What its resolver hands to submit: the schema's output (phones as digits, dates as stored). */
export type InquiryFormOutput = z.output<typeof inquiryFormSchema>;
/** The form's control, as the sections bind their fields to it. */
export type InquiryControl = Control<InquiryFormValues, unknown, InquiryFormOutput>;

export const BLANK_CLIENT: ClientFieldsInput = {
  firstName: '',
  middleName: '',
  lastName: '',
  maidenName: '',
  dateOfBirth: '',
  email: '',
  primaryNumber: '',
  mobileNumber: '',
  homeNumber: '',
  secondaryNumber: '',
  streetAddress: '',
  city: '',
  state: '',
  zipCode: '',
  county: '',
  country: '',
  address: '',
  placeOfBirth: '',
  driverLicenseNumber: '',
  driverLicenseState: '',
  lmsClientNumber: '',
  needlesClientNumber: '',
  autoText: true,
};

const BLANK_PARTY: OpposingPartyFieldsInput = {
  firstName: '',
  middleName: '',
  lastName: '',
  dateOfBirth: '',
  phoneNumber: '',
  lmsClientNumber: '',
};

export const BLANK_INQUIRY: InquiryFormValues = {
  clientId: null,
  client: BLANK_CLIENT,
  lawTypeId: null,
  caseDescription: '',
  clientIntake: { mvaResponse: { incidentDateTime: '' }, answers: {} },
  intakeOpposingParty: BLANK_PARTY,
  leadOwnerId: null,
  source: '',
  noApptReason: '',
  notes: '',
};

const text = (value: string | null | undefined) => value ?? '';

/** A stored client as the form shows it: phones masked, date of birth MM-dd-yyyy (SPEC §5). */
export function clientValues(client: ClientDetail | null): ClientFieldsInput {
  if (!client) return BLANK_CLIENT;
  return {
    firstName: client.firstName,
    middleName: text(client.middleName),
    lastName: client.lastName,
    maidenName: text(client.maidenName),
    dateOfBirth: formatDateInput(client.dateOfBirth),
    email: text(client.email),
    primaryNumber: text(client.primaryNumber),
    mobileNumber: text(client.mobileNumber),
    homeNumber: text(client.homeNumber),
    secondaryNumber: text(client.secondaryNumber),
    streetAddress: text(client.streetAddress),
    city: text(client.city),
    state: text(client.state),
    zipCode: text(client.zipCode),
    county: text(client.county),
    country: text(client.country),
    address: text(client.address),
    placeOfBirth: text(client.placeOfBirth),
    driverLicenseNumber: text(client.driverLicenseNumber),
    driverLicenseState: text(client.driverLicenseState),
    lmsClientNumber: text(client.lmsClientNumber),
    needlesClientNumber: text(client.needlesClientNumber),
    autoText: client.autoText,
  };
}

export function inquiryValues(inquiry: InquiryDetail): InquiryFormValues {
  const party = inquiry.intakeOpposingParty;
  return {
    clientId: inquiry.clientId,
    client: clientValues(inquiry.client),
    lawTypeId: inquiry.lawType?.id ?? null,
    caseDescription: text(inquiry.caseDescription),
    clientIntake: {
      mvaResponse: { incidentDateTime: text(inquiry.clientIntake.mvaResponse.incidentDateTime) },
      answers: inquiry.clientIntake.answers,
    },
    intakeOpposingParty: {
      firstName: text(party.firstName),
      middleName: text(party.middleName),
      lastName: text(party.lastName),
      dateOfBirth: formatDateInput(party.dateOfBirth),
      phoneNumber: text(party.phoneNumber),
      lmsClientNumber: text(party.lmsClientNumber),
    },
    leadOwnerId: inquiry.leadOwner?.id ?? null,
    source: text(inquiry.source),
    noApptReason: text(inquiry.noApptReason),
    notes: text(inquiry.notes),
  };
}
