import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from '../clients/clients.tables.ts';
import { users } from '../users/users.tables.ts';

/** DESIGN §1 mail: the embedded default keeps an outbox; the SMTP adapter sends from it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    clientId: uuid().references(() => clients.id),
    createdById: uuid().references(() => users.id),
    status: text({ enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_client_idx').on(t.clientId)],
);
