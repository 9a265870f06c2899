import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import type { WebhookKind } from './webhook-handlers.ts';
import { webhookEvents } from './webhook-events.tables.ts';

export interface NewWebhookEvent {
  provider: string;
  kind: WebhookKind;
  eventKey: string;
  params: Record<string, string>;
}

export interface StoredWebhookEvent {
  id: string;
  /** False for a replay: the same provider, kind and key were stored before. */
  isNew: boolean;
  processed: boolean;
}

/** Stores a verified webhook once (DESIGN §7: idempotent); a replay returns the row stored first. */
export async function storeWebhookEvent(db: Db, event: NewWebhookEvent): Promise<StoredWebhookEvent> {
  const [inserted] = await db
    .insert(webhookEvents)
    .values(event)
    .onConflictDoNothing({ target: [webhookEvents.provider, webhookEvents.kind, webhookEvents.eventKey] })
    .returning({ id: webhookEvents.id });
  if (inserted) return { id: inserted.id, isNew: true, processed: false };
  const [existing] = await db
    .select({ id: webhookEvents.id, processedAt: webhookEvents.processedAt })
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.provider, event.provider),
        eq(webhookEvents.kind, event.kind),
        eq(webhookEvents.eventKey, event.eventKey),
      ),
    );
  if (!existing) throw new Error('webhook event vanished between insert and read');
  return { id: existing.id, isNew: false, processed: existing.processedAt !== null };
}

export async function findWebhookEvent(db: Db, id: string) {
  const [row] = await db
    .select({
      id: webhookEvents.id,
      kind: webhookEvents.kind,
      params: webhookEvents.params,
      processedAt: webhookEvents.processedAt,
    })
    .from(webhookEvents)
    .where(eq(webhookEvents.id, id));
  return row;
}

/** Marks an event done; false when another run got there first. */
export async function markWebhookEventProcessed(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(webhookEvents)
    .set({ processedAt: new Date() })
    .where(and(eq(webhookEvents.id, id), isNull(webhookEvents.processedAt)))
    .returning({ id: webhookEvents.id });
  return rows.length > 0;
}
