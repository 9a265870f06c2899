import { index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * An office's assignment rule (docs/collections.md "Assignment rules"): the rotation a newly opened account
 * without a collector is given to. `nextTurn` is the position of the collector who gets the next account; the
 * row is locked while an account is opened, so two openings never take the same turn.
 */
export const collectionAssignmentRules = pgTable('collection_assignment_rules', {
  officeId: uuid()
    .primaryKey()
    .references(() => offices.id),
  nextTurn: integer().notNull().default(0),
  updatedById: uuid().references(() => users.id),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The collectors of an office's rotation, in turn order (position 0 first). */
export const collectionAssignmentRuleCollectors = pgTable(
  'collection_assignment_rule_collectors',
  {
    officeId: uuid()
      .notNull()
      .references(() => collectionAssignmentRules.officeId, { onDelete: 'cascade' }),
    position: integer().notNull(),
    collectorId: uuid()
      .notNull()
      .references(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.officeId, t.position] }),
    index('collection_assignment_rule_collectors_collector_idx').on(t.collectorId),
  ],
);
