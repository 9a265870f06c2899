import { boolean, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';

/** SPEC §3 dropdown option. `groupType` carries e.g. the SMS category type that permissions condition on. */
export const dropdownOptions = pgTable(
  'dropdown_options',
  {
    id: uuid().primaryKey().defaultRandom(),
    dropdownType: text().notNull(),
    value: text().notNull(),
    groupType: text(),
    active: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [unique('dropdown_options_type_value_key').on(t.dropdownType, t.value)],
);
