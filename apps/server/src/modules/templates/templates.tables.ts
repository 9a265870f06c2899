import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const TEMPLATE_TYPES = ['TEXT', 'EMAIL', 'LETTER'] as const;
/** The seeded templates the chat options send (SPEC §2 chat options) and the payment plans' reminder text. */
export const TEMPLATE_PURPOSES = [
  'REVIEW_MAIL',
  'REVIEW_TEXT',
  'WELCOME_TEXT',
  'MEETING_INSTRUCTIONS',
  'PAYMENT_REMINDER',
] as const;

/** SPEC §3 Template: content with placeholders (@clientFirstName, @clientLastName, @balance, …). */
export const templates = pgTable('templates', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull().unique(),
  content: text().notNull(),
  templateType: text({ enum: TEMPLATE_TYPES }).notNull(),
  /** Set on the templates a chat option sends; null for the firm's other templates. */
  purpose: text({ enum: TEMPLATE_PURPOSES }).unique(),
  /** A deactivated template is kept (sends and workflows name it) but no longer offered to senders. */
  active: boolean().notNull().default(true),
  /** A collection template: as a text or an e-mail it must carry an opt-out line (Regulation F §1006.6(e)). */
  collections: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
