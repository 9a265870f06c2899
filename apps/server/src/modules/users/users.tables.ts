import { ROLES } from '@casedesk/contract/users/user';
import { DEFAULT_DASHBOARDS } from '@casedesk/contract/users/default-dashboard';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { offices } from '../offices/offices.tables.ts';

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    displayName: text().notNull(),
    mail: text().notNull(),
    jobTitle: text(),
    role: text({ enum: ROLES }).notNull(),
    workNumber: text(),
    phoneExtension: text(),
    mobileNumber: text(),
    zoomLink: text(),
    imageUrl: text(),
    image: text(),
    clickToCall: text(),
    defaultDashboard: text({ enum: DEFAULT_DASHBOARDS }),
    accountEnabled: boolean().notNull().default(true),
    officeId: uuid().references(() => offices.id),
    /**
     * The provider's identity this user signed in with first (the token's `iss` and `sub`); later sign-ins
     * are matched on it, never on the email, which a provider may hand to someone else. Null until then.
     */
    oidcIssuer: text(),
    oidcSubject: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_mail_lower_key').on(sql`lower(${t.mail})`),
    index('users_office_idx').on(t.officeId),
    uniqueIndex('users_oidc_identity_key').on(t.oidcIssuer, t.oidcSubject),
    check('users_oidc_identity_whole', sql`(${t.oidcIssuer} IS NULL) = (${t.oidcSubject} IS NULL)`),
    check('users_extension_six_digits', sql`${t.phoneExtension} ~ '^[0-9]{6}$'`),
    check('users_work_number_digits', sql`${t.workNumber} ~ '^[0-9]{10}$'`),
    check('users_mobile_number_digits', sql`${t.mobileNumber} ~ '^[0-9]{10}$'`),
    check('users_click_to_call_digits', sql`${t.clickToCall} ~ '^[0-9]{10}$'`),
  ],
);
