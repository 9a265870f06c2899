import { z } from 'zod';
import { digitsOnly, formatDateInput, labelFromFieldName } from './text.ts';

// The date display lives with the other formatting (no zod), so the shell's search box stays light.
export { formatDateInput };

/** SPEC §5 text field max lengths, by field name. */
export const FIELD_MAX_LENGTHS = {
  firstName: 30,
  middleName: 30,
  lastName: 30,
  maidenName: 30,
  lmsClientNumber: 30,
  email: 75,
  placeOfBirth: 50,
  driverLicenseNumber: 50,
  driverLicenseState: 50,
  city: 50,
  state: 50,
  county: 50,
  country: 50,
  streetAddress: 100,
  zipCode: 15,
  needlesClientNumber: 15,
} as const;
export type LimitedFieldName = keyof typeof FIELD_MAX_LENGTHS;

/** SPEC §5/§9: textarea default limit. */
export const TEXTAREA_MAX_LENGTH = 500;

/** SPEC §5 masks: `#` is a digit slot, every other character is punctuation shown around the digits. */
export const PHONE_MASK = '(###) ###-####';
export const SSN_MASK = '###-##-####';
export const EXTENSION_MASK = '######';

/** Field messages in the spec's wording; `label` is the field name split into words (SPEC §5). */
export const FIELD_MESSAGES = {
  maxLength: (label: string, max: number) => `${label} must be ${max} characters or less.`,
  email: (label: string) => `${label} must be a valid email.`,
  required: (label: string) => `${label} is a required field.`,
  // The three below are ours: the spec gives the formats, not the wording.
  phone: (label: string) => `${label} must be a valid phone number.`,
  ssn: (label: string) => `${label} must be in the format ###-##-####.`,
  extension: (label: string) => `${label} must be six digits.`,
  // SPEC §5 date of birth.
  date: (label: string) => `${label} must be a valid date.`,
} as const;

/** SPEC §5: whitespace is not counted towards a text field's length. */
export function countedLength(value: string): number {
  return value.replace(/\s/g, '').length;
}

/** Number of digit slots in a mask. */
export function maskSlots(mask: string): number {
  let slots = 0;
  for (const ch of mask) if (ch === '#') slots += 1;
  return slots;
}

/**
 * Lays digits into a mask as far as they go: punctuation appears only once a digit follows it, so
 * partial input reads naturally while typing ('213' → '(213', '2135' → '(213) 5').
 */
export function formatDigitMask(mask: string, digits: string): string {
  const d = digitsOnly(digits);
  let out = '';
  let next = 0;
  for (const ch of mask) {
    if (next >= d.length) break;
    if (ch === '#') {
      out += d.charAt(next);
      next += 1;
    } else {
      out += ch;
    }
  }
  return out;
}

/** What a masked field stores: only the digits, at most as many as the mask has slots. */
export function parseDigitMask(mask: string, text: string): string {
  return digitsOnly(text).slice(0, maskSlots(mask));
}

export const formatPhoneInput = (digits: string) => formatDigitMask(PHONE_MASK, digits);
export const formatSsnInput = (digits: string) => formatDigitMask(SSN_MASK, digits);

interface FieldOptions {
  /** Label shown in messages; defaults to the field name split into words. */
  label?: string;
  required?: boolean;
}

function labelOf(name: string, options: FieldOptions): string {
  return options.label ?? labelFromFieldName(name);
}

function isBlank(value: string): boolean {
  return value.trim() === '';
}

/**
 * A free-text field with the SPEC §5 limit for its name (or `max`), whitespace not counted.
 * Empty is allowed unless `required`.
 */
export function textField(name: string, options: FieldOptions & { max?: number } = {}) {
  const label = labelOf(name, options);
  const max = options.max ?? FIELD_MAX_LENGTHS[name as LimitedFieldName];
  let schema = z.string();
  if (options.required) schema = schema.refine((v) => !isBlank(v), FIELD_MESSAGES.required(label));
  if (max !== undefined) schema = schema.refine((v) => countedLength(v) <= max, FIELD_MESSAGES.maxLength(label, max));
  return schema;
}

const emailFormat = z.email();

/** SPEC §5: '{label} must be a valid email.', max 75 characters. */
export function emailField(name = 'email', options: FieldOptions = {}) {
  const label = labelOf(name, options);
  return textField(name, { ...options, label, max: FIELD_MAX_LENGTHS.email }).refine(
    (v) => isBlank(v) || emailFormat.safeParse(v.trim()).success,
    FIELD_MESSAGES.email(label),
  );
}

