import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { boolean, check, date, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { offices } from '../offices/offices.tables.ts';

/** SPEC §3 Client. Phone numbers are stored as digits only (SPEC §5). */
export const clients = pgTable(
  'clients',
  {
    id: uuid().primaryKey().defaultRandom(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    middleName: text(),
    maidenName: text(),
    email: text(),
    placeOfBirth: text(),
    driverLicenseNumber: text(),
    driverLicenseState: text(),
    lmsClientNumber: text(),
    needlesClientNumber: text(),
    streetAddress: text(),
    city: text(),
    state: text(),
    zipCode: text(),
    county: text(),
    country: text(),
    primaryNumber: text(),
    secondaryNumber: text(),
    mobileNumber: text(),
    homeNumber: text(),
    address: text(),
    dateOfBirth: date({ mode: 'string' }),
    autoText: boolean().notNull().default(true),
    officeId: uuid().references(() => offices.id),
    // Merge: the merged-away record stays as a tombstone pointing to the survivor.
    mergedIntoId: uuid().references((): AnyPgColumn => clients.id),
    mergedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('clients_office_idx').on(t.officeId),
    index('clients_merged_into_idx').on(t.mergedIntoId),
    check('clients_primary_number_digits', sql`${t.primaryNumber} ~ '^[0-9]+$'`),
    check('clients_secondary_number_digits', sql`${t.secondaryNumber} ~ '^[0-9]+$'`),
    check('clients_mobile_number_digits', sql`${t.mobileNumber} ~ '^[0-9]+$'`),
    check('clients_home_number_digits', sql`${t.homeNumber} ~ '^[0-9]+$'`),
    check('clients_not_merged_into_itself', sql`${t.mergedIntoId} <> ${t.id}`),
  ],
);

/** Given names and their nicknames (shared/data/nicknames.csv, Apache-2.0), both lower case, both directions. */
export const nicknames = pgTable(
  'nicknames',
  {
    name: text().notNull(),
    nickname: text().notNull(),
  },
  (t) => [unique('nicknames_pair_key').on(t.name, t.nickname), index('nicknames_nickname_idx').on(t.nickname)],
);
