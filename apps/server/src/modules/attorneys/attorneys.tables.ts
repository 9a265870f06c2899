import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';

export const attorneys = pgTable(
  'attorneys',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .unique()
      .references(() => users.id),
    officeId: uuid()
      .notNull()
      .references(() => offices.id),
    lawType: text().notNull(),
    jurisdiction: text().notNull(),
    zoomLink: text(),
    /** Shown on the litigation calendar (saveLitigationAttorney / removeLitigationAttorney). */
    isLitigation: boolean().notNull().default(false),
  },
  (t) => [index('attorneys_office_idx').on(t.officeId)],
);
