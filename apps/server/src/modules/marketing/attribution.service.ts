import { hasAccess, scopeOf } from '@casedesk/contract/access/permissions';
import type { AttributionReport, AttributionRequest, SpendEntry } from '@casedesk/contract/marketing/attribution';
import { attributionRows, attributionTotals } from '@casedesk/contract/marketing/attribution';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { countCallsBySourceMonth, countLeads, findSpend, insertSpend } from './attribution.repository.ts';

/**
 * POST /dnis/attribution: per source and month, calls and unique callers (each call under the mapping in
 * force when it came in, so a later re-map changes no past figure, in its office's month), leads with first
 * and last touch side by side, appointments set, signed cases, spend and cost per lead and per signed case,
 * and the fees collected on the leads' matters for callers who read cash flow (null for the others).
 */
export async function attributionReport(db: Db, actor: Actor, request: AttributionRequest): Promise<AttributionReport> {
  const scope = scopeOf(actor.permissions, 'TRACKING_LINE', 'READ', 'OFFICE');
  // Fees are cash flow: shown only to those who read it, and only from the offices they read it in.
  const feesReadable = hasAccess(actor.permissions, 'CASH_FLOW', 'READ');
  const feesScope = feesReadable ? scopeOf(actor.permissions, 'CASH_FLOW', 'READ', 'OFFICE') : null;
  const [calls, leads, spend] = await Promise.all([
    countCallsBySourceMonth(db, request, scope),
    countLeads(db, request, scope, feesScope),
    findSpend(db, request),
  ]);
  const items = attributionRows(calls, leads, spend, feesReadable);
  return {
    items,
    totalCount: items.length,
    pageNumber: 1,
    pageSize: Math.max(items.length, 1),
    totals: attributionTotals(items, leads, feesReadable),
  };
}

/** PUT /dnis/spend: a new entry for the source and month; earlier ones stay, the newest counts. */
export async function enterSpend(db: Db, actor: Actor, entry: SpendEntry) {
  return db.transaction(async (tx) => {
    const row = await insertSpend(tx, entry, actor.userId);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'marketingSpend.enter',
      entity: 'marketing_spend_entries',
      entityId: row.id,
      before: null,
      after: entry,
      ip: actor.ip,
      requestId: actor.requestId,
    });
    return {
      id: row.id,
      source: row.source,
      month: row.month,
      amountCents: Number(row.amountCents),
      enteredAt: row.enteredAt.toISOString(),
    };
  });
}
