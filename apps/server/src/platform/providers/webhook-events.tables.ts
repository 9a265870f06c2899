import { jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/**
 * Every verified provider webhook, stored before it is acknowledged and processed in a job. The
 * unique event key (e.g. MessageSid plus status) makes a replay a no-op (DESIGN §7).
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    provider: text().notNull(),
    kind: text({ enum: ['SMS_INBOUND', 'SMS_STATUS', 'CALL_INBOUND', 'CALL_STATUS'] }).notNull(),
    eventKey: text().notNull(),
    params: jsonb().$type<Record<string, string>>().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp({ withTimezone: true }),
  },
  (t) => [unique('webhook_events_event_key').on(t.provider, t.kind, t.eventKey)],
);
