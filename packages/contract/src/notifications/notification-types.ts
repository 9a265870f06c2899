/** SPEC §3 Notification types. */
export const NOTIFICATION_TYPES = ['ACCOUNT', 'COLLECTION_SMS', 'SMS', 'DIRECT', 'CALL'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
