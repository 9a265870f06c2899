// Every table of the product, for Drizzle's relational queries and drizzle-kit.
export * from '../modules/offices/offices.tables.ts';
export * from '../modules/users/users.tables.ts';
export * from '../modules/access/access.tables.ts';
export * from '../modules/attorneys/attorneys.tables.ts';
export * from '../modules/dropdowns/dropdowns.tables.ts';
export * from '../modules/clients/clients.tables.ts';
export * from '../modules/inquiries/inquiries.tables.ts';
export * from '../modules/calls/calls.tables.ts';
export * from '../modules/sms/sms.tables.ts';
export * from '../platform/audit/audit.tables.ts';
export * from '../platform/files/files.tables.ts';
export * from '../platform/idp/idp.tables.ts';
export * from '../modules/tracking-lines/tracking-lines.tables.ts';
export * from '../modules/templates/templates.tables.ts';
export * from '../modules/mail/mail.tables.ts';
export * from '../modules/notifications/notifications.tables.ts';
export * from '../platform/providers/webhook-events.tables.ts';
