import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Append-only (a trigger refuses UPDATE and DELETE): who did what to which record, when, from where. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorId: uuid(),
    action: text().notNull(),
    entity: text(),
    entityId: text(),
    before: jsonb(),
    after: jsonb(),
    ip: text(),
    requestId: text(),
    detail: jsonb(),
  },
  (t) => [
    index('audit_events_entity_idx').on(t.entity, t.entityId),
    index('audit_events_actor_idx').on(t.actorId),
    // A user's last sign-in, shown on the user-access list, without reading all of their audited work.
    index('audit_events_sign_in_idx')
      .on(t.actorId, t.occurredAt.desc())
      .where(sql`${t.action} = 'auth.sign_in'`),
  ],
);
