import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('clients_office_idx').on(t.officeId),
    check('clients_primary_number_digits', sql`${t.primaryNumber} ~ '^[0-9]+$'`),
    check('clients_mobile_number_digits', sql`${t.mobileNumber} ~ '^[0-9]+$'`),
  ],
);
