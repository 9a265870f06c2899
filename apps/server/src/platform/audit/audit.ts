import type { Db } from '../db/database.ts';
import type { Actor } from '../auth/actor.ts';
import { auditEvents } from './audit.tables.ts';

export interface AuditEntry {
  actorId?: string | null;
  action: string;
  entity?: string;
  entityId?: string;
  before?: unknown;
  after?: unknown;
  ip?: string;
  requestId?: string;
  detail?: Record<string, unknown>;
}

/** Keys whose values never reach the audit trail (DESIGN §3 logs rule applies here too). */
const REDACTED_KEYS = new Set(['password', 'passwordHash', 'token', 'accessToken', 'refreshToken']);

export function redact(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value ?? null;
  // An instant as JSON says it (a Date has no own keys, so it would be written as {} and its time lost).
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(redact);
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, REDACTED_KEYS.has(k) ? '[redacted]' : redact(v)]),
  );
}

/** Appends one audit row; pass the transaction so the row commits or rolls back with the change. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({
    actorId: entry.actorId ?? null,
    action: entry.action,
    entity: entry.entity ?? null,
    entityId: entry.entityId ?? null,
    before: redact(entry.before),
    after: redact(entry.after),
    ip: entry.ip ?? null,
    requestId: entry.requestId ?? null,
    detail: entry.detail ?? null,
  });
}

/** What an export's audit row says: the module's entity, the record (one inquiry's PDF) and the filter as sent. */
export interface ExportAudit {
  entity: string;
  entityId?: string;
  detail: Record<string, unknown>;
}

/**
 * Who took which data out: every export is audited like a mutation (action `<entity>.export`), and before
 * its first byte leaves, so a failed audit is an error answer and never an unaudited download.
 */
export async function auditExport(
  db: Db,
  actor: Pick<Actor, 'userId' | 'ip' | 'requestId'>,
  { entity, entityId, detail }: ExportAudit,
): Promise<void> {
  await recordAudit(db, {
    actorId: actor.userId,
    action: `${entity}.export`,
    entity,
    entityId,
    ip: actor.ip,
    requestId: actor.requestId,
    detail,
  });
}
