import { z } from 'zod';
import { dateOfBirthField, emailField, phoneField, TEXTAREA_MAX_LENGTH, textField } from '../common/field-rules.ts';

/** SPEC §3 Client: every field a person edits, in form order. */
export const CLIENT_TEXT_FIELDS = [
  'firstName',
  'middleName',
  'lastName',
  'maidenName',
  'placeOfBirth',
  'driverLicenseNumber',
  'driverLicenseState',
  'lmsClientNumber',
  'needlesClientNumber',
  'streetAddress',
  'city',
  'state',
  'zipCode',
  'county',
  'country',
  'address',
] as const;
export const CLIENT_PHONE_FIELDS = ['primaryNumber', 'secondaryNumber', 'mobileNumber', 'homeNumber'] as const;
export type ClientPhoneField = (typeof CLIENT_PHONE_FIELDS)[number];

/** Every editable SPEC §3 client field (the merge chooses among exactly these). */
export const CLIENT_FIELD_NAMES = [
  ...CLIENT_TEXT_FIELDS,
  'email',
  ...CLIENT_PHONE_FIELDS,
  'dateOfBirth',
  'autoText',
] as const;
export type ClientFieldName = (typeof CLIENT_FIELD_NAMES)[number];

/**
 * An optional stored text: `undefined` leaves the stored value as it is, blank clears it (null),
 * anything else is stored trimmed. Accepts null so a record read from the API can be sent back as is.
 */
function optional<T extends z.ZodType<string, string>>(field: T) {
  return field
    .nullish()
    .transform((v) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim()));
}

/** A required name: stored trimmed (SPEC §5 lengths do not count whitespace). */
function requiredName(name: 'firstName' | 'lastName') {
  return textField(name, { required: true }).transform((v) => v.trim());
}

/**
 * SPEC §3 client fields with the SPEC §5 rules and messages. Used by the client forms, the inquiry
 * screen's client section and the server alike. Phones are stored as their 10 digits, the date of
 * birth as yyyy-MM-dd (typed MM-dd-yyyy).
 */
export const clientFieldsSchema = z.object({
  firstName: requiredName('firstName'),
  middleName: optional(textField('middleName')),
  lastName: requiredName('lastName'),
  maidenName: optional(textField('maidenName')),
  email: optional(emailField('email')),
  placeOfBirth: optional(textField('placeOfBirth')),
  driverLicenseNumber: optional(textField('driverLicenseNumber')),
  driverLicenseState: optional(textField('driverLicenseState')),
  lmsClientNumber: optional(textField('lmsClientNumber')),
  needlesClientNumber: optional(textField('needlesClientNumber')),
  streetAddress: optional(textField('streetAddress')),
  city: optional(textField('city')),
  state: optional(textField('state')),
  zipCode: optional(textField('zipCode')),
  county: optional(textField('county')),
  country: optional(textField('country')),
  // SPEC §3 lists a free-form address beside the parts; the textarea default limit applies (SPEC §5).
  address: optional(textField('address', { max: TEXTAREA_MAX_LENGTH })),
  primaryNumber: optional(phoneField('primaryNumber')),
  secondaryNumber: optional(phoneField('secondaryNumber')),
  mobileNumber: optional(phoneField('mobileNumber')),
  homeNumber: optional(phoneField('homeNumber')),
  dateOfBirth: optional(dateOfBirthField('dateOfBirth')),
  // SPEC §3: when false, welcome texts cannot be enabled.
  autoText: z.boolean().optional(),
});
/** What a form holds / a caller sends. */
export type ClientFieldsInput = z.input<typeof clientFieldsSchema>;
/** What is stored (phones as digits, date of birth yyyy-MM-dd, blanks as null). */
export type ClientFields = z.output<typeof clientFieldsSchema>;

const officeIdField = z.string().uuid().nullish();

/** POST /api/v1/client body. Without an office the client belongs to the caller's office. */
export const createClientSchema = clientFieldsSchema.extend({ officeId: officeIdField }).strict();
export type CreateClientInput = z.input<typeof createClientSchema>;

/** PUT /api/v1/client?id=… body: fields left out keep their value. */
export const updateClientSchema = clientFieldsSchema.extend({ officeId: officeIdField }).strict();
export type UpdateClientInput = z.input<typeof updateClientSchema>;

export const clientIdQuerySchema = z.object({ id: z.string().uuid() }).strict();
export const clientIdParamQuerySchema = z.object({ clientId: z.string().uuid() }).strict();

const nullableText = z.string().nullable();

/** The full client record as read back (SPEC §3 Client), with its tombstone fields. */
export const clientDetailSchema = z.object({
  id: z.string().uuid(),
  firstName: z.string(),
  middleName: nullableText,
  lastName: z.string(),
  maidenName: nullableText,
  email: nullableText,
  placeOfBirth: nullableText,
  driverLicenseNumber: nullableText,
  driverLicenseState: nullableText,
  lmsClientNumber: nullableText,
  needlesClientNumber: nullableText,
  streetAddress: nullableText,
  city: nullableText,
  state: nullableText,
  zipCode: nullableText,
  county: nullableText,
  country: nullableText,
  address: nullableText,
  primaryNumber: nullableText,
  secondaryNumber: nullableText,
  mobileNumber: nullableText,
  homeNumber: nullableText,
  /** yyyy-MM-dd */
  dateOfBirth: nullableText,
  autoText: z.boolean(),
  officeId: z.string().uuid().nullable(),
  /** Set when this record was merged away: the UI goes to the survivor instead. */
  mergedIntoId: z.string().uuid().nullable(),
  mergedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ClientDetail = z.infer<typeof clientDetailSchema>;

/** One row of search results and pickers. */
export const clientSummarySchema = z.object({
  id: z.string().uuid(),
  firstName: z.string(),
  middleName: nullableText,
  lastName: z.string(),
  dateOfBirth: nullableText,
  primaryNumber: nullableText,
  secondaryNumber: nullableText,
  mobileNumber: nullableText,
  homeNumber: nullableText,
  email: nullableText,
  lmsClientNumber: nullableText,
  needlesClientNumber: nullableText,
  city: nullableText,
  state: nullableText,
  officeId: z.string().uuid().nullable(),
});
export type ClientSummary = z.infer<typeof clientSummarySchema>;

/** Display name "First Middle Last". */
export function clientDisplayName(client: Pick<ClientSummary, 'firstName' | 'middleName' | 'lastName'>): string {
  return [client.firstName, client.middleName, client.lastName].filter(Boolean).join(' ');
}

export const CLIENT_MESSAGES = {
  created: 'Client has been created successfully',
  updated: 'Client has been updated successfully',
  merged: 'Clients have been merged successfully',
  alreadyMerged: (name: string) => `${name} has already been merged into another client.`,
  sameClient: 'Choose two different clients to merge.',
  officeOutOfScope: 'Office is not one of the offices you may manage clients of.',
  profileNotEditable: 'You may not change the details of this client.',
  unknownOffice: 'Office must be an existing office.',
  mergeBlocked: 'These clients cannot be merged: a record allows only one of them. Resolve it first.',
} as const;
