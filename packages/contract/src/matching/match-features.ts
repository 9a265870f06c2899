import type { NameSignals } from './field-comparison.ts';
import { compareDateOfBirth, compareName, compareValues, NO_SIGNALS } from './field-comparison.ts';
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

/** Every field of a candidate as its level of agreement with the typed person. */
export function matchFeatures(typed: TypedPerson, stored: StoredPerson, signals: StoredSignals): MatchFeatures {
  return {
    first: compareName(typed.firstName, stored.firstName, signals.first),
    last: compareName(typed.lastName, stored.lastName, signals.last),
    swappedFirst: compareName(typed.firstName, stored.lastName, signals.swappedFirst),
    swappedLast: compareName(typed.lastName, stored.firstName, signals.swappedLast),
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