/** Builds a schema for a digits-only masked value; punctuation typed or pasted is dropped. */
function digitsField(name: string, options: FieldOptions, length: number, message: (label: string) => string) {
  const label = labelOf(name, options);
  return z
    .string()
    .transform((v) => digitsOnly(v))
    .refine((v) => !options.required || v !== '', FIELD_MESSAGES.required(label))
    .refine((v) => v === '' || v.length === length, message(label));
}

/** SPEC §5: phone shown as (###) ###-####, stored as its 10 digits. */
export function phoneField(name: string, options: FieldOptions = {}) {
  return digitsField(name, options, maskSlots(PHONE_MASK), FIELD_MESSAGES.phone);
}

/** SPEC §5: SSN-like value shown as ###-##-####, stored as its 9 digits. */
export function ssnField(name: string, options: FieldOptions = {}) {
  return digitsField(name, options, maskSlots(SSN_MASK), FIELD_MESSAGES.ssn);
}

/** SPEC §5: an extension is six digits. */
export function extensionField(name: string, options: FieldOptions = {}) {
  return digitsField(name, options, maskSlots(EXTENSION_MASK), FIELD_MESSAGES.extension);
}

/** SPEC §5/§9: a date of birth is at most 150 years back. */
export const DATE_OF_BIRTH_MAX_YEARS = 150;
const US_DATE = /^(\d{2})-(\d{2})-(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** yyyy-MM-dd of a UTC calendar day; both sides judge "today" in UTC so browser and server agree. */
function isoDay(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * A real calendar date (leap years honoured, the Gregorian rule as a Date applies it) as yyyy-MM-dd, or undefined.
 * In arithmetic, not with a Date: the duplicate check asks this of some 70 near dates of birth on every call.
 */
export function calendarDate(year: number, month: number, day: number): string | undefined {
  if (month < 1 || month > 12 || day < 1) return undefined;
  const days = month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!;
  return day <= days ? isoDay(year, month, day) : undefined;
}

/**
 * MM-dd-yyyy (what people type, SPEC §5) or yyyy-MM-dd (what is stored, so a stored value parses
 * again unchanged) → yyyy-MM-dd if it is a real calendar date, else undefined.
 */
export function parseDateInput(value: string): string | undefined {
  const text = value.trim();
  const us = US_DATE.exec(text);
  if (us) return calendarDate(Number(us[3]), Number(us[1]), Number(us[2]));
  const iso = ISO_DATE.exec(text);
  if (iso) return calendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  return undefined;
}

/** The window a date of birth must fall in: [today − 150 years, today], today being the UTC date. */
export function dateOfBirthRange(now: Date = new Date()): { earliest: string; latest: string } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  const day = now.getUTCDate();
  // 29 February 150 years back is not a date unless that year is leap too: fall back to the 28th.
  const back = year - DATE_OF_BIRTH_MAX_YEARS;
  const earliest = calendarDate(back, month, day) ?? isoDay(back, month, day - 1);
  return { earliest, latest: isoDay(year, month, day) };
}

/** Whether a date of birth in any accepted format is valid under SPEC §5 at `now`. */
export function isValidDateOfBirth(value: string, now: Date = new Date()): boolean {
  const iso = parseDateInput(value);
  if (!iso) return false;
  const { earliest, latest } = dateOfBirthRange(now);
  return iso >= earliest && iso <= latest;
}

/**
 * SPEC §5 date of birth: MM-dd-yyyy, a real calendar date (leap years honoured), not in the future and
 * not more than 150 years ago, else '{label} must be a valid date.'. Outputs yyyy-MM-dd for storage
 * ('' when left empty, which is allowed unless `required`). `now` is for tests.
 */
export function dateOfBirthField(name = 'dateOfBirth', options: FieldOptions & { now?: () => Date } = {}) {
  const label = labelOf(name, options);
  return z
    .string()
    .refine((v) => !options.required || !isBlank(v), FIELD_MESSAGES.required(label))
    .refine((v) => isBlank(v) || isValidDateOfBirth(v, options.now?.() ?? new Date()), FIELD_MESSAGES.date(label))
    .transform((v) => (isBlank(v) ? '' : parseDateInput(v)!));
}
