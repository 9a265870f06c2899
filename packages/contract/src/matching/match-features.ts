import type { NameSignals, PreparedName } from './field-comparison.ts';
import {
  compareDateOfBirth,
  comparePreparedNames,
  compareValues,
  NO_SIGNALS,
  prepareName,
} from './field-comparison.ts';
import type { MatchFeatures } from './match-score.ts';

/** The person as typed (names as typed, DOB yyyy-MM-dd, phones digits). */
export interface TypedPerson {
  firstName?: string;
  lastName?: string;
  dateOfBirth?: string;
  phones: string[];
  email?: string;
  lmsClientNumber?: string;
}

/** A stored client or opposing party, as far as matching reads it. */
export interface StoredPerson {
  firstName: string | null;
  lastName: string | null;
  dateOfBirth: string | null;
  phones: (string | null)[];
  /** Undefined where the table has no email (opposing parties). */
  email?: string | null;
  lmsClientNumber: string | null;
}

/** What the database measured: name signals per comparison, and equality of the identifying values. */
export interface StoredSignals {
  first: NameSignals;
  last: NameSignals;
  swappedFirst: NameSignals;
  swappedLast: NameSignals;
  samePhone: boolean;
  sameEmail: boolean;
  sameLmsClientNumber: boolean;
}

export const NO_STORED_SIGNALS: StoredSignals = {
  first: NO_SIGNALS,
  last: NO_SIGNALS,
  swappedFirst: NO_SIGNALS,
  swappedLast: NO_SIGNALS,
  samePhone: false,
  sameEmail: false,
  sameLmsClientNumber: false,
};

/** The typed person with the names normalised once, for comparing with many candidates. */
export interface PreparedPerson extends TypedPerson {
  first: PreparedName;
  last: PreparedName;
}

export function preparePerson(typed: TypedPerson): PreparedPerson {
  // Field by field, not `{ ...typed, first, last }`: V8's slow path on Node 20 (docs/budgets.md).
  return {
    firstName: typed.firstName,
    lastName: typed.lastName,
    dateOfBirth: typed.dateOfBirth,
    phones: typed.phones,
    email: typed.email,
    lmsClientNumber: typed.lmsClientNumber,
    first: prepareName(typed.firstName),
    last: prepareName(typed.lastName),
  };
}

/** Every field of a candidate as its level of agreement with the typed person. */
export function matchFeatures(typed: PreparedPerson, stored: StoredPerson, signals: StoredSignals): MatchFeatures {
  const storedFirst = prepareName(stored.firstName);
  const storedLast = prepareName(stored.lastName);
  return {
    first: comparePreparedNames(typed.first, storedFirst, signals.first),
    last: comparePreparedNames(typed.last, storedLast, signals.last),
    swappedFirst: comparePreparedNames(typed.first, storedLast, signals.swappedFirst),
    swappedLast: comparePreparedNames(typed.last, storedFirst, signals.swappedLast),
    dateOfBirth: compareDateOfBirth(typed.dateOfBirth, stored.dateOfBirth),
    phone: compareValues(signals.samePhone, typed.phones.length > 0, stored.phones.some(Boolean)),
    email: compareValues(signals.sameEmail, Boolean(typed.email), Boolean(stored.email)),
    lmsClientNumber: compareValues(
      signals.sameLmsClientNumber,
      Boolean(typed.lmsClientNumber),
      Boolean(stored.lmsClientNumber),
    ),
  };
}
